import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NFT_STATUSES, type NftStatus } from '#shared/enums.ts';
/** The four statuses (on sale, not for sale, incoming, sold), plus "all". */
export function StatusFilter({
  value,
  onChange,
}: {
  value: NftStatus | undefined;
  onChange: (value: NftStatus | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{t('filter.status')}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as NftStatus | undefined)}
      >
        <option value="">{t('filter.allStatuses')}</option>
        {NFT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`status.${s}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
