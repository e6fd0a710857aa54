import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FAKE_PASSPHRASE_DISPLAY_MS } from '#shared/rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import type { ErrorKey } from '#web/lib/errors.ts';

export type PassphraseValues = { passphrase: string; confirm: string };

export function checkPassphrase(v: PassphraseValues): {
  passphrase?: ErrorKey;
  confirm?: ErrorKey;
} {
  if (!v.passphrase) return { passphrase: 'require' };
  if (!v.confirm) return { confirm: 'require' };
  if (v.confirm !== v.passphrase) return { confirm: 'passwordMismatch' };
  return {};
}

/**
 * The passphrase pair. The passphrase is masked (bullets, a fake rendering) unless the user asks
 * to see it, and then it shows in clear for at most 60 seconds before it is masked again on its
 * own (FAKE_PASSPHRASE_DISPLAY_MS).
 */
export function PassphraseFields({
  values,
  onChange,
  errors,
}: {
  values: PassphraseValues;
  onChange: (v: PassphraseValues) => void;
  errors: { passphrase?: ErrorKey; confirm?: ErrorKey };
}) {
  const { t } = useTranslation('wallet');
  const [shownUntil, setShownUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (shownUntil === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= shownUntil) setShownUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [shownUntil]);
  const shown = shownUntil !== null && now < shownUntil;
  const seconds = shown ? Math.ceil((shownUntil - now) / 1000) : 0;
  const type = shown ? 'text' : 'password';
  return (
    <>
      <TextField
        label={t('create.passphrase')}
        hint={t('create.passphraseHint')}
        type={type}
        autoComplete="new-password"
        value={values.passphrase}
        onChange={(e) => onChange({ ...values, passphrase: e.target.value })}
        error={errors.passphrase}
        required
      />
      <TextField
        label={t('create.passphraseConfirm')}
        type={type}
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => onChange({ ...values, confirm: e.target.value })}
        error={errors.confirm}
        required
      />
      <Button
        variant="ghost"
        aria-pressed={shown}
        onClick={() => {
          setNow(Date.now());
          setShownUntil(shown ? null : Date.now() + FAKE_PASSPHRASE_DISPLAY_MS);
        }}
      >
        {shown ? t('create.hide') : t('create.show')}
      </Button>
      {shown ? <p role="status">{t('create.shown', { seconds })}</p> : null}
    </>
  );
}
