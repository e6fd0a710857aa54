import type { Network } from '#shared/schemas/entities.ts';
import { SwitchNetworkPrompt } from '#web/wallet/switch-network.tsx';

/** In place of a trade on an item of another network: switch to that network first. */
export function SwitchFirst({ network }: { network: Network }) {
  return (
    <div className="trade" data-testid="switch-first">
      <SwitchNetworkPrompt network={network} />
    </div>
  );
}
