import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Network } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ERROR_VALUES, type ErrorKey } from '#web/lib/errors.ts';
import { chooseNetwork } from './connection.ts';
import { writeErrorKey } from './pipeline.ts';

/**
 * 'Please switch to' a network, and the button that asks the wallet to switch (adding the chain
 * when the wallet does not know it): shown where an action would otherwise be signed on the
 * wrong chain (a trade panel on an item of another network, a wallet on a network we do not
 * use). Its screens load the 'wallet' strings (the wallet sidebar, the trade panels).
 */
export function SwitchNetworkPrompt({ network }: { network: Network }) {
  const { t } = useTranslation(['wallet', 'errors']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorKey | null>(null);
  return (
    <div className="switch-network">
      <p>{t('errors:pleaseSwitchTo', { network: network.name })}</p>
      <Button
        busy={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          chooseNetwork(network)
            .catch((e: unknown) => setError(writeErrorKey(e)))
            .finally(() => setBusy(false));
        }}
      >
        {t('wallet:network.switchTo', { network: network.name })}
      </Button>
      {error ? <p role="alert">{t(`errors:${error}`, ERROR_VALUES)}</p> : null}
    </div>
  );
}
