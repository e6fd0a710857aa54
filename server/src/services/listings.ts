/**
 * Listings: a maker's EIP-712 signed sell order (contracts/typed-data) becomes a stored order.
 * Before anything is written, everything the chain can refuse is checked on the chain itself:
 * the signature, ownership, the exchange's approval, each token's nonce and the maker's counter
 * (see contracts/src/Exchange.sol for why orders commit to nonces). listing-writes.ts then writes
 * it all in one database transaction.
 */
import { ZeroAddress } from 'ethers';
import { hashOrder, recoverOrderSigner } from '#contracts/typed-data/index.ts';
import { marketChain, type TradingContext } from '#server/chain/contracts.ts';
import { orderFillability } from '#server/chain/fillability.ts';
import { chainNow } from '#server/chain/reads.ts';
import { checkSignedFor } from '#server/chain/signed-network.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import { ItemsKind, type Order, type OrderJson } from '#shared/orders.ts';
import { type ListingResult, writeListing } from './listing-writes.ts';
import {
  checkOrderShape,
  checkOrderTimes,
  parseOrder,
  refuseUnfillable,
  saleKindColumn,
} from './order-rules.ts';

export type { ListingResult } from './listing-writes.ts';

export interface CreateListingInput {
  /** The chain id of the network (default: the server's CHAIN_ID). */
  networkId?: number;
  order: OrderJson;
  /** The maker's EIP-712 signature of the order (0x hex, 65 bytes). */
  signature: string;
  /** Name, description, image of the set or bundle row (SET / BUNDLE orders; name required). */
  name?: string;
  description?: string;
  image?: string;
}

/** The set or bundle name: required for those, unused for a single NFT. */
function groupName(order: Order, name: string | undefined): string | undefined {
  const trimmed = name?.trim();
  if (order.itemsKind !== ItemsKind.SINGLE && !trimmed) {
    throw new AppError('REQUIRED_FIELD', { message: 'Compulsory field: name' });
  }
  return trimmed;
}

/**
 * The stored listing of this exact signed order: a resend (the web app's outbox after a lost
 * answer) answers it again rather than ALREADY_LISTED. The order hash is the table's key.
 */
async function storedListing(
  ctx: TradingContext,
  networkId: number,
  orderHash: string,
  signature: string,
): Promise<ListingResult | null> {
  const row = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('order_hash', '=', orderHash)
    .executeTakeFirst();
  // The same order sent for another network is not a resend: its signature is checked there.
  if (!row || row.signature !== signature.toLowerCase() || row.network_id !== networkId) {
    return null;
  }
  return { order: row, setId: row.set_id, bundleId: row.bundle_id };
}

/**
 * Creates a listing. Checks: shape, times (chain clock), the maker's signature, on chain
 * ownership + approval + nonces + counter, no other live listing of an item. Writes the order,
 * the NFTs (ONSALE, price, sale type, flags), the set or bundle and LIST activities.
 */
export async function createListing(
  ctx: TradingContext,
  input: CreateListingInput,
): Promise<ListingResult> {
  const networkId = input.networkId ?? ctx.config.chainId;
  const order = parseOrder(input.order);
  checkOrderShape(order);
  const resent = await storedListing(
    ctx,
    networkId,
    hashOrder(order).toLowerCase(),
    input.signature,
  );
  if (resent) return resent;
  const m = await marketChain(ctx, networkId);
  const now = await chainNow(m);
  checkOrderTimes(order, now);
  // Bound to the network: a signature for another network's domain is WRONG_NETWORK.
  await checkSignedFor(ctx, networkId, m.domain, order.maker, (domain) =>
    recoverOrderSigner(domain, order, input.signature),
  );
  refuseUnfillable(await orderFillability(m, order), true);
  const name = groupName(order, input.name);
  const saleKind = saleKindColumn(order);
  return ctx.db.transaction().execute((tx) =>
    writeListing(tx, {
      networkId,
      order,
      orderHash: hashOrder(order).toLowerCase(),
      maker: toDbAddress(order.maker),
      saleKind,
      // an auction is paid in WVBC; the native coin's payment token is the zero address
      paymentToken: saleKind === 'AUCTION' ? toDbAddress(m.wvbc) : ZeroAddress,
      signature: input.signature.toLowerCase(),
      group: { name, description: input.description, image: input.image },
      now,
    }),
  );
}
