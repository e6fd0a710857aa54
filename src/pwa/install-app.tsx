import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { hasStored } from '../lib/db/presence.ts';
import { sessionActions } from '../stores/session.ts';
import { installState, isIos, promptInstall } from './install-prompt.ts';
import { loadOutbox } from './outbox/state.ts';

/**
 * The download-app page's installation part: the browser's install dialog when it
 * offered one (`beforeinstallprompt`), Add to Home Screen steps for iOS Safari, and what this
 * device keeps for offline use with a way to clear it (CLEAN_STORE).
 */
export function InstallApp() {
  const { t } = useTranslation('pwa');
  const { canInstall, installed } = useSnapshot(installState);
  const ios = isIos();
  return (
    <>
      <section className="install" aria-labelledby="install-title">
        <h2 id="install-title">{t('install.title')}</h2>
        <p>{t('install.intro')}</p>
        {installed ? (
          <p role="status">{t('install.installed')}</p>
        ) : canInstall ? (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void promptInstall()}
            data-testid="install-button"
          >
            {t('install.button')}
          </button>
        ) : ios ? null : (
          <p className="muted">{t('install.notOffered')}</p>
        )}
        <h3>{t('install.iosTitle')}</h3>
        <ol>
          <li>{t('install.iosStep1')}</li>
          <li>{t('install.iosStep2')}</li>
          <li>{t('install.iosStep3')}</li>
        </ol>
      </section>
      <DeviceData />
    </>
  );
}

function DeviceData() {
  const { t } = useTranslation('pwa');
  const [count, setCount] = useState<number | null>(null);
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    let live = true;
    let stop = () => {};
    if (!hasStored('history')) {
      setCount(0);
      return;
    }
    void import('../lib/db/history.ts').then((m) => {
      const read = () =>
        m.countHistory().then(
          (n) => live && setCount(n),
          () => live && setCount(0),
        );
      stop = m.onHistoryChange(() => void read());
      void read();
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return (
    <section className="install" aria-labelledby="device-data-title">
      <h2 id="device-data-title">{t('data.title')}</h2>
      {count === null ? null : <p>{t('data.summary', { count })}</p>}
      <p className="muted">{t('data.clearNote')}</p>
      <button
        type="button"
        className="btn btn--secondary"
        data-testid="clean-store"
        onClick={() => {
          setCleared(false);
          void loadOutbox()
            .then((outbox) => outbox.dropOutboxAfterAsking())
            .then(async (agreed) => {
              if (!agreed) return;
              await sessionActions.CLEAN_STORE();
              setCleared(true);
            });
        }}
      >
        {t('data.clear')}
      </button>
      {cleared ? <p role="status">{t('data.cleared')}</p> : null}
    </section>
  );
}
