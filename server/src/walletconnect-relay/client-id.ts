/**
 * Who a socket is. A WalletConnect client connects with `?auth=<JWT>`, a JWT whose issuer is its
 * `did:key` (server/src/walletconnect-relay/README.md). The relay uses that as the client's
 * identity to know what it published and acknowledged across reconnects, and to give the
 * subscription ids the SDK computes itself: sha256(topic + client id) in hex.
 */
import { createHash, randomUUID } from 'node:crypto';

export function clientIdFromUrl(url: string | undefined): string {
  const auth = new URL(url ?? '/', 'http://relay').searchParams.get('auth');
  const payload = auth?.split('.')[1];
  if (payload) {
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        iss?: unknown;
      };
      if (typeof claims.iss === 'string' && claims.iss.startsWith('did:key:')) return claims.iss;
    } catch {
      // Not a JWT: the socket gets an identity of its own below.
    }
  }
  return `anonymous:${randomUUID()}`;
}

export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex');
}
