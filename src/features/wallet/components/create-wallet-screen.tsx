import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { FormError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { paths } from '#web/config/paths.ts';
import type { ErrorKey } from '#web/lib/errors.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { RequiresNetwork } from '#web/pwa/requires-network.tsx';
import { uiActions } from '#web/stores/ui.ts';
import { walletUi } from '#web/wallet/connection.ts';
import { writeErrorKey } from '#web/wallet/pipeline.ts';
import {
  keyFromPhrase,
  newPhrase,
  parsePhrase,
  type UnlockedKey,
} from '#web/wallet/platform/keystore.ts';
import { decryptInWorker } from '#web/wallet/platform/scrypt-worker-client.ts';
import { createAndConnect } from '#web/wallet/platform-wallet.ts';
import './wallet.css';
import { ApprovalDialog } from './approval-dialog.tsx';
import { checkPassphrase, PassphraseFields, type PassphraseValues } from './passphrase-fields.tsx';
import { PhraseConfirm, PhraseView } from './phrase-steps.tsx';
import { ScryptProgress } from './scrypt-progress.tsx';

type Mode = 'new' | 'phrase' | 'keystore';
type Step =
  | { kind: 'start' }
  | { kind: 'phrase'; phrase: string }
  | { kind: 'confirm'; phrase: string }
  | { kind: 'done' };

type StartValues = {
  mode: Mode;
  name: string;
  phrase: string;
  file: string;
  filePassword: string;
  pass: PassphraseValues;
};
type StartErrors = Partial<
  Record<'phrase' | 'file' | 'filePassword' | 'passphrase' | 'confirm', ErrorKey>
>;

function ModePicker({ mode, onChange }: { mode: Mode; onChange: (m: Mode) => void }) {
  const { t } = useTranslation('wallet');
  return (
    <fieldset className="field">
      <legend>{t('create.mode')}</legend>
      {(['new', 'phrase', 'keystore'] as const).map((m) => (
        <label key={m} className="radio">
          <input
            type="radio"
            name="mode"
            value={m}
            checked={mode === m}
            onChange={() => onChange(m)}
          />
          {t(
            m === 'new'
              ? 'create.modeNew'
              : m === 'phrase'
                ? 'create.modePhrase'
                : 'create.modeKeystore',
          )}
        </label>
      ))}
    </fieldset>
  );
}

function validateStart(v: StartValues): StartErrors {
  const errors: StartErrors = { ...checkPassphrase(v.pass) };
  if (v.mode === 'phrase')
    errors.phrase = !v.phrase.trim() ? 'require' : parsePhrase(v.phrase) ? undefined : 'invalid';
  if (v.mode === 'keystore') {
    if (!v.file) errors.file = 'require';
    if (!v.filePassword) errors.filePassword = 'require';
  }
  return errors;
}

function ImportFields({
  v,
  set,
  errors,
}: {
  v: StartValues;
  set: (v: StartValues) => void;
  errors: StartErrors;
}) {
  const { t } = useTranslation('wallet');
  if (v.mode === 'phrase') {
    return (
      <TextAreaField
        label={t('create.phraseInput')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={v.phrase}
        onChange={(e) => set({ ...v, phrase: e.target.value })}
        error={errors.phrase}
        required
      />
    );
  }
  if (v.mode !== 'keystore') return null;
  return (
    <>
      <TextField
        label={t('create.keystoreFile')}
        type="file"
        accept="application/json,.json"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void file.text().then((text) => set({ ...v, file: text }));
        }}
        error={errors.file}
        required
      />
      <TextField
        label={t('create.keystorePassword')}
        type="password"
        autoComplete="off"
        value={v.filePassword}
        onChange={(e) => set({ ...v, filePassword: e.target.value })}
        error={errors.filePassword}
        required
      />
    </>
  );
}

/**
 * /create-wallet: a platform wallet made in the browser. A new phrase (shown, then proved by
 * three of its words), an imported phrase or an imported keystore file; a passphrase that
 * encrypts the key here as a v3 keystore (scrypt in a Web Worker). Only the keystore and a
 * passphrase check reach the server.
 */
export function CreateWalletScreen() {
  const { t } = useTranslation('wallet');
  const networks = useQuery(networksQueryOptions());
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [values, setValues] = useState<StartValues>({
    mode: 'new',
    name: t('create.defaultName'),
    phrase: '',
    file: '',
    filePassword: '',
    pass: { passphrase: '', confirm: '' },
  });
  const [errors, setErrors] = useState<StartErrors>({});
  const [failure, setFailure] = useState<ErrorKey | null>(null);
  const [busy, setBusy] = useState(false);
  const finish = async (key: () => Promise<UnlockedKey>) => {
    setBusy(true);
    setFailure(null);
    try {
      await createAndConnect(
        await key(),
        values.pass.passphrase,
        values.name.trim() || t('create.defaultName'),
        networks.data ?? [],
      );
      setStep({ kind: 'done' });
    } catch (error) {
      setFailure(writeErrorKey(error) === 'txRejected' ? 'invalid' : writeErrorKey(error));
    } finally {
      walletUi.progress = null;
      setBusy(false);
    }
  };
  const start = (event: FormEvent) => {
    event.preventDefault();
    const found = validateStart(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (values.mode === 'new') setStep({ kind: 'phrase', phrase: newPhrase() });
    else if (values.mode === 'phrase')
      void finish(async () => keyFromPhrase(parsePhrase(values.phrase)!));
    else
      void finish(() =>
        decryptInWorker(values.file, values.filePassword, (f) => {
          walletUi.progress = f;
        }),
      );
  };
  const saving = busy ? <ScryptProgress label="create.saving" /> : null;
  if (step.kind === 'done') {
    return (
      <section>
        <p role="status">{t('create.done')}</p>
        <ButtonLink to={paths.marketplace.build({})} onClick={uiActions.OPEN_WALLET}>
          {t('create.open')}
        </ButtonLink>
      </section>
    );
  }
  if (step.kind === 'phrase')
    return (
      <PhraseView
        phrase={step.phrase}
        onNext={() => setStep({ kind: 'confirm', phrase: step.phrase })}
      />
    );
  if (step.kind === 'confirm') {
    return (
      <>
        <PhraseConfirm
          phrase={step.phrase}
          onBack={() => setStep({ kind: 'phrase', phrase: step.phrase })}
          onConfirmed={() => void finish(async () => keyFromPhrase(step.phrase))}
        />
        {saving}
        <FormError error={failure} />
        <ApprovalDialog />
      </>
    );
  }
  return (
    <form onSubmit={start} noValidate className="form">
      <ModePicker mode={values.mode} onChange={(mode) => setValues({ ...values, mode })} />
      <TextField
        label={t('create.name')}
        value={values.name}
        onChange={(e) => setValues({ ...values, name: e.target.value })}
      />
      <ImportFields v={values} set={setValues} errors={errors} />
      <PassphraseFields
        values={values.pass}
        onChange={(pass) => setValues({ ...values, pass })}
        errors={errors}
      />
      <RequiresNetwork>
        {(offline) => (
          <Button type="submit" busy={busy} disabled={offline}>
            {values.mode === 'new' ? t('create.next') : t('create.create')}
          </Button>
        )}
      </RequiresNetwork>
      {saving}
      <FormError error={failure} />
      <ApprovalDialog />
    </form>
  );
}
