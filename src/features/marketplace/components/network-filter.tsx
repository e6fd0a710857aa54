import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetworks } from '#web/lib/networks.ts';

/**
 * The full lists' network: all networks (each card then names its chain) or one, by its id.
 * Shown only while more than one network is listed.
 */
export function NetworkFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const { t } = useTranslation('market');
  const id = useId();
  const networks = useNetworks().data ?? [];
  if (networks.length < 2) return null;
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{t('field.network')}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      >
        <option value="">{t('list.allNetworks')}</option>
        {networks.map((n) => (
          <option key={n.networkId} value={n.networkId}>
            {n.name}
          </option>
        ))}
      </select>
    </div>
  );
}
