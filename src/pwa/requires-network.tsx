import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from './online.ts';

/**
 * Wraps an action that needs the network (buy, bid, wrap, sign-in): offline, the child gets
 * `disabled = true` and a message says why, instead of failing silently.
 *   <RequiresNetwork>{(disabled) => <Button disabled={disabled}>…</Button>}</RequiresNetwork>
 */
export function RequiresNetwork({ children }: { children: (disabled: boolean) => ReactNode }) {
  const online = useOnline();
  const { t } = useTranslation('pwa');
  return (
    <>
      {children(!online)}
      {online ? null : (
        <p className="requires-network" role="status">
          {t('offline.actionDisabled')}
        </p>
      )}
    </>
  );
}
