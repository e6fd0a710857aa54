import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { uiActions } from '#web/stores/ui.ts';
import type { StudioContext } from '../actions.ts';
import { useStudio } from './use-studio.ts';

/** What a studio screen needs first: a network with a collection factory and a connected wallet. */
export function StudioGate({ children }: { children: (ctx: StudioContext) => ReactNode }) {
  const { t } = useTranslation(['studio', 'common']);
  const { network, ctx } = useStudio();
  if (network && !network.collectionFactoryAddress) {
    return <p className="studio__notice">{t('noFactory')}</p>;
  }
  // The way to connect right here, not a pointer to a button at the top of the page.
  if (!ctx) {
    return (
      <div className="studio__notice">
        <p>{t('connect')}</p>
        <button type="button" className="btn btn--primary" onClick={uiActions.OPEN_WALLET}>
          {t('common:wallet.connect')}
        </button>
      </div>
    );
  }
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
