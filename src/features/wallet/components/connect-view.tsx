import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { RequiresNetwork } from '#web/pwa/requires-network.tsx';
import { session } from '#web/stores/session.ts';
import { uiActions } from '#web/stores/ui.ts';
import { connectInjected, setProcess } from '#web/wallet/connection.ts';
import type { Eip6963Detail } from '#web/wallet/connectors/injected.ts';
import { writeErrorKey } from '#web/wallet/pipeline.ts';
import { accountWalletsQueryOptions } from '../api/wallets.ts';
import { UnlockForm } from './unlock-form.tsx';
import { WalletConnectOption } from './walletconnect-option.tsx';

function PlatformWallets({ networks }: { networks: readonly Network[] }) {
  const { t } = useTranslation('wallet');
  const { account } = useSnapshot(session);
  const wallets = useQuery({
    ...accountWalletsQueryOptions(account.data?.token ?? null),
    enabled: account.isSignedIn,
  });
  const platform = (wallets.data ?? []).filter((w) => w.platform === 0);
  return (
    <section className="wallet__section" aria-labelledby="wallet-platform">
      <h3 id="wallet-platform">{t('connect.platformTitle')}</h3>
      {!account.isSignedIn ? <p>{t('connect.signInForPlatform')}</p> : null}
      {account.isSignedIn && wallets.isSuccess && platform.length === 0 ? (
        <p>{t('connect.none')}</p>
      ) : null}
      {platform.map((w) => (
        <UnlockForm key={w._id} wallet={w} networks={networks} />
      ))}
      <Link to={paths.createWallet.build({})} onClick={uiActions.CLOSE_WALLET}>
        {t('connect.create')}
      </Link>
    </section>
  );
}

/** The last search's answer: a later opening of the view starts from it. */
let lastFound: Eip6963Detail[] | null = null;

/** The browser's EIP-6963 wallets (extensions), searched when the view opens; null at first. */
function useInjected(): Eip6963Detail[] | null {
  const [found, setFound] = useState<Eip6963Detail[] | null>(lastFound);
  useEffect(() => {
    let live = true;
    void import('#web/wallet/connectors/injected.ts')
      .then((m) => m.discoverInjected())
      .then((list) => {
        lastFound = list;
        if (live) setFound(list);
      });
    return () => {
      live = false;
    };
  }, []);
  return found;
}

function BrowserWallets(p: { networks: readonly Network[]; found: Eip6963Detail[] | null }) {
  const { t } = useTranslation(['wallet', 'errors']);
  const { found, networks } = p;
  return (
    <section className="wallet__section" aria-labelledby="wallet-browser">
      <h3 id="wallet-browser">{t('connect.browserTitle')}</h3>
      {/* Not an error: the other ways to connect are offered above. */}
      {found?.length === 0 ? <p>{t('connect.noExtension')}</p> : null}
      <RequiresNetwork>
        {(offline) =>
          found?.map((d) => (
            <Button
              key={d.info.rdns}
              variant="secondary"
              className="wallet__option"
              disabled={offline}
              onClick={() => {
                setProcess('loading');
                connectInjected(d, networks).catch((error: unknown) =>
                  setProcess('error', writeErrorKey(error)),
                );
              }}
            >
              {d.info.icon ? <img src={d.info.icon} alt="" width="24" height="24" /> : null}
              {t('connect.connectTo', { name: d.info.name })}
            </Button>
          ))
        }
      </RequiresNetwork>
    </section>
  );
}

const isPhone = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * Connect view: platform wallets (each asks for its passphrase), the browser wallets and
 * WalletConnect. On a phone, or with no wallet extension in the browser, WalletConnect comes
 * first and the browser wallets last, with no error for having none.
 */
export function ConnectView({ networks }: { networks: readonly Network[] }) {
  const { t } = useTranslation('wallet');
  const found = useInjected();
  // The order is known once the first search ends (150 ms): the sections are not moved under a
  // passphrase being typed.
  if (found === null) return <p role="status">{t('connect.searching')}</p>;
  const walletConnectFirst = isPhone() || found.length === 0;
  const platform = <PlatformWallets key="platform" networks={networks} />;
  const browser = <BrowserWallets key="browser" networks={networks} found={found} />;
  const walletConnect = <WalletConnectOption key="walletconnect" networks={networks} />;
  return (
    <>
      {walletConnectFirst ? [walletConnect, platform, browser] : [platform, browser, walletConnect]}
    </>
  );
}
