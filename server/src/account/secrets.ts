/**
 * The server stores wallet keys only as keystores encrypted in the browser (docs/product-rules.md,
 * Wallets): these checks refuse anything that looks like a clear private key or a secret phrase,
 * and accept only a Web3 Secret Storage (v3) JSON with a real KDF and ciphertext.
 */

const HEX_KEY = /^(0x)?[0-9a-fA-F]{64}$/;
const WORD = /^[a-z]{3,8}$/;

/** True when a string looks like a clear private key or a BIP-39 phrase (12-24 words). */
export function looksLikeClearSecret(value: string): boolean {
  const trimmed = value.trim();
  if (HEX_KEY.test(trimmed)) return true;
  const words = trimmed.split(/\s+/);
  return [12, 15, 18, 21, 24].includes(words.length) && words.every((w) => WORD.test(w));
}

/** Walks a JSON value and reports whether any string in it looks like a clear secret. */
export function containsClearSecret(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (typeof value === 'string') return looksLikeClearSecret(value);
  if (Array.isArray(value)) return value.some((v) => containsClearSecret(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(
      // The keystore's own ciphertext, mac and salts are hex of the same length as a key.
      ([k, v]) => !KEYSTORE_HEX_FIELDS.has(k) && containsClearSecret(v, depth + 1),
    );
  }
  return false;
}

const KEYSTORE_HEX_FIELDS = new Set(['ciphertext', 'mac', 'salt', 'iv']);

/** Checks the shape of a v3 keystore and that it belongs to `address` (lowercase compare). */
export function isEncryptedKeystore(value: unknown, address: string): boolean {
  if (!value || typeof value !== 'object') return false;
  const ks = value as Record<string, unknown>;
  const crypto = (ks.crypto ?? ks.Crypto) as Record<string, unknown> | undefined;
  if (ks.version !== 3 || !crypto || typeof crypto !== 'object') return false;
  const kdf = crypto.kdf;
  const params = crypto.kdfparams as Record<string, unknown> | undefined;
  const cipherparams = crypto.cipherparams as Record<string, unknown> | undefined;
  if (kdf !== 'scrypt' && kdf !== 'pbkdf2') return false;
  if (!params || typeof params.salt !== 'string') return false;
  if (typeof crypto.ciphertext !== 'string' || !/^[0-9a-fA-F]{64,}$/.test(crypto.ciphertext))
    return false;
  if (typeof crypto.mac !== 'string' || typeof crypto.cipher !== 'string') return false;
  if (!cipherparams || typeof cipherparams.iv !== 'string') return false;
  if (typeof ks.address === 'string') {
    const own = ks.address.toLowerCase().replace(/^0x/, '');
    if (own !== address.toLowerCase().replace(/^0x/, '')) return false;
  }
  return !containsClearSecret(ks);
}
