import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { amountText } from '#web/wallet/amounts.ts';
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
  const values = {
    short: amountText(p.wrap),
    keep: amountText(BID_GAS_RESERVE),
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
