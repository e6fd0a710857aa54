import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyText } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { BID_GAS_RESERVE } from '../pricing.ts';

/**
 * The bid form's offer when the available WVBC is short of the bid (pricing.ts bidFunding): wrap
 * the difference from the account balance, BID_GAS_RESERVE of VBC staying there for gas, then the
 * allowance if it was never given, then the bid, all in one go.
 */
export function WrapOffer(p: {
  wrap: bigint;
  networkId: number;
  busy: boolean;
  onAccept: () => void;
}) {
  const { t } = useTranslation('trade');
  const symbols = useNetworkSymbols(p.networkId);
  const id = useId();
  // Written like every other amount (the language's decimal separator).
  const language = currentLanguage();
  const values = {
    short: moneyText(p.wrap, language),
    keep: moneyText(BID_GAS_RESERVE, language),
    native: symbols.native,
    wrapped: symbols.wrapped,
  };
  return (
    <div className="trade__step">
      <p id={id} aria-live="polite">
        {t('bid.wrapOffer', values)}
      </p>
      <Button type="button" busy={p.busy} onClick={p.onAccept} aria-describedby={id}>
        {t('bid.wrapAndBid', values)}
      </Button>
    </div>
  );
}
