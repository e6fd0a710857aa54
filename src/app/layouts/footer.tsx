import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { SUPPORT_EMAIL } from '#web/config/site.ts';
import { LanguageSwitch } from './language-switch.tsx';

/** The footer: parent company, contact, legal links, language choice, copyright. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="footer__grid">
        <section>
          <h2 className="footer__title">{t('footer.company')}</h2>
          <p>{t('footer.companyBlurb')}</p>
        </section>
        <section>
          <h2 className="footer__title">{t('footer.contact')}</h2>
          <ul>
            <li>
              {t('footer.email')}: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </li>
            <li>
              {t('footer.address')}: {t('footer.companyAddress')}
            </li>
            <li>
              <Link to={paths.support.build({})}>{t('nav.support')}</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2 className="footer__title">{t('footer.legal')}</h2>
          <ul>
            <li>
              <Link to={`${paths.support.build({})}#privacy`}>{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to={`${paths.support.build({})}#terms`}>{t('footer.terms')}</Link>
            </li>
          </ul>
        </section>
        <section>
          <LanguageSwitch />
        </section>
      </div>
      <p className="footer__copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
