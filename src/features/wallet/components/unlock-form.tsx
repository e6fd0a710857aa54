import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Network, Wallet } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import type { ErrorKey } from '#web/lib/errors.ts';
import { RequiresNetwork } from '#web/pwa/requires-network.tsx';
import { writeErrorKey } from '#web/wallet/pipeline.ts';
import { ScryptProgress } from './scrypt-progress.tsx';

/**
 * Activation of a platform wallet: the passphrase is required ('Require'), Enter submits, the
 * keystore is decrypted in a Web Worker (progress shown); any failure shows the error and
 * resets the form.
 */
export function UnlockForm({ wallet, networks }: { wallet: Wallet; networks: readonly Network[] }) {
  const { t } = useTranslation('wallet');
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<ErrorKey | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!passphrase) {
      setError('require');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const { activatePlatformWallet } = await import('#web/wallet/platform-wallet.ts');
      await activatePlatformWallet(wallet, passphrase, networks);
    } catch (cause) {
      const key = writeErrorKey(cause);
      setError(key === 'txRejected' || key === 'validation' ? 'wrongPassword' : key);
      setPassphrase('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="wallet__unlock" onSubmit={submit} noValidate>
      <TextField
        label={t('unlock.passphrase', { name: wallet.name })}
        type="password"
        autoComplete="current-password"
        value={passphrase}
        onChange={(e) => setPassphrase(e.target.value)}
        error={error}
        required
      />
      {busy ? <ScryptProgress label="unlock.progress" /> : null}
      <RequiresNetwork>
        {(offline) => (
          <Button type="submit" busy={busy} disabled={offline}>
            {t('unlock.submit')}
          </Button>
        )}
      </RequiresNetwork>
    </form>
  );
}
