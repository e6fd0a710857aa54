import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { session } from '#web/stores/session.ts';
import { groupNetworks, selectedNetwork } from '#web/wallet/chains.ts';
import { chooseNetwork, setProcess } from '#web/wallet/connection.ts';
import { writeErrorKey } from '#web/wallet/pipeline.ts';

/**
 * The network picker, the networks by group (mainnet, testnet, devnet): the first listed network
 * is chosen when none is, the choice is kept with the session (src/lib/db/session-store.ts); a
 * connected wallet switches first (a browser wallet adds the chain it does not know, the platform
 * wallet moves to the network's RPC), so a refused switch leaves the choice as it was.
 */
export function NetworkPicker({ networks }: { networks: readonly Network[] }) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const { selectedNetworkId } = useSnapshot(session);
  const [switching, setSwitching] = useState(false);
  const current = selectedNetwork(networks, selectedNetworkId);
  const choose = (network: Network) => {
    setSwitching(true);
    chooseNetwork(network)
      .catch((error: unknown) => setProcess('error', writeErrorKey(error)))
      .finally(() => setSwitching(false));
  };
  return (
    <div className="field wallet__network">
      <label htmlFor={id}>{t('network.label')}</label>
      <select
        id={id}
        value={current?.networkId ?? ''}
        disabled={switching}
        aria-busy={switching || undefined}
        data-testid="network-picker"
        onChange={(event) => {
          const network = networks.find((n) => n.networkId === Number(event.target.value));
          if (network) choose(network);
        }}
      >
        {groupNetworks(networks).map((g) => (
          <optgroup key={g.group} label={t(`network.group.${g.group}`)}>
            {g.networks.map((n) => (
              <option key={n.networkId} value={n.networkId}>
                {n.name} ({n.nativeSymbol})
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
