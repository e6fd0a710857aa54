import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';
import type { StudioContext } from '../actions.ts';
import { useStudio } from './use-studio.ts';

/**
 * What a studio screen needs before its forms: a signed-in account (uploads are stored with
 * it), a network with a collection factory and a connected wallet. Says which is missing.
 */
export function StudioGate({
  needsSignIn,
  children,
}: {
  needsSignIn: boolean;
  children: (ctx: StudioContext) => ReactNode;
}) {
  const { t } = useTranslation('studio');
  const { signedIn, network, ctx } = useStudio();
  if (needsSignIn && !signedIn) {
    return (
      <p className="studio__notice">
        {t('signIn')} <Link to={paths.signIn.build({})}>{t('signInLink')}</Link>
      </p>
    );
  }
  if (network && !network.collectionFactoryAddress) {
    return <p className="studio__notice">{t('noFactory')}</p>;
  }
  if (!ctx) return <p className="studio__notice">{t('connect')}</p>;
  return <>{children(ctx)}</>;
}
