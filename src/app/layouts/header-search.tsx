import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '#web/config/paths.ts';

/** The search box of the header and the side menu: opens the search page with the words. */
export function HeaderSearch({ className }: { className?: string }) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const id = useId();
  return (
    <search className={className}>
      <form
        className="search-form"
        onSubmit={(e) => {
          e.preventDefault();
          const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
          if (q) navigate(`${paths.search.build({})}?q=${encodeURIComponent(q)}`);
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t('search.label')}
        </label>
        <input id={id} name="q" type="search" placeholder={t('search.placeholder')} />
        <button type="submit" className="btn btn--ghost">
          {t('search.submit')}
        </button>
      </form>
    </search>
  );
}
