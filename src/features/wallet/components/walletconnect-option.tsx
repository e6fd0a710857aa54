/**
 * WalletConnect in the wallet sidebar: the option, then our own QR panel (a QR code drawn from
 * the SDK's `display_uri`, copy-link, "open in wallet" after 10 s, a fresh code, the relay's
 * state). On a phone the `wc:` link takes the QR code's place. The QR code is shown only while
 * the relay is reachable. The SDK and the QR library are loaded only when the user picks
 * WalletConnect, or (the SDK) at start for a saved session (src/wallet/walletconnect.ts).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  cancelWalletConnect,
  freshPairing,
  restoreWalletConnect,
  startWalletConnect,
  walletConnectUi,
} from '#web/wallet/walletconnect.ts';

const isPhone = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

function QrCode({ uri }: { uri: string }) {
  const { t } = useTranslation('wallet');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    void import('qrcode')
      .then((m) => m.toDataURL(uri, { margin: 2, width: 240, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [uri]);
  if (!src) return null;
  return (
    <img className="wallet__qr" src={src} width={240} height={240} alt={t('walletConnect.qrAlt')} />
  );
}

/** The relay's state; 'scan when ready' only where a QR code is shown (not on a phone). */
function RelayState() {
  const { t } = useTranslation('wallet');
  const { relayUp } = useSnapshot(walletConnectUi);
  const up = isPhone() ? 'walletConnect.relayUpPhone' : 'walletConnect.relayUp';
  const key =
    relayUp === null ? 'walletConnect.relayChecking' : relayUp ? up : 'walletConnect.relayDown';
  return (
    <p role="status" className={relayUp === false ? 'wallet__relay--down' : undefined}>
      {t(key)}
    </p>
  );
}

function CopyLink({ uri }: { uri: string }) {
  const { t } = useTranslation('wallet');
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(uri).then(() => setCopied(true));
        }}
      >
        {t('walletConnect.copy')}
      </Button>
      {copied ? <p role="status">{t('walletConnect.copied')}</p> : null}
    </>
  );
}

function Pairing({ networks }: { networks: readonly Network[] }) {
  const { t } = useTranslation('wallet');
  const { uri, relayUp, waitedLong } = useSnapshot(walletConnectUi);
  const ready = Boolean(uri) && relayUp === true;
  // A phone opens its wallet app from the link (paired already, so the tap itself opens it).
  const phone = isPhone();
  // On a phone the link comes first (the primary action, in view without scrolling).
  return (
    <>
      {ready && uri && phone ? (
        <a className="btn btn--primary" href={uri}>
          {t('walletConnect.openInWallet')}
        </a>
      ) : null}
      <RelayState />
      {ready && uri ? (
        <>
          <p>{phone ? t('walletConnect.phone') : t('walletConnect.scan')}</p>
          {phone ? null : <QrCode uri={uri} />}
          <CopyLink uri={uri} />
          {!phone && waitedLong ? (
            <a className="btn btn--secondary" href={uri}>
              {t('walletConnect.openInWallet')}
            </a>
          ) : null}
        </>
      ) : null}
      {waitedLong ? (
        <>
          <p>{t('walletConnect.stillWaiting')}</p>
          <Button variant="secondary" onClick={() => freshPairing(networks)}>
            {t('walletConnect.fresh')}
          </Button>
        </>
      ) : null}
    </>
  );
}

function Panel({ networks }: { networks: readonly Network[] }) {
  const { t } = useTranslation('wallet');
  const { phase } = useSnapshot(walletConnectUi);
  return (
    <div className="wallet__walletconnect">
      {phase === 'loading' ? <p role="status">{t('walletConnect.loading')}</p> : null}
      {phase === 'loading' ? <RelayState /> : null}
      {phase === 'restoring' ? <p role="status">{t('walletConnect.restoring')}</p> : null}
      {phase === 'unavailable' ? <p role="alert">{t('walletConnect.unavailable')}</p> : null}
      {phase === 'pairing' ? <Pairing networks={networks} /> : null}
      {phase === 'failed' ? (
        <>
          <p role="alert">{t('walletConnect.failed')}</p>
          <Button variant="secondary" onClick={() => void startWalletConnect(networks)}>
            {t('walletConnect.retry')}
          </Button>
        </>
      ) : null}
      <Button variant="ghost" onClick={cancelWalletConnect}>
        {t('walletConnect.cancel')}
      </Button>
    </div>
  );
}

/** The WalletConnect section of the connect view. */
export function WalletConnectOption({ networks }: { networks: readonly Network[] }) {
  const { t } = useTranslation('wallet');
  const { phase } = useSnapshot(walletConnectUi);
  // A stored session the start did not bring back (relay down then, or no saved wallet type).
  useEffect(() => {
    if (networks.length > 0) void restoreWalletConnect(networks);
  }, [networks]);
  return (
    <section className="wallet__section" aria-labelledby="wallet-walletconnect">
      <h3 id="wallet-walletconnect">{t('walletConnect.title')}</h3>
      {phase === 'closed' ? (
        <>
          <p>{t('walletConnect.optionHint')}</p>
          <Button
            variant="secondary"
            className="wallet__option"
            onClick={() => void startWalletConnect(networks)}
          >
            {t('walletConnect.option')}
          </Button>
        </>
      ) : (
        <Panel networks={networks} />
      )}
    </section>
  );
}
