import { decryptKeystoreJson, Mnemonic, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  decryptKey,
  encryptKey,
  KeystoreError,
  keyFromPhrase,
  keyFromPrivateKey,
  newPhrase,
  parsePhrase,
  passphraseCheck,
} from './keystore.ts';

// BIP-39 reference vectors (trezor/python-mnemonic vectors.json, password "TREZOR").
const BIP39_VECTORS = [
  {
    entropy: '00000000000000000000000000000000',
    phrase:
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    seed: 'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
  },
  {
    entropy: '7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f',
    phrase: 'legal winner thank year wave sausage worth useful legal winner thank yellow',
    seed: '2e8905819b8723fe2c1d161860e5ee1830318dbf49a83bd451cfb8440c28bd6fa457fe1296106559a3c80937a1c1069be3a3a5bd381ee6260e8d9739fce1f607',
  },
  {
    entropy: 'ffffffffffffffffffffffffffffffff',
    phrase: 'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong',
    seed: 'ac27495480225222079d7be181583751e86f571027b0497b5b5d11218e0a8a13332572917f0f8e5a589620c6f15b11c61dee327651a14c34e18231052e48c069',
  },
];

// Web3 Secret Storage definition, test vectors (password "testpassword").
const V3_PBKDF2_VECTOR = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '6087dab2f9fdbbfaddc31a909735c1e6' },
    ciphertext: '5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46',
    kdf: 'pbkdf2',
    kdfparams: {
      c: 262144,
      dklen: 32,
      prf: 'hmac-sha256',
      salt: 'ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd',
    },
    mac: '517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
};
const V3_KEY = '0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d';

describe('BIP-39', () => {
  it.each(BIP39_VECTORS)('entropy $entropy gives its phrase and seed', (v) => {
    const m = Mnemonic.fromEntropy(`0x${v.entropy}`, 'TREZOR');
    expect(m.phrase).toBe(v.phrase);
    expect(m.computeSeed()).toBe(`0x${v.seed}`);
    expect(parsePhrase(`  ${v.phrase.toUpperCase()}  `)).toBe(v.phrase);
  });

  it('derives the standard first account (the well-known test phrase → anvil account 0)', () => {
    const key = keyFromPhrase('test test test test test test test test test test test junk');
    expect(key.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('makes valid, distinct 12-word phrases and refuses a bad checksum', () => {
    const a = newPhrase();
    expect(a.split(' ')).toHaveLength(12);
    expect(parsePhrase(a)).toBe(a);
    expect(newPhrase()).not.toBe(a);
    expect(
      parsePhrase(
        'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon',
      ),
    ).toBeNull();
  });
});

describe('keystore v3', () => {
  // The definition's scrypt vector (n 2^18, r 1) is outside what ethers' scrypt accepts
  // (n < 2^(16 r)); its PBKDF2 sibling decrypts to the same key.
  it('decrypts the public v3 test vector', async () => {
    const key = await decryptKey(V3_PBKDF2_VECTOR, 'testpassword');
    expect(key.privateKey).toBe(V3_KEY);
  }, 60_000);

  it('round-trips; ethers decrypts ours; a wrong passphrase is WRONG_PASSPHRASE', async () => {
    const key = keyFromPhrase(newPhrase());
    const progress: number[] = [];
    const keystore = await encryptKey(key, 'correct horse', (f) => progress.push(f));
    expect(progress.at(-1)).toBe(1);
    expect(keystore.version).toBe(3);
    expect((keystore.crypto as { kdf: string }).kdf).toBe('scrypt');
    expect(JSON.stringify(keystore)).not.toContain(key.privateKey.slice(2));
    expect(keystore['x-ethers']).toBeUndefined();
    const viaEthers = await decryptKeystoreJson(JSON.stringify(keystore), 'correct horse');
    expect(viaEthers.privateKey).toBe(key.privateKey);
    expect(await decryptKey(keystore, 'correct horse')).toEqual(key);
    await expect(decryptKey(keystore, 'wrong')).rejects.toBeInstanceOf(KeystoreError);
    await expect(decryptKey({ version: 3 }, 'x')).rejects.toMatchObject({ code: 'NOT_A_KEYSTORE' });
  }, 60_000);

  it('decrypts a keystore made by ethers Wallet.encrypt (import of a keystore file)', async () => {
    const wallet = Wallet.createRandom();
    const json = await wallet.encrypt('pass phrase');
    const key = await decryptKey(json, 'pass phrase');
    expect(key.address).toBe(wallet.address);
  }, 60_000);
});

describe('keyFromPrivateKey', () => {
  it.each([
    [V3_KEY, true],
    [V3_KEY.slice(2), true],
    ['0x1234', false],
    ['zz'.repeat(32), false],
  ])('%s → valid %s', (input, ok) => {
    expect(keyFromPrivateKey(input) !== null).toBe(ok);
  });
});

describe('passphraseCheck', () => {
  it('is 64 hex, stable, bound to the address, and not the passphrase', async () => {
    const a = await passphraseCheck(
      'secret passphrase',
      '0xAbC0000000000000000000000000000000000001',
    );
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(
      await passphraseCheck('secret passphrase', '0xabc0000000000000000000000000000000000001'),
    ).toBe(a);
    expect(
      await passphraseCheck('secret passphrase', '0xabc0000000000000000000000000000000000002'),
    ).not.toBe(a);
    expect(a).not.toContain('secret');
  });
});
