/**
 * Password hashing with node:crypto scrypt. Stored as `scrypt$N$r$p$salt$hash` (base64url) so
 * the cost can be raised later without breaking old hashes. Comparison is constant-time.
 */
import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      secret.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (e, key) => (e ? reject(e) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/**
 * A hash of a random password, made once: an account that does not exist (or has no password)
 * is checked against it, so the answer takes as long as for a wrong password and tells nothing.
 */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts[0] !== 'scrypt' || parts.length !== 6 || parts.some((part) => !part)) {
    dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
    await checkHash(password, await dummyHash);
    return false;
  }
  return checkHash(password, stored as string);
}

async function checkHash(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt = '', hash = ''] = stored.split('$');
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A random URL-safe token (sent by e-mail) and the sha256 hex stored in its place. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256Hex(token) };
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
