/**
 * What the studio reads from and encodes for the chain (ethers: loaded with the studio screens
 * only): the factory's roles (the UI reads them; the contracts enforce them), the calls that
 * grant or revoke a partner, create a collection and mint, and what their receipts name.
 */
import { Interface, id, ZeroHash } from 'ethers';
import { COLLECTION_FACTORY_ABI, MARKETPLACE_COLLECTION_ABI } from '#contracts/abi/index.ts';
import type { Network } from '#shared/schemas/entities.ts';
import type { TxRequest } from '#web/wallet/connectors/types.ts';
import { rpc } from '#web/wallet/rpc.ts';

const factoryAbi = new Interface(COLLECTION_FACTORY_ABI);
const collectionAbi = new Interface(MARKETPLACE_COLLECTION_ABI);
/** CollectionFactory.PARTNER_ROLE and AccessControl's DEFAULT_ADMIN_ROLE. */
export const PARTNER_ROLE = id('PARTNER_ROLE');
const ADMIN_ROLE = ZeroHash;

function factoryOf(network: Network): string {
  if (!network.collectionFactoryAddress) throw new Error('no collection factory on this network');
  return network.collectionFactoryAddress;
}

const hasRole = async (network: Network, role: string, account: string) => {
  const data = factoryAbi.encodeFunctionData('hasRole', [role, account]);
  const call = { to: factoryOf(network), data };
  const answer = await rpc<string>(network.rpcUrl, 'eth_call', [call, 'latest']);
  return Boolean(factoryAbi.decodeFunctionResult('hasRole', answer)[0]);
};

export type Roles = { partner: boolean; admin: boolean };

/** Whether `account` holds the partner role and the factory's admin role, as the chain says now. */
export async function readRoles(network: Network, account: string): Promise<Roles> {
  const [partner, admin] = await Promise.all([
    hasRole(network, PARTNER_ROLE, account),
    hasRole(network, ADMIN_ROLE, account),
  ]);
  return { partner, admin };
}

const tx = (network: Network, from: string, to: string, data: string): TxRequest => ({
  from,
  to,
  data,
  value: 0n,
  chainId: network.networkId,
});

/** The owner's grant (true) or revocation (false) of the partner role. */
export const partnerRoleTx = (network: Network, from: string, partner: string, grant: boolean) =>
  tx(
    network,
    from,
    factoryOf(network),
    factoryAbi.encodeFunctionData(grant ? 'grantRole' : 'revokeRole', [PARTNER_ROLE, partner]),
  );

export const createCollectionTx = (
  network: Network,
  from: string,
  c: { name: string; symbol: string; contractURI: string },
) =>
  tx(
    network,
    from,
    factoryOf(network),
    factoryAbi.encodeFunctionData('createCollection', [c.name, c.symbol, c.contractURI]),
  );

/** One transaction mints every URI to the partner, with consecutive token ids. */
export const mintBatchTx = (network: Network, from: string, collection: string, uris: string[]) =>
  tx(network, from, collection, collectionAbi.encodeFunctionData('mintBatch', [from, uris]));

type Receipt = {
  logs: ReadonlyArray<{ address: string; topics: readonly string[]; data: string }>;
};

/** A log as one of `iface`'s events, or null (another contract's event, or not decodable). */
function parsed(iface: Interface, log: Receipt['logs'][number]) {
  try {
    return iface.parseLog({ topics: [...log.topics], data: log.data });
  } catch {
    return null;
  }
}

const receiptOf = (network: Network, hash: string) =>
  rpc<Receipt | null>(network.rpcUrl, 'eth_getTransactionReceipt', [hash]);

/** The collection a createCollection transaction made (its CollectionCreated event). */
export async function createdCollection(network: Network, hash: string): Promise<string | null> {
  for (const log of (await receiptOf(network, hash))?.logs ?? []) {
    const event = parsed(factoryAbi, log);
    if (event?.name === 'CollectionCreated') return String(event.args[0]);
  }
  return null;
}

/** The token ids a mint transaction made in `collection` (its Transfer events from 0). */
export async function mintedTokenIds(network: Network, hash: string, collection: string) {
  const ids: string[] = [];
  for (const log of (await receiptOf(network, hash))?.logs ?? []) {
    if (log.address.toLowerCase() !== collection.toLowerCase()) continue;
    const event = parsed(collectionAbi, log);
    if (event?.name === 'Transfer' && BigInt(event.args[0] as string) === 0n) {
      ids.push(String(event.args[2]));
    }
  }
  return ids;
}
