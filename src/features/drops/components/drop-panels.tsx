/**
 * The acting part of a drop's page, loaded lazily with its chain code (ethers): buying while the
 * sale is open, the user's items, a magic bag's reveal and its check, and the partner's tools.
 * Without a wallet it asks for one (the reveal check needs none); on another network it asks to
 * switch first. Confirmations stay in view once a panel changed (OutcomeScope).
 */
import { useTranslation } from 'react-i18next';
import type { DropDetail } from '#shared/schemas/drops.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { SwitchNetworkPrompt } from '#web/wallet/switch-network.tsx';
import { useSwitchFirst } from '#web/wallet/use-switch-first.ts';
import { OutcomeScope } from '#web/wallet/write/outcome-scope.tsx';
import { BagPanel } from './bag-panel.tsx';
import { BuyPanel } from './buy-panel.tsx';
import { MyItems } from './my-items.tsx';
import { PartnerPanel } from './partner-panel.tsx';
import { useChainNow, useDropContext } from './use-drops.ts';

export default function DropPanels({ drop, network }: { drop: DropDetail; network: Network }) {
  return (
    <OutcomeScope box="drop__box">
      <Panels drop={drop} network={network} />
    </OutcomeScope>
  );
}

function Panels({ drop, network }: { drop: DropDetail; network: Network }) {
  const { t } = useTranslation('drops');
  const ctx = useDropContext(drop.networkId);
  const switchTo = useSwitchFirst(drop.networkId);
  const now = useChainNow(network);
  const bag =
    drop.kind === 'MAGIC_BAG' ? (
      <BagPanel ctx={ctx} network={network} drop={drop} now={now} />
    ) : null;
  if (!ctx) {
    return (
      <>
        <p className="drop__box">{t('buy.connect')}</p>
        {bag}
      </>
    );
  }
  if (switchTo) {
    return (
      <div className="drop__box">
        <SwitchNetworkPrompt network={switchTo} />
      </div>
    );
  }
  const partner = ctx.address.toLowerCase() === drop.partner.toLowerCase();
  return (
    <>
      {partner ? null : <BuyPanel ctx={ctx} drop={drop} now={now} />}
      <MyItems ctx={ctx} drop={drop} now={now} />
      {bag}
      {partner ? <PartnerPanel ctx={ctx} drop={drop} now={now} /> : null}
    </>
  );
}
