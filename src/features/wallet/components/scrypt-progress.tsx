import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { walletUi } from '#web/wallet/connection.ts';

/**
 * The keystore worker's progress (encrypting or decrypting). Its own component, so each update
 * re-renders this bar only, never the form around it: the main thread stays free while scrypt
 * runs.
 */
export function ScryptProgress({ label }: { label: 'create.saving' | 'unlock.progress' }) {
  const { t } = useTranslation('wallet');
  const { progress } = useSnapshot(walletUi);
  if (progress === null) return null;
  return (
    <progress
      max={1}
      value={progress}
      aria-label={t(label, { percent: Math.round(progress * 100) })}
    />
  );
}
