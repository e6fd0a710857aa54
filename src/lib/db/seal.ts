/**
 * AES-GCM sealing of small JSON values with a non-extractable device key (WebCrypto): what is
 * persisted in IndexedDB is never readable in clear, and the key's bytes cannot be exported.
 */
type Sealed = { iv: Uint8Array; data: ArrayBuffer };

export function newDeviceKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

export async function seal(value: unknown, key: CryptoKey): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
  return { iv, data };
}

/** Throws when the data was not sealed with this key or was altered (GCM tag). */
export async function unseal<T>(sealed: Sealed, key: CryptoKey): Promise<T> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: sealed.iv as Uint8Array<ArrayBuffer> },
    key,
    sealed.data,
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

/** WebCrypto exists only in secure contexts (https, localhost). */
export const canSeal = (): boolean => typeof crypto !== 'undefined' && crypto.subtle !== undefined;
