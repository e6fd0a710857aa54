import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from '#web/lib/i18n.ts';

/** The vi/en switch of the header and the footer; the choice is remembered. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={`lang-switch${compact ? ' lang-switch--compact' : ''}`}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : undefined}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void changeLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {compact ? lng.toUpperCase() : t(`language.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
