/**
 * EIP-4361 (Sign-In with Ethereum) messages: built by the server for GET sign-in/message, parsed
 * and checked on POST sign-in-with-metamask / create/default. Only the fields we issue are read.
 */
import { getAddress } from 'ethers';

export interface SiweFields {
  domain: string;
  address: string;
  statement: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
}

export const SIWE_STATEMENT = 'Sign in to the VBChain NFT marketplace.';

export function buildSiweMessage(f: SiweFields): string {
  return [
    `${f.domain} wants you to sign in with your Ethereum account:`,
    f.address,
    '',
    f.statement,
    '',
    `URI: ${f.uri}`,
    `Version: ${f.version}`,
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
    `Expiration Time: ${f.expirationTime}`,
  ].join('\n');
}

/** Parses a message in the form above; returns null when it is not one. */
export function parseSiweMessage(message: string): SiweFields | null {
  const lines = message.replace(/\r\n/g, '\n').split('\n');
  const header = /^(\S+) wants you to sign in with your Ethereum account:$/.exec(lines[0] ?? '');
  const address = lines[1] ?? '';
  if (!header?.[1] || !/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  const fields = new Map<string, string>();
  for (const line of lines.slice(2)) {
    const match = /^(URI|Version|Chain ID|Nonce|Issued At|Expiration Time): (.+)$/.exec(line);
    if (match?.[1] && match[2]) fields.set(match[1], match[2]);
  }
  const chainId = Number(fields.get('Chain ID'));
  const nonce = fields.get('Nonce');
  if (fields.get('Version') !== '1' || !Number.isSafeInteger(chainId) || !nonce) return null;
  let checksummed: string;
  try {
    checksummed = getAddress(address);
  } catch {
    return null;
  }
  return {
    domain: header[1],
    address: checksummed,
    statement: lines[3] ?? '',
    uri: fields.get('URI') ?? '',
    version: '1',
    chainId,
    nonce,
    issuedAt: fields.get('Issued At') ?? '',
    expirationTime: fields.get('Expiration Time') ?? '',
  };
}
