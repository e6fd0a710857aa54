/**
 * Who may upload pictures and store metadata for minting: a signed-in account one of whose
 * linked addresses (bc_addresses: control proved with a signed message; a wallet row alone
 * proves nothing) holds the CollectionFactory's PARTNER_ROLE on the server's network. The role
 * is read from the chain on each request, so a partner whose role was taken back is refused at
 * once. The chain itself refuses a non-partner's collection or mint; this check keeps our
 * storage for partners' work.
 */
import { Contract, id } from 'ethers';
import type { FastifyInstance } from 'fastify';
import { factoryInterface } from '#server/chain/abi.ts';
import { onChain } from '#server/chain/provider.ts';
import { AppError } from '#server/errors.ts';
import { addressesOfUsers } from '#server/repositories/users.ts';

/** CollectionFactory.PARTNER_ROLE (contracts/src/CollectionFactory.sol). */
const PARTNER_ROLE = id('PARTNER_ROLE');

type PartnerContext = Pick<FastifyInstance, 'db' | 'chain' | 'config'>;

/** Whether one of the account's linked addresses holds the partner role now. */
export async function isPartner(app: PartnerContext, userId: number): Promise<boolean> {
  const networkId = app.config.chainId;
  const row = await app.db
    .selectFrom('networks')
    .select('collection_factory_address')
    .where('network_id', '=', networkId)
    .executeTakeFirst();
  if (!row?.collection_factory_address) throw new AppError('CONTRACT_NOT_DEPLOYED');
  const addresses = (await addressesOfUsers(app.db, [userId])).get(userId) ?? [];
  if (addresses.length === 0) return false;
  const factory = new Contract(
    row.collection_factory_address,
    factoryInterface,
    await app.chain.provider(networkId),
  );
  const hasRole = factory.getFunction('hasRole');
  const holds = await onChain(() =>
    Promise.all(addresses.map((a) => hasRole(PARTNER_ROLE, a) as Promise<boolean>)),
  );
  return holds.includes(true);
}

/** NOT_PARTNER unless the account is a partner now (a route's preHandler). */
export async function assertPartner(app: PartnerContext, userId: number): Promise<void> {
  if (!(await isPartner(app, userId))) throw new AppError('NOT_PARTNER');
}
