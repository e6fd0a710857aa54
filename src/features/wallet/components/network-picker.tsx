import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { session } from '#web/stores/session.ts';
import { selectedNetwork } from '#web/wallet/chains.ts';
import { chooseNetwork, setProcess } from '#web/wallet/connection.ts';
import { writeErrorKey } from '#web/wallet/pipeline.ts';

/** The network picker: the first network is chosen when none is; a wallet switches first. */
export function NetworkPicker({ networks }: { networks: readonly Network[] }) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const { selectedNetworkId } = useSnapshot(session);
  const current = selectedNetwork(networks, selectedNetworkId);
  return (
    <div className="field wallet__network">
      <label htmlFor={id}>{t('network.label')}</label>
      <select
        id={id}
        value={current?.networkId ?? ''}
        onChange={(event) => {
          const network = networks.find((n) => n.networkId === Number(event.target.value));
          if (network) {
            chooseNetwork(network).catch((error: unknown) =>
              setProcess('error', writeErrorKey(error)),
            );
          }
        }}
      >
        {networks.map((n) => (
          <option key={n.networkId} value={n.networkId}>
            {n.name}
          </option>
        ))}
      </select>
    </div>
  );
}
