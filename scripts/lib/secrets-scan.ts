/**
 * Finds secrets in text: PEM private keys, BIP-39 phrases (12 to 24 words with a valid checksum),
 * and 32-byte hex values named as a private key, secret or phrase just before them. The only ones allowed
 * are anvil's public test accounts (contracts/devnet/anvil.ts, documented in contracts/README.md):
 * they hold value on no network. Used over the repository's files (tests/unit/secrets.test.ts)
 * and over the built client (tests/e2e/notifications.e2e.test.ts), where even those are refused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Mnemonic } from 'ethers';
import { ANVIL_KEYS, ANVIL_MNEMONIC } from '#contracts/devnet/anvil.ts';

export type SecretFinding = { file: string; line: number; kind: string; excerpt: string };

const PEM = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
const HEX_KEY = /(?<![0-9a-fA-F])(?:0x)?([0-9a-fA-F]{64})(?![0-9a-fA-F])/g;
const KEY_WORDS = /private.?key|privkey|secret|mnemonic|phrase|\bpk\b|key['"]?\s*[:=]/i;
const WORDS = /\b[a-z]{3,8}(?: [a-z]{3,8}){11,23}\b/g;

/** The line's secrets; `allowTestKeys` lets anvil's documented test keys through. */
function lineFindings(text: string, allowTestKeys: boolean): { kind: string; excerpt: string }[] {
  const found: { kind: string; excerpt: string }[] = [];
  const allowedKeys = new Set(allowTestKeys ? ANVIL_KEYS.map((k) => k.slice(2).toLowerCase()) : []);
  if (PEM.test(text)) found.push({ kind: 'PEM private key', excerpt: text.trim().slice(0, 60) });
  for (const match of text.matchAll(HEX_KEY)) {
    // named as a key just before it (a hash or a curve constant is not)
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    const hex = (match[1] ?? '').toLowerCase();
    if (KEY_WORDS.test(before) && !allowedKeys.has(hex) && !/^(.)\1+$/.test(hex)) {
      found.push({ kind: 'hex private key', excerpt: `${hex.slice(0, 8)}…` });
    }
  }
  for (const match of text.matchAll(WORDS)) {
    const phrase = phraseIn(match[0]);
    if (phrase && !(allowTestKeys && phrase === ANVIL_MNEMONIC)) {
      found.push({
        kind: 'BIP-39 phrase',
        excerpt: `${phrase.split(' ').slice(0, 2).join(' ')} …`,
      });
    }
  }
  return found;
}

/** A valid BIP-39 phrase of 12, 15, 18, 21 or 24 words within `words`, if any. */
function phraseIn(words: string): string | null {
  const list = words.split(' ');
  for (const size of [24, 21, 18, 15, 12]) {
    for (let start = 0; start + size <= list.length; start++) {
      const candidate = list.slice(start, start + size).join(' ');
      if (Mnemonic.isValidMnemonic(candidate)) return candidate;
    }
  }
  return null;
}

export function scanText(file: string, text: string, allowTestKeys = true): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    // minified bundles: one very long line, looked at in windows
    for (let at = 0; at < line.length; at += 4000) {
      const part = line.slice(Math.max(0, at - 200), at + 4000);
      for (const f of lineFindings(part, allowTestKeys))
        findings.push({ file, line: index + 1, ...f });
    }
  });
  return findings;
}

/** Every text file under `dir` (a web build), scanned without the test-key allowance. */
export function scanFolder(dir: string): SecretFinding[] {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
    /\.(js|mjs|html|json|webmanifest|css|txt)$/.test(name),
  );
  return files.flatMap((name) => scanText(name, readFileSync(path.join(dir, name), 'utf8'), false));
}
