/**
 * The items of drops in the catalogue: tokens of the Drops contract are NFTs of its `collections`
 * row (drop-events.ts), created by their mint Transfer (token-events.ts, onMints) with the drop's
 * partner as creator and, for editions, tickets and bags, their number "k of N".
 *
 * A pre-ordered item has no token until delivered: each one bought is an INCOMING NFT owned by
 * its buyer, under an id no token can have (INCOMING_BIT | dropId << 32 | the purchase's serial),
 * with PRE_ORDER provenance. Delivery makes the buyer's oldest INCOMING item the delivered token
 * (its id, metadata and NOTFORSALE; DELIVER provenance); a refund deletes the buyer's newest ones
 * (journaled with their provenance, so a reorg puts them back). A refunded bag's burn deletes
 * its NFT the same way. Opening a bag gives its NFT the pool item's metadata (REVEAL).
 */
import { notifyBagRevealed } from '../notifications/drop-notify.ts';
import { dropKey, type LockedDrop, lockDrop } from './drop-rows.ts';
import type { ChainEvent } from './events.ts';
import {
  addActivities,
  addActivity,
  blockTime,
  type EventHandler,
  type LogPosition,
  type RangeState,
} from './handler-context.ts';
import {
  type BlockContext,
  journaledDeleteNft,
  journaledUpdate,
  journalInsert,
  type Trx,
} from './journal.ts';
import type { Mint } from './token-events.ts';

/** The top bit: token ids of the Drops contract never have it (dropId < 2^223). */
export const INCOMING_BIT = 1n << 255n;
const SERIAL_MASK = (1n << 32n) - 1n;

export function incomingTokenId(dropId: bigint, serial: number): bigint {
  return INCOMING_BIT | (dropId << 32n) | BigInt(serial);
}

/** The INCOMING ids of a drop lie between these two. */
const incomingRange = (dropId: bigint) =>
  [
    incomingTokenId(dropId, 0).toString(),
    (INCOMING_BIT | (dropId << 32n) | SERIAL_MASK).toString(),
  ] as const;

/**
 * Each item of a purchase's log gets its own PRE_ORDER row: the first under the log's index,
 * the others under negative indexes derived from it (activities are unique per log and type).
 */
const itemPosition = (pos: LogPosition, i: number): LogPosition =>
  i === 0 ? pos : { ...pos, logIndex: -(pos.logIndex * 65_536 + i) };

export async function addIncomingItems(
  trx: Trx,
  state: RangeState,
  pos: LogPosition,
  drop: LockedDrop,
  e: Extract<ChainEvent, { kind: 'Purchased' }>,
): Promise<void> {
  const collection = await trx
    .selectFrom('collections')
    .select('id')
    .where('network_id', '=', state.networkId)
    .where('address', '=', drop.contract_address)
    .executeTakeFirst();
  const at = blockTime(state, pos);
  const rows = Array.from({ length: e.quantity }, (_, i) => ({
    network_id: state.networkId,
    collection_id: collection?.id ?? null,
    collection_address: drop.contract_address,
    token_id: incomingTokenId(e.dropId, e.firstSerial + i).toString(),
    token_nonce: '0',
    owner: e.buyer,
    creator: drop.partner,
    name: drop.title,
    description: drop.description,
    image: drop.cover,
    metadata_uri: drop.uri,
    status: 'INCOMING' as const,
    created_at: at,
  }));
  const inserted = await trx.insertInto('nfts').values(rows).returning('id').execute();
  const ctx = { networkId: state.networkId, blockNumber: pos.blockNumber };
  for (const { id } of inserted) await journalInsert(trx, ctx, 'nfts', { id });
  await addActivities(
    trx,
    state,
    inserted.map(({ id }, i) => ({
      pos: itemPosition(pos, i),
      type: 'PRE_ORDER' as const,
      row: {
        nft_id: id,
        collection_address: drop.contract_address,
        to_address: e.buyer,
        price: drop.price,
      },
    })),
  );
}

/** The buyer's INCOMING items of the drop, oldest first (`desc`: newest first). */
function incomingOf(trx: Trx, drop: LockedDrop, buyer: string, order: 'asc' | 'desc') {
  const [low, high] = incomingRange(BigInt(drop.drop_id));
  return trx
    .selectFrom('nfts')
    .select(['id', 'token_id', 'status', 'name', 'description', 'image', 'metadata_uri'])
    .where('network_id', '=', drop.network_id)
    .where('collection_address', '=', drop.contract_address)
    .where('owner', '=', buyer)
    .where('token_id', '>=', low)
    .where('token_id', '<=', high)
    .orderBy('token_id', order)
    .forUpdate();
}

export async function removeIncomingItems(
  trx: Trx,
  _state: RangeState,
  ctx: BlockContext,
  drop: LockedDrop,
  e: Extract<ChainEvent, { kind: 'Refunded' }>,
): Promise<void> {
  const items = await incomingOf(trx, drop, e.account, 'desc').limit(e.quantity).execute();
  for (const item of items) await journaledDeleteNft(trx, ctx, item.id);
}

/** What onMints writes for a drop's token: its partner as creator, its number of the total. */
export interface DropMintFields {
  creator: string;
  edition_number: number | null;
  edition_total: number | null;
}

/**
 * The mints of a run that are drop tokens: delivered pre-orders take over their INCOMING item
 * (and leave the run); the others get their drop's fields (by `collection:tokenId`).
 */
