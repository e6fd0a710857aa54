/**
 * A WalletConnect client identity for the relay tests: an ed25519 key whose `did:key` is the client
 * id, and the `auth` JWT the SDK sends (EdDSA, iss/sub/aud/iat/exp), signed or forged on request.
 */
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { ed25519ToDidKey } from '#server/walletconnect-relay/client-id.ts';

export type Identity = { did: string; privateKey: KeyObject };

export function newIdentity(): Identity {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  return { did: ed25519ToDidKey(raw), privateKey };
}

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The auth JWT of `who` for relay `aud`; `claims` overrides the payload's fields. */
export function authToken(who: Identity, aud: string, claims: object = {}): string {
  const iat = Math.floor(Date.now() / 1000);
  const header = part({ alg: 'EdDSA', typ: 'JWT' });
  const payload = part({
    iss: who.did,
    sub: randomBytes(32).toString('hex'),
    aud,
    iat,
    exp: iat + 86_400,
    ...claims,
  });
  const signature = sign(null, Buffer.from(`${header}.${payload}`), who.privateKey);
  return `${header}.${payload}.${signature.toString('base64url')}`;
}
