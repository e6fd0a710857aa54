/**
 * The fractional events the indexer follows (contracts/src/interfaces/IFractional.sol): the
 * factory's VaultCreated and each known vault's events, its ERC-20 share Transfer included (3
 * topics: the ERC-721 Transfer of a collection has 4). Decoded into `FractionalEvent`s, one kind
 * per event; addresses lowercase, order hashes lowercase.
 */
import type { Log } from 'ethers';
import { fractionalFactoryInterface, vaultInterface } from '#server/chain/abi.ts';
import { toDbAddress } from '../db/values.ts';

export type FractionalEvent =
  | {
      kind: 'VaultCreated';
      vault: string;
      collection: string;
      tokenId: bigint;
      curator: string;
      supply: bigint;
      pricePerShare: bigint;
      purchaseLimit: bigint;
      saleStart: bigint;
      saleEnd: bigint;
      reservePrice: bigint;
    }
  | { kind: 'ShareTransfer'; vault: string; from: string; to: string; shares: bigint }
  | { kind: 'SharesBought'; vault: string; buyer: string; shares: bigint; paid: bigint }
  | { kind: 'UnsoldReleased'; vault: string; curator: string; shares: bigint }
  | {
      kind: 'ShareOrderFilled';
      vault: string;
      orderHash: string;
      maker: string;
      taker: string;
      shares: bigint;
      amount: bigint;
      fee: bigint;
    }
  | { kind: 'ShareOrderCancelled'; vault: string; orderHash: string; maker: string }
  | { kind: 'BuyoutBid'; vault: string; bidder: string; amount: bigint; endsAt: bigint }
  | { kind: 'BuyoutSucceeded' | 'BuyoutFailed'; vault: string; bidder: string; amount: bigint }
  | { kind: 'CashedOut'; vault: string; holder: string; shares: bigint; payout: bigint }
  | { kind: 'Redeemed'; vault: string; holder: string };

export type FractionalKind = FractionalEvent['kind'];

const eventTopic = (name: string) => vaultInterface.getEvent(name)!.topicHash;

/** Topics to ask eth_getLogs for (the share Transfer's is the ERC-721 one, already asked). */
export const FRACTIONAL_TOPICS = [
  fractionalFactoryInterface.getEvent('VaultCreated')!.topicHash,
  ...[
    'SharesBought',
    'UnsoldReleased',
    'ShareOrderFilled',
    'ShareOrderCancelled',
    'BuyoutBid',
    'BuyoutSucceeded',
    'BuyoutFailed',
    'CashedOut',
    'Redeemed',
  ].map(eventTopic),
];

const TRANSFER = eventTopic('Transfer');
const addr = (v: unknown) => toDbAddress(v as string);
const big = (v: unknown) => v as bigint;

/** A factory log: VaultCreated, else null. */
export function decodeFactoryLog(log: Pick<Log, 'topics' | 'data'>): FractionalEvent | null {
  const p = fractionalFactoryInterface.parseLog(log);
  if (p?.name !== 'VaultCreated') return null;
  const a = p.args;
  return {
    kind: 'VaultCreated',
    vault: addr(a[0]),
    collection: addr(a[1]),
    tokenId: big(a[2]),
    curator: addr(a[3]),
    supply: big(a[4]),
    pricePerShare: big(a[5]),
    purchaseLimit: big(a[6]),
    saleStart: big(a[7]),
    saleEnd: big(a[8]),
    reservePrice: big(a[9]),
  };
}

/** A log of the vault `vault` (lowercase), else null. */
export function decodeVaultLog(
  vault: string,
  log: Pick<Log, 'topics' | 'data'>,
): FractionalEvent | null {
  if (log.topics[0] === TRANSFER && log.topics.length !== 3) return null;
  const p = vaultInterface.parseLog(log);
  if (!p) return null;
  const a = p.args;
  switch (p.name) {
    case 'Transfer':
      return { kind: 'ShareTransfer', vault, from: addr(a[0]), to: addr(a[1]), shares: big(a[2]) };
    case 'SharesBought':
      return { kind: 'SharesBought', vault, buyer: addr(a[0]), shares: big(a[1]), paid: big(a[2]) };
    case 'UnsoldReleased':
      return { kind: 'UnsoldReleased', vault, curator: addr(a[0]), shares: big(a[1]) };
    case 'ShareOrderFilled':
      return {
        kind: 'ShareOrderFilled',
        vault,
        orderHash: (a[0] as string).toLowerCase(),
        maker: addr(a[1]),
        taker: addr(a[2]),
        shares: big(a[3]),
        amount: big(a[4]),
        fee: big(a[5]),
      };
    case 'ShareOrderCancelled':
      return {
        kind: 'ShareOrderCancelled',
        vault,
        orderHash: (a[0] as string).toLowerCase(),
        maker: addr(a[1]),
      };
    case 'BuyoutBid':
      return { kind: 'BuyoutBid', vault, bidder: addr(a[0]), amount: big(a[1]), endsAt: big(a[2]) };
    case 'BuyoutSucceeded':
    case 'BuyoutFailed':
      return { kind: p.name, vault, bidder: addr(a[0]), amount: big(a[1]) };
    case 'CashedOut':
      return { kind: 'CashedOut', vault, holder: addr(a[0]), shares: big(a[1]), payout: big(a[2]) };
    case 'Redeemed':
      return { kind: 'Redeemed', vault, holder: addr(a[0]) };
    default:
      return null;
  }
}
