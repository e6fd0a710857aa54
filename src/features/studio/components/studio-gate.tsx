import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';
import type { StudioContext } from '../actions.ts';
import { useStudio } from './use-studio.ts';

/** What a studio screen needs first: a network with a collection factory and a connected wallet. */
export function StudioGate({ children }: { children: (ctx: StudioContext) => ReactNode }) {
  const { t } = useTranslation('studio');
  const { network, ctx } = useStudio();
  if (network && !network.collectionFactoryAddress) {
    return <p className="studio__notice">{t('noFactory')}</p>;
  }
  if (!ctx) return <p className="studio__notice">{t('connect')}</p>;
  return <>{children(ctx)}</>;
}

/** The partner's forms need a signed-in account too: uploads are stored with it. */
export function SignedIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation('studio');
  const { signedIn } = useStudio();
  if (signedIn) return <>{children}</>;
  return (
    <p className="studio__notice">
      {t('signIn')} <Link to={paths.signIn.build({})}>{t('signInLink')}</Link>
    </p>
  );
}