export async function takeDropMints(
  trx: Trx,
  state: RangeState,
  mints: Mint[],
): Promise<{ rest: Mint[]; fields: Map<string, DropMintFields> }> {
  const fields = new Map<string, DropMintFields>();
  const contract = state.contracts.drops;
  if (!contract || !mints.some((m) => m.event.collection === contract))
    return { rest: mints, fields };
  const rest: Mint[] = [];
  const drops = new Map<bigint, LockedDrop | undefined>();
  for (const mint of mints) {
    const { event: e } = mint;
    if (e.collection !== contract) {
      rest.push(mint);
      continue;
    }
    const dropId = e.tokenId >> 32n;
    if (!drops.has(dropId)) drops.set(dropId, await lockDrop(trx, state.networkId, dropId));
    const drop = drops.get(dropId);
    if (drop?.kind === 'PRE_ORDER' && (await deliverIncoming(trx, state, mint, drop))) continue;
    rest.push(mint);
    if (!drop) continue;
    const numbered = drop.kind !== 'PRE_ORDER';
    fields.set(`${e.collection}:${e.tokenId}`, {
      creator: drop.partner,
      edition_number: numbered ? Number(e.tokenId & SERIAL_MASK) : null,
      edition_total: numbered ? drop.total : null,
    });
  }
  return { rest, fields };
}

/** A delivered token takes over the buyer's oldest INCOMING item; false when there is none. */
async function deliverIncoming(
  trx: Trx,
  state: RangeState,
  { pos, event: e }: Mint,
  drop: LockedDrop,
): Promise<boolean> {
  const item = await incomingOf(trx, drop, e.to, 'asc').limit(1).executeTakeFirst();
  if (!item) return false;
  const { meta = null, uri = '' } = state.metadata.get(`${e.collection}:${e.tokenId}`) ?? {};
  const ctx = { networkId: state.networkId, blockNumber: pos.blockNumber };
  await journaledUpdate(
    trx,
    ctx,
    'nfts',
    { id: item.id },
    {
      token_id: e.tokenId.toString(),
      status: 'NOTFORSALE',
      name: meta?.name ?? item.name,
      description: meta?.description ?? item.description,
      image: meta?.image ?? item.image,
      metadata_uri: uri.startsWith('data:') ? '' : uri.slice(0, 2000),
    },
    item,
  );
  await addActivity(trx, state, pos, 'DELIVER', {
    nft_id: item.id,
    collection_address: e.collection,
    from_address: drop.contract_address,
    to_address: e.to,
  });
  return true;
}

/** A drop token burnt (a refunded bag): its NFT goes, journaled. */
export async function onDropItemBurnt(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  e: Extract<ChainEvent, { kind: 'Transfer' }>,
): Promise<void> {
  const nft = await trx
    .selectFrom('nfts')
    .select('id')
    .where('network_id', '=', state.networkId)
    .where('collection_address', '=', e.collection)
    .where('token_id', '=', e.tokenId.toString())
    .executeTakeFirst();
  if (nft) await journaledDeleteNft(trx, ctx, nft.id);
}

export const onRevealed: EventHandler<'Revealed'> = async (trx, state, ctx, _pos, e) => {
  const drop = await lockDrop(trx, state.networkId, e.dropId);
  if (!drop) return;
  const values = {
    revealed: true,
    reveal_block: e.revealBlock,
    reveal_hash: e.blockHash,
    reveal_offset: e.offset,
  };
  await journaledUpdate(trx, ctx, 'drops', dropKey(state.networkId, e.dropId), values, drop);
  await notifyBagRevealed(trx, ctx, drop);
};

export const onBagOpened: EventHandler<'BagOpened'> = async (trx, state, ctx, pos, e) => {
  const dropId = e.tokenId >> 32n;
  const drop = await lockDrop(trx, state.networkId, dropId);
  if (!drop) return;
  const counters = { opened: drop.opened + 1, delivered: drop.delivered + 1 };
  await journaledUpdate(trx, ctx, 'drops', dropKey(state.networkId, dropId), counters, drop);
  const nft = await trx
    .selectFrom('nfts')
    .select(['id', 'owner', 'name', 'description', 'image', 'metadata_uri'])
    .where('network_id', '=', state.networkId)
    .where('collection_address', '=', drop.contract_address)
    .where('token_id', '=', e.tokenId.toString())
    .forUpdate()
    .executeTakeFirst();
  if (!nft) return;
  const meta = state.metadata.get(`bag:${e.tokenId}`)?.meta ?? null;
  const content = {
    name: meta?.name ?? nft.name,
    description: meta?.description ?? nft.description,
    image: meta?.image ?? nft.image,
    metadata_uri: e.uri.startsWith('data:') ? '' : e.uri.slice(0, 2000),
  };
  await journaledUpdate(trx, ctx, 'nfts', { id: nft.id }, content, nft);
  await addActivity(trx, state, pos, 'REVEAL', {
    nft_id: nft.id,
    collection_address: drop.contract_address,
    to_address: nft.owner,
  });
  await trx
    .insertInto('drop_events')
    .values({
      network_id: state.networkId,
      tx_hash: pos.txHash,
      log_index: pos.logIndex,
      block_number: pos.blockNumber,
      type: 'OPEN',
      drop_id: dropId.toString(),
      account: nft.owner,
      quantity: 1,
      amount: null,
      first_token_id: e.tokenId.toString(),
      created_at: blockTime(state, pos),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
};
