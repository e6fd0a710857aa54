/**
 * Checks a signed EIP-4361 message issued by GET sign-in/message: our domain, a known chain, an
 * unused nonce within its 5 minutes (else AUTH_REQUEST_EXPIRED), and a signature by the address
 * in the message. `consumeNonce` marks the nonce used atomically (a replay gets EXPIRED);
 * `storeNonce` keeps a new one.
 */
import { verifyMessage } from 'ethers';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../errors.ts';
import { parseSiweMessage, type SiweFields } from './siwe.ts';

export function siweDomain(publicUrl: string): string {
  return new URL(publicUrl).host;
}

/** Keeps a new nonce (GET sign-in/message); expired ones are kept a day (for "expired" answers). */
export async function storeNonce(
  app: FastifyInstance,
  row: {
    nonce: string;
    domain: string;
    chainId: number;
    address: string;
    issuedAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await app.db
    .deleteFrom('siwe_nonces')
    .where('expires_at', '<', new Date(Date.now() - 24 * 60 * 60 * 1000))
    .execute();
  await app.db
    .insertInto('siwe_nonces')
    .values({
      nonce: row.nonce,
      domain: row.domain,
      chain_id: row.chainId,
      address: row.address,
      issued_at: row.issuedAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function isKnownChain(app: FastifyInstance, chainId: number): Promise<boolean> {
  if (chainId === app.config.chainId) return true;
  const row = await app.db
    .selectFrom('networks')
    .select('id')
    .where('network_id', '=', chainId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return Boolean(row);
}

/** Verifies message + signature without using the nonce up. */
export async function checkSiwe(
  app: FastifyInstance,
  message: string,
  signature: string,
): Promise<SiweFields> {
  const fields = parseSiweMessage(message);
  if (!fields) throw new AppError('INVALID_SIGNATURE');
  if (fields.domain !== siweDomain(app.config.publicUrl) || fields.uri !== app.config.publicUrl) {
    throw new AppError('INVALID_SIGNATURE');
  }
  const nonce = await app.db
    .selectFrom('siwe_nonces')
    .selectAll()
    .where('nonce', '=', fields.nonce)
    .executeTakeFirst();
  if (!nonce || nonce.used_at || nonce.expires_at.getTime() <= Date.now()) {
    throw new AppError('AUTH_REQUEST_EXPIRED');
  }
  if (nonce.chain_id !== fields.chainId || nonce.domain !== fields.domain) {
    throw new AppError('WRONG_NETWORK');
  }
  if (!(await isKnownChain(app, fields.chainId))) throw new AppError('WRONG_NETWORK');
  let signer: string;
  try {
    signer = verifyMessage(message, signature);
  } catch (cause) {
    throw new AppError('INVALID_SIGNATURE', { cause });
  }
  if (signer !== fields.address) throw new AppError('INVALID_SIGNATURE');
  // A nonce issued for one address is not another's (older rows name none).
  if (nonce.address && nonce.address !== fields.address.toLowerCase()) {
    throw new AppError('INVALID_SIGNATURE');
  }
  return fields;
}

/** Marks the nonce used; false when another request used it first or it expired meanwhile. */
export async function consumeNonce(app: FastifyInstance, nonce: string): Promise<void> {
  const used = await app.db
    .updateTable('siwe_nonces')
    .set({ used_at: sql<Date>`now()` })
    .where('nonce', '=', nonce)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('nonce')
    .executeTakeFirst();
  if (!used) throw new AppError('AUTH_REQUEST_EXPIRED');
}
