import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { errorKeyOf } from '#web/lib/errors.ts';
import { useUpdateInfo } from '../api/account.ts';

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/** The profile's Edit tab: name, bio, avatar and banner (files left empty keep the old ones). */
export function EditProfileForm({ account }: { account: Account }) {
  const { t } = useTranslation(['pages', 'errors', 'common']);
  const [error, setError] = useState<'compulsoryField' | null>(null);
  const mutation = useUpdateInfo();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (!String(form.get('username') ?? '').trim()) {
      setError('compulsoryField');
      return;
    }
    setError(null);
    for (const key of ['avatar', 'banner']) {
      const file = form.get(key);
      if (file instanceof File && file.size === 0) form.delete(key);
    }
    mutation.mutate(form);
  };
  return (
    <form
      className="form main--narrow"
      onSubmit={onSubmit}
      noValidate
      encType="multipart/form-data"
    >
      <TextField
        label={t('profile.username')}
        name="username"
        defaultValue={account.username}
        required
        error={error ?? undefined}
        autoComplete="username"
      />
      <TextAreaField label={t('profile.bio')} name="bio" defaultValue={account.bio} rows={3} />
      <TextField label={t('profile.avatar')} name="avatar" type="file" accept={IMAGE_TYPES} />
      <TextField label={t('profile.banner')} name="banner" type="file" accept={IMAGE_TYPES} />
      <FormError error={mutation.isError ? errorKeyOf(mutation.error) : null} />
      {mutation.isSuccess ? (
        <p role="status" className="form__ok">
          {t('profile.saved')}
        </p>
      ) : null}
      <Button type="submit" busy={mutation.isPending}>
        {t('common:action.save')}
      </Button>
    </form>
  );
}
