import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '#shared/rules.ts';
import { TextField } from '#web/components/ui/field.tsx';
import type { ErrorKey } from '#web/lib/errors.ts';

type Props = {
  /** Field names in the form (the confirmation is always `confirm`). */
  name: string;
  label: string;
  confirmLabel: string;
  error: ErrorKey | undefined;
  confirmError: ErrorKey | undefined;
};

/** A new password and its confirmation, with the length rule as the hint (sign-up, change). */
export function NewPasswordFields({ name, label, confirmLabel, error, confirmError }: Props) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        hint={t('password.rule', { min: MIN_PASSWORD_LENGTH })}
        error={error}
      />
      <TextField
        label={confirmLabel}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={confirmError}
      />
    </>
  );
}
