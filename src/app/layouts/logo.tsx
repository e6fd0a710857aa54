import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';

/**
 * The logo, a link home. Its name starts with the visible text (WCAG 2.5.3 label in name: the
 * text shows from 480 px), the rest of the name hidden visually.
 */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to={paths.marketplace.build({})} className="logo">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M8 9l8 15 8-15h-4l-4 8-4-8z" fill="#fff" />
      </svg>
      <span className="logo__text">VBChain NFT</span>
      <span className="visually-hidden">{` ${t('nav.homeSuffix')}`}</span>
    </Link>
  );
}
