import { useTranslation } from 'react-i18next';
import { formatAmount, localizeDecimal } from '#shared/money.ts';
import { currentLanguage } from '#web/lib/i18n.ts';

/**
 * An amount in its network's coin (`symbol`, from src/lib/networks.ts: VBC/WVBC, BNB/WBNB) with
 * 4 decimals, '~' when rounded, the exact value in a tooltip (hover and focus):
 * docs/product-rules.md, Constants.
 */
export function Amount({ wei, symbol }: { wei: bigint; symbol: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { text, rounded, full } = formatAmount(wei);
  const shown = localizeDecimal(text, language);
  if (!rounded) {
    return (
      <span className="amount">
        {shown} {symbol}
      </span>
    );
  }
  const exact = t('amount.exact', { value: localizeDecimal(full, language), symbol });
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users get the tooltip
    <span className="amount amount--rounded" title={exact} tabIndex={0} data-tooltip={exact}>
      {shown} {symbol}
      <span className="visually-hidden">{` (${exact})`}</span>
    </span>
  );
}
