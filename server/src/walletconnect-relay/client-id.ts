/**
 * Who a socket is. A WalletConnect client connects with `?auth=<JWT>`: a JWT signed with EdDSA
 * (ed25519) whose issuer is the client's `did:key` (its public key, multicodec 0xed01, base58btc),
 * with an audience (the relay URL the client was given) and an expiry (the SDK signs one per
 * connection, valid a day). The relay checks the signature against the issuer's key, the expiry and
 * the audience before the socket opens, so nobody can act under another client's id (fetch or
 * acknowledge the messages meant for it) without its private key. The verified issuer is the
 * client's identity: the relay knows by it what the client published and acknowledged across
 * reconnects, and gives the subscription ids the SDK computes itself: sha256(topic + client id).
 */
import { createHash, createPublicKey, verify } from 'node:crypto';

export type TokenCheck =
  | { ok: true; clientId: string }
  | { ok: false; reason: string; missing?: true };

/** Seconds a token's `iat` may be ahead of this machine's clock. */
const CLOCK_SKEW_SECONDS = 60;
const DID_KEY_ED25519 = 'did:key:z';
const ED25519_MULTICODEC = [0xed, 0x01];

/**
 * Checks the `auth` token of a connection URL. `acceptsAudience` says whether the token's `aud`
 * names this relay; `nowMs` is the relay's clock.
 */
export function verifyClientToken(
  url: string | undefined,
  acceptsAudience: (aud: string) => boolean,
  nowMs: number,
): TokenCheck {
  const auth = new URL(url ?? '/', 'http://relay').searchParams.get('auth');
  if (auth === null) return { ok: false, reason: 'the auth token is missing', missing: true };
  const [h, p, s, extra] = auth.split('.');
  if (!h || !p || !s || extra !== undefined)
    return { ok: false, reason: 'the auth token is not a JWT' };
  const header = readJson(h);
  const claims = readJson(p);
  if (!header || !claims) return { ok: false, reason: 'the auth token is not a JWT' };
  if (header.alg !== 'EdDSA')
    return { ok: false, reason: 'the auth token must be signed with EdDSA' };
  const publicKey = typeof claims.iss === 'string' ? didKeyToEd25519(claims.iss) : null;
  if (!publicKey) return { ok: false, reason: 'the auth token issuer is not an ed25519 did:key' };
  if (!signatureVerifies(`${h}.${p}`, s, publicKey)) {
    return { ok: false, reason: 'the auth token signature does not verify' };
  }
  const now = Math.floor(nowMs / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) {
    return { ok: false, reason: 'the auth token has expired' };
  }
  if (typeof claims.iat === 'number' && claims.iat > now + CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: 'the auth token is issued in the future' };
  }
  if (typeof claims.aud !== 'string' || !acceptsAudience(claims.aud)) {
    return { ok: false, reason: 'the auth token is for another relay (aud)' };
  }
  return { ok: true, clientId: claims.iss as string };
}

export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex');
}

function readJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function signatureVerifies(data: string, signature: string, publicKey: Buffer): boolean {
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.toString('base64url') },
      format: 'jwk',
    });
    return verify(null, Buffer.from(data), key, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/** The 32-byte ed25519 public key of a `did:key:z...`, or null. */
function didKeyToEd25519(did: string): Buffer | null {
  if (!did.startsWith(DID_KEY_ED25519) || did.length > 80) return null;
  const bytes = base58Decode(did.slice(DID_KEY_ED25519.length));
  if (bytes?.length !== 34) return null;
  if (bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) return null;
  return bytes.subarray(2);
}

/** The `did:key` of a 32-byte ed25519 public key (what the SDK's clients send as `iss`). */
export function ed25519ToDidKey(publicKey: Uint8Array): string {
  return DID_KEY_ED25519 + base58Encode(Buffer.from([...ED25519_MULTICODEC, ...publicKey]));
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Buffer | null {
  let n = 0n;
  for (const ch of text) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const hex = n === 0n ? '' : n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

function base58Encode(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}
