/**
 * Who may open a socket on the relay: room under the socket caps (in all and per address,
 * ./limits.ts; HTTP 429 otherwise) and an auth token that verifies (./client-id.ts; HTTP 401
 * otherwise). A connection without any token (the page's reachability probe,
 * src/wallet/connectors/walletconnect.ts) is let through the handshake only to be closed at once.
 */
import type { IncomingMessage } from 'node:http';
import { verifyClientToken } from './client-id.ts';
import type { RelayLimits } from './limits.ts';

type Log = (level: 'warn', message: string, fields?: object) => void;

export type VerifyClient = (
  info: { req: IncomingMessage },
  done: (ok: boolean, code?: number, message?: string) => void,
) => void;

export class Admission {
  private readonly perAddress = new Map<string, number>();
  private readonly clientIds = new WeakMap<IncomingMessage, string>();
  private readonly audiences: Set<string>;
  private sockets = 0;
  /** The relay's port once it listens (tokens for any host on it are for this relay). */
  port = 0;

  constructor(
    private readonly limits: RelayLimits,
    private readonly log: Log,
    private readonly now: () => number,
    audiences: string[],
  ) {
    this.audiences = new Set(audiences.map(normalUrl));
  }

  readonly verify: VerifyClient = ({ req }, done) => {
    const address = addressOf(req);
    const l = this.limits;
    if (this.sockets >= l.sockets || (this.perAddress.get(address) ?? 0) >= l.socketsPerAddress) {
      this.log('warn', 'socket refused: too many sockets', { address, sockets: this.sockets });
      return done(false, 429, 'WalletConnect relay: too many connections, try again later');
    }
    const aud = (a: string) => this.audiences.has(normalUrl(a)) || onPort(a, this.port);
    const token = verifyClientToken(req.url, aud, this.now());
    if (!token.ok && token.missing) return done(true);
    if (!token.ok) {
      this.log('warn', 'socket refused: bad auth token', { address, reason: token.reason });
      return done(false, 401, `WalletConnect relay: ${token.reason}`);
    }
    this.clientIds.set(req, token.clientId);
    done(true);
  };

  /** The verified client id of an admitted connection; null for a probe without a token. */
  clientIdOf(req: IncomingMessage): string | null {
    return this.clientIds.get(req) ?? null;
  }

  opened(address: string): void {
    this.sockets++;
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
  }

  closed(address: string): void {
    this.sockets--;
    const left = (this.perAddress.get(address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(address, left);
    else this.perAddress.delete(address);
  }
}

/**
 * The address a socket's quotas count against: its IPv4 address, or the /64 prefix of an IPv6
 * one (one subscriber holds a whole /64, so counting single IPv6 addresses would bound nothing).
 */
export function addressOf(req: IncomingMessage): string {
  const raw = req.socket.remoteAddress ?? 'unknown';
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  if (v4) return v4[1] as string;
  if (!raw.includes(':')) return raw;
  const [head = '', tail = ''] = raw.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = raw.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function normalUrl(url: string): string {
  return url.replace(/\/+$/, '').toLowerCase();
}

/** A ws(s) URL on `port`: this relay under any host name. */
function onPort(url: string, port: number): boolean {
  try {
    const u = new URL(url);
    const p = Number(u.port || (u.protocol === 'wss:' ? 443 : 80));
    return (u.protocol === 'ws:' || u.protocol === 'wss:') && p === port;
  } catch {
    return false;
  }
}
