/**
 * Who may upload pictures and store metadata for minting: a signed-in account one of whose
 * linked addresses (bc_addresses: control proved with a signed message; a wallet row alone
 * proves nothing) holds the CollectionFactory's PARTNER_ROLE on one of our networks. The role
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

/** Whether one of `addresses` holds the partner role on one network's factory now. */
async function partnerOn(
  app: PartnerContext,
  network: { network_id: number; collection_factory_address: string },
  addresses: string[],
): Promise<boolean> {
  const provider = await app.chain.provider(network.network_id);
  const factory = new Contract(network.collection_factory_address, factoryInterface, provider);
  const hasRole = factory.getFunction('hasRole');
  const holds = await onChain(() =>
    Promise.all(addresses.map((a) => hasRole(PARTNER_ROLE, a) as Promise<boolean>)),
  );
  return holds.includes(true);
}

/**
 * Whether one of the account's linked addresses holds the partner role now, on any of our
 * networks with a collection factory (a partner mints on the network their wallet chose; the
 * storage serves them all). A node that is down counts only when no other network says yes.
 */
export async function isPartner(app: PartnerContext, userId: number): Promise<boolean> {
  const networks = await app.db
    .selectFrom('networks')
    .select(['network_id', 'collection_factory_address'])
    .where('collection_factory_address', 'is not', null)
    .where('is_active', '=', true)
    .orderBy('network_id')
    .execute();
  if (networks.length === 0) throw new AppError('CONTRACT_NOT_DEPLOYED');
  const addresses = (await addressesOfUsers(app.db, [userId])).get(userId) ?? [];
  if (addresses.length === 0) return false;
  const answers = await Promise.allSettled(
    networks.map((n) =>
      partnerOn(
        app,
        { ...n, collection_factory_address: n.collection_factory_address! },
        addresses,
      ),
    ),
  );
  if (answers.some((a) => a.status === 'fulfilled' && a.value)) return true;
  const failed = answers.find((a) => a.status === 'rejected');
  if (failed) throw failed.reason;
  return false;
}

/** NOT_PARTNER unless the account is a partner now (a route's preHandler). */
export async function assertPartner(app: PartnerContext, userId: number): Promise<void> {
  if (!(await isPartner(app, userId))) throw new AppError('NOT_PARTNER');
}
