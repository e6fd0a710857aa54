/**
 * Browser wallets (MetaMask and others): the EIP-6963 announcements (one connector per
 * announced wallet, keyed by its rdns), else the legacy `window.ethereum` as one "Browser
 * wallet". No provider at all is NO_PROVIDER ('Please install MetaMask Wallet').
 */
import { createEip1193Connector } from './eip1193.ts';
import type { Connector, Eip1193Provider } from './types.ts';

/** EIP-6963 provider info. */
export interface Eip6963Info {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface Eip6963Detail {
  info: Eip6963Info;
  provider: Eip1193Provider;
}

type AnnounceEvent = CustomEvent<Eip6963Detail>;

/**
 * Asks the page's wallets to announce themselves and collects what arrives within `waitMs`
 * (announcements are synchronous answers to the request in every wallet we know of).
 */
export function discoverInjected(target: Window = window, waitMs = 150): Promise<Eip6963Detail[]> {
  const found = new Map<string, Eip6963Detail>();
  const onAnnounce = (event: Event) => {
    const detail = (event as AnnounceEvent).detail;
    if (!detail?.info?.rdns || typeof detail.provider?.request !== 'function') return;
    if (!found.has(detail.info.rdns)) found.set(detail.info.rdns, detail);
  };
  target.addEventListener('eip6963:announceProvider', onAnnounce);
  target.dispatchEvent(new Event('eip6963:requestProvider'));
  return new Promise((resolve) => {
    setTimeout(() => {
      target.removeEventListener('eip6963:announceProvider', onAnnounce);
      const list = [...found.values()];
      const legacy = (target as Window & { ethereum?: Eip1193Provider }).ethereum;
      if (list.length === 0 && legacy && typeof legacy.request === 'function') {
        list.push({
          info: { uuid: 'legacy', name: 'Browser wallet', icon: '', rdns: 'injected' },
          provider: legacy,
        });
      }
      resolve(list);
    }, waitMs);
  });
}

export function injectedConnector(detail: Eip6963Detail): Connector {
  return createEip1193Connector(detail.provider, {
    id: detail.info.rdns,
    type: 'injected',
    name: detail.info.name,
    ...(detail.info.icon ? { icon: detail.info.icon } : {}),
  });
}
