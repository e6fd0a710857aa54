/**
 * No private key, PEM key or recovery phrase in the repository's files (scripts/lib/secrets-scan.ts),
 * except anvil's documented test accounts; the scanner itself is checked on made-up secrets.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ANVIL_KEYS, ANVIL_MNEMONIC } from '#contracts/devnet/anvil.ts';
import { scanText } from '#scripts/lib/secrets-scan.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Files allowed to hold such values, and why. */
const ALLOWED: Record<string, string> = {
  'src/wallet/platform/keystore.test.ts': 'the published BIP-39 test vectors (Trezor), no funds',
};
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|sql|sol|yaml|yml|toml|html|css|sh|env|txt)$/;

describe('secrets scan', () => {
  it('finds a generated key, phrase or PEM key, and lets anvil test keys through', () => {
    const wallet = Wallet.createRandom();
    const phrase = wallet.mnemonic?.phrase ?? '';
    const text = [
      `const privateKey = '${wallet.privateKey}';`,
      `seed: "${phrase}"`,
      `-----BEGIN EC ${'PRIVATE'} KEY-----`,
      `const deployerKey = '${ANVIL_KEYS[0]}'; // ${ANVIL_MNEMONIC}`,
      `tx hash ${wallet.privateKey}`,
    ].join('\n');
    const kinds = scanText('x.ts', text).map((f) => `${f.line} ${f.kind}`);
    expect(kinds).toEqual(['1 hex private key', '2 BIP-39 phrase', '3 PEM private key']);
    expect(scanText('bundle.js', text, false).map((f) => f.line)).toEqual([1, 2, 3, 4, 4]);
  });

  it('finds none in the files of the repository', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => TEXT.test(f) && !f.endsWith('package-lock.json') && !ALLOWED[f]);
    const findings = files.flatMap((file) => {
      const full = path.join(ROOT, file);
      try {
        if (statSync(full).size > 2_000_000) return [];
        return scanText(file, readFileSync(full, 'utf8'));
      } catch {
        return []; // listed but deleted in the working tree
      }
    });
    expect(files.length).toBeGreaterThan(300);
    expect(findings).toEqual([]);
  });
});
