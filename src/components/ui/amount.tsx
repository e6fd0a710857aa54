import { useTranslation } from 'react-i18next';
import { currentLanguage, INTL_LOCALE } from '../../lib/i18n.ts';
import { formatAmount } from '../../lib/money.ts';

/** Writes money.ts' decimal text ('~1.2346') with the language's separators ('~1,2346' in vi). */
export function localizeDecimal(text: string, locale: string): string {
  const match = /^(~?)(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, tilde, minus, whole, fraction] = match;
  const nf = new Intl.NumberFormat(locale);
  const decimal = nf.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return `${tilde}${minus}${nf.format(BigInt(whole ?? '0'))}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** spec §9: 4 decimals, '~' when rounded, the exact value in a tooltip (hover and focus). */
export function Amount({ wei, symbol = 'VBC' }: { wei: bigint; symbol?: string }) {
  const { t } = useTranslation();
  const locale = INTL_LOCALE[currentLanguage()];
  const { text, rounded, full } = formatAmount(wei);
  const shown = localizeDecimal(text, locale);
  if (!rounded) {
    return (
      <span className="amount">
        {shown} {symbol}
      </span>
    );
  }
  const exact = t('amount.exact', { value: localizeDecimal(full, locale), symbol });
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users get the tooltip
    <span className="amount amount--rounded" title={exact} tabIndex={0} data-tooltip={exact}>
      {shown} {symbol}
      <span className="visually-hidden">{` (${exact})`}</span>
    </span>
  );
}
