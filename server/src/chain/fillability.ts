/**
 * Whether the chain would still let an order move its items: each item's owner and transfer
 * nonce, the maker's counter and the exchange's approval, read from the collection and the
 * exchange (see contracts/src/Exchange.sol for why orders commit to nonces and a counter).
 */
import { Contract, getAddress } from 'ethers';
import type { Order } from '#shared/orders.ts';
import { collectionInterface } from './abi.ts';
import type { MarketChain } from './contracts.ts';
import { viewOrNull } from './provider.ts';
import { makerCounter } from './reads.ts';

export type Fillability =
  | { ok: true }
  | { ok: false; reason: 'NOT_OWNER' | 'NONCE' | 'COUNTER' | 'NOT_APPROVED'; tokenId?: bigint };

function collectionContract(m: MarketChain, collection: string): Contract {
  return new Contract(collection, collectionInterface, m.provider);
}

/** Per token: its owner (null when it does not exist) and its transfer nonce. */
async function tokenStates(
  m: MarketChain,
  collection: string,
  tokenIds: readonly bigint[],
): Promise<{ owner: string | null; nonce: bigint | null }[]> {
  const c = collectionContract(m, collection);
  return Promise.all(
    tokenIds.map(async (id) => {
      const [owner, nonce] = await Promise.all([
        viewOrNull(() => c.getFunction('ownerOf')(id) as Promise<string>),
        viewOrNull(() => c.getFunction('tokenNonce')(id) as Promise<bigint>),
      ]);
      return { owner: owner ? getAddress(owner) : null, nonce };
    }),
  );
}

export async function isApprovedForAll(
  m: MarketChain,
  collection: string,
  owner: string,
  operator: string,
): Promise<boolean> {
  const c = collectionContract(m, collection);
  const approved = await viewOrNull(
    () => c.getFunction('isApprovedForAll')(owner, operator) as Promise<boolean>,
  );
  return approved === true;
}

/** Without an approval for all: whether each token is approved to the exchange one by one. */
async function eachApproved(m: MarketChain, collection: string, ids: bigint[]): Promise<boolean> {
  const c = collectionContract(m, collection);
  const approvals = await Promise.all(
    ids.map((id) => viewOrNull(() => c.getFunction('getApproved')(id) as Promise<string>)),
  );
  return approvals.every((a) => a !== null && getAddress(a) === m.exchange);
}

/**
 * Whether the chain would still let `order` move the chosen items (indexes; default all): the
 * maker owns each, its nonce is the signed one, the maker's counter is the signed one and the
 * exchange is approved. Time and payment are checked by the callers.
 */
export async function orderFillability(
  m: MarketChain,
  order: Order,
  indexes?: readonly number[],
): Promise<Fillability> {
  const chosen = indexes ?? order.tokenIds.map((_, i) => i);
  const ids = chosen.map((i) => order.tokenIds[i]!);
  const [states, counter, approved] = await Promise.all([
    tokenStates(m, order.collection, ids),
    makerCounter(m, order.maker),
    isApprovedForAll(m, order.collection, order.maker, m.exchange),
  ]);
  for (const [k, i] of chosen.entries()) {
    const state = states[k]!;
    const tokenId = order.tokenIds[i]!;
    if (state.owner !== getAddress(order.maker)) return { ok: false, reason: 'NOT_OWNER', tokenId };
    if (state.nonce !== order.tokenNonces[i]) return { ok: false, reason: 'NONCE', tokenId };
  }
  if (counter !== order.counter) return { ok: false, reason: 'COUNTER' };
  if (!approved && !(await eachApproved(m, order.collection, ids))) {
    return { ok: false, reason: 'NOT_APPROVED' };
  }
  return { ok: true };
}
