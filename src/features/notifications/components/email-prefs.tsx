import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { LANGUAGES } from '#web/lib/i18n.ts';
import { type NotificationPrefs, usePrefs, useSavePrefs } from '../api/notifications.ts';

const SWITCHES = ['emailOutbid', 'emailWon', 'emailSold', 'emailDrops'] as const;

/** Which notifications also come by e-mail, and the language of those mails. */
export function EmailPrefs({ token }: { token: string }) {
  const { t } = useTranslation(['notifications', 'common']);
  const query = usePrefs(token);
  const save = useSavePrefs();
  const [draft, setDraft] = useState<NotificationPrefs | null>(null);
  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);
  if (!draft) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft);
  };
  return (
    <section className="notif-prefs" aria-labelledby="notif-prefs-title">
      <h2 id="notif-prefs-title">{t('prefs.title')}</h2>
      <p>{t('prefs.intro')}</p>
      <form onSubmit={submit}>
        {SWITCHES.map((key) => (
          <label key={key}>
            <input
              type="checkbox"
              checked={draft[key] ?? true}
              onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
            />
            {t(`prefs.${key}`)}
          </label>
        ))}
        <label>
          {t('prefs.lang')}
          <select
            value={draft.lang}
            onChange={(e) =>
              setDraft({ ...draft, lang: e.target.value as NotificationPrefs['lang'] })
            }
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`common:language.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" busy={save.isPending}>
          {t('prefs.save')}
        </Button>
        <p role="status">{save.isSuccess ? t('prefs.saved') : ''}</p>
      </form>
    </section>
  );
}
