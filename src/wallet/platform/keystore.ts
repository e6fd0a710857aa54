/**
 * The platform wallet's secrets, all handled in the browser: a BIP-39 secret phrase, the key it
 * derives (the standard Ethereum path m/44'/60'/0'/0/0), a Web3 Secret Storage v3 keystore
 * (scrypt) encrypted with the user's passphrase, and the passphrase check the server keeps. Only
 * the keystore and the check leave the browser (docs/decisions/020-platform-wallet-keys.md).
 */
import {
  decryptKeystoreJson,
  encryptKeystoreJson,
  getAddress,
  HDNodeWallet,
  isKeystoreJson,
  Mnemonic,
  randomBytes,
  Wallet,
} from 'ethers';

/** A key in memory: its address (EIP-55) and the 0x-hex private key. */
export interface UnlockedKey {
  address: string;
  privateKey: string;
}

export type Progress = (fraction: number) => void;

/** A new 12-word English phrase from 128 bits of the browser's CSPRNG. */
export function newPhrase(): string {
  return Mnemonic.fromEntropy(randomBytes(16)).phrase;
}

/** Normalises spaces and letter case; null when the phrase is not a valid BIP-39 phrase. */
export function parsePhrase(input: string): string | null {
  const phrase = input.trim().toLowerCase().split(/\s+/).join(' ');
  return Mnemonic.isValidMnemonic(phrase) ? phrase : null;
}

/** The first account of a phrase (optionally with a BIP-39 password, the "25th word"). */
export function keyFromPhrase(phrase: string, bip39Password = ''): UnlockedKey {
  const mnemonic = Mnemonic.fromPhrase(phrase, bip39Password);
  const wallet = HDNodeWallet.fromMnemonic(mnemonic);
  return { address: wallet.address, privateKey: wallet.privateKey };
}

/** Encrypts a key as a v3 keystore (scrypt, ethers' default cost: N = 2^17). */
export async function encryptKey(
  key: UnlockedKey,
  passphrase: string,
  progress?: Progress,
): Promise<Record<string, unknown>> {
  const json = await encryptKeystoreJson(
    { address: key.address, privateKey: key.privateKey },
    passphrase,
    progress ? { progressCallback: progress } : {},
  );
  const { Crypto, 'x-ethers': _meta, ...rest } = JSON.parse(json) as Record<string, unknown>;
  // The standard spells it `crypto`; ethers writes `Crypto` and its own metadata (client,
  // file name; never the key or a phrase here, since only the key is given).
  return { ...rest, crypto: Crypto };
}

/** Decrypts a v3 keystore; throws WrongPassphrase when the MAC does not match. */
export async function decryptKey(
  keystore: unknown,
  passphrase: string,
  progress?: Progress,
): Promise<UnlockedKey> {
  const json = typeof keystore === 'string' ? keystore : JSON.stringify(keystore);
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(json) as Record<string, unknown>;
  } catch {
    // reported below
  }
  if (!isKeystoreJson(json) || typeof (parsed.crypto ?? parsed.Crypto) !== 'object') {
    throw new KeystoreError('NOT_A_KEYSTORE');
  }
  try {
    const account = await decryptKeystoreJson(json, passphrase, progress);
    return { address: getAddress(account.address), privateKey: account.privateKey };
  } catch (cause) {
    throw new KeystoreError('WRONG_PASSPHRASE', cause);
  }
}

/** A private key typed or pasted (import); null when it is not 32 bytes of hex. */
export function keyFromPrivateKey(input: string): UnlockedKey | null {
  const hex = input.trim().replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return null;
  try {
    const wallet = new Wallet(`0x${hex}`);
    return { address: wallet.address, privateKey: wallet.privateKey };
  } catch {
    return null;
  }
}

const CHECK_ITERATIONS = 210_000;

/**
 * The passphrase check the server keeps (`hashedPassword`, hashed again there): PBKDF2-SHA256
 * over the passphrase, salted with the wallet's address, so it reveals neither the passphrase
 * nor a value reusable for another wallet.
 */
export async function passphraseCheck(passphrase: string, address: string): Promise<string> {
  const enc = new TextEncoder();
  const base = await crypto.subtle.importKey('raw', enc.encode(passphrase), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: enc.encode(`vbc-wallet:${address.toLowerCase()}`),
      iterations: CHECK_ITERATIONS,
    },
    base,
    256,
  );
  return [...new Uint8Array(bits)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class KeystoreError extends Error {
  override readonly name = 'KeystoreError';
  constructor(
    readonly code: 'WRONG_PASSPHRASE' | 'NOT_A_KEYSTORE',
    cause?: unknown,
  ) {
    super(code, { cause });
  }
}
