/**
 * The chain events the indexer follows, decoded with the ABIs' interfaces (server/src/chain/abi.ts):
 * one `eth_getLogs` per block range asks for all of their topics, then each log is kept only when
 * it comes from one of our contracts (factory, exchange, WVBC, gifts, or a collection the
 * factory created).
 */
import type { EventFragment, Interface, Log } from 'ethers';
import {
  collectionInterface,
  exchangeInterface,
  factoryInterface,
  giftsInterface,
  wvbcInterface,
} from '#server/chain/abi.ts';
import { toDbAddress } from '../db/values.ts';
import {
  decodeFactoryLog,
  decodeVaultLog,
  FRACTIONAL_TOPICS,
  type FractionalEvent,
} from './fractional-decode.ts';

function topic(iface: Interface, name: string): string {
  const event = iface.getEvent(name);
  if (!event) throw new Error(`event ${name} missing from the ABI`);
  return event.topicHash;
}

export const TOPICS = {
  CollectionCreated: topic(factoryInterface, 'CollectionCreated'),
  /** ERC-721 Transfer(from, to, id): 4 topics (the ERC-20 Transfer of WVBC has 3). */
  Transfer: topic(collectionInterface, 'Transfer'),
  TokenNonceBumped: topic(collectionInterface, 'TokenNonceBumped'),
  ApprovalEpochBumped: topic(collectionInterface, 'ApprovalEpochBumped'),
  OrderFilled: topic(exchangeInterface, 'OrderFilled'),
  OrderCancelled: topic(exchangeInterface, 'OrderCancelled'),
  CounterIncremented: topic(exchangeInterface, 'CounterIncremented'),
  BidRecorded: topic(exchangeInterface, 'BidRecorded'),
  RecordedBidReturned: topic(exchangeInterface, 'RecordedBidReturned'),
  Deposit: topic(wvbcInterface, 'Deposit'),
  Withdrawal: topic(wvbcInterface, 'Withdrawal'),
  GiftCreated: topic(giftsInterface, 'GiftCreated'),
  GiftClaimed: topic(giftsInterface, 'GiftClaimed'),
  GiftTakenBack: topic(giftsInterface, 'GiftTakenBack'),
} as const;

export const ALL_TOPICS = [...Object.values(TOPICS), ...FRACTIONAL_TOPICS];

/**
 * The event fragments of each interface by topic hash. ethers' parseLog finds the fragment by
 * hashing every event's signature again on each call (keccak-256 in JS was the indexer's top
 * CPU cost at 20,000 events); decodeEventLog with the fragment does not.
 */
const fragments = new WeakMap<Interface, Map<string, EventFragment>>();

function parseLog(iface: Interface, log: Pick<Log, 'topics' | 'data'>) {
  let byTopic = fragments.get(iface);
  if (!byTopic) {
    byTopic = new Map();
    iface.forEachEvent((e) => byTopic!.set(e.topicHash, e));
    fragments.set(iface, byTopic);
  }
  const fragment = log.topics[0] ? byTopic.get(log.topics[0]) : undefined;
  if (!fragment) return null;
  return { name: fragment.name, args: iface.decodeEventLog(fragment, log.data, log.topics) };
}

/** An address held in a 32-byte topic (the last 20 bytes, the rest zero), lowercase. */
function topicAddress(topic: string): string {
  if (!/^0x0{24}[0-9a-fA-F]{40}$/.test(topic)) throw new Error(`not an address topic: ${topic}`);
  return `0x${topic.slice(26).toLowerCase()}`;
}

export type ChainEvent =
  | { kind: 'CollectionCreated'; collection: string; creator: string; name: string; symbol: string }
  | { kind: 'Transfer'; collection: string; from: string; to: string; tokenId: bigint }
  | { kind: 'TokenNonceBumped'; collection: string; tokenId: bigint; nonce: bigint }
  /** A holder revoked an operator: the nonce of each token it holds in `collection` went up. */
  | { kind: 'ApprovalEpochBumped'; collection: string; holder: string; epoch: bigint }
  | {
      kind: 'OrderFilled';
      orderHash: string;
      maker: string;
      taker: string;
      /** The order's collection (lowercase). */
      collection: string;
      itemMask: bigint;
      /** Paid by the taker, fee included (wei). */
      amount: bigint;
      /** The platform's part of `amount` (wei). */
      fee: bigint;
    }
  | { kind: 'OrderCancelled'; orderHash: string; maker: string }
  | { kind: 'CounterIncremented'; maker: string; newCounter: bigint }
  /** A bid put on chain (escrowed), or its escrow paid back (the auction can no longer settle). */
  | {
      kind: 'BidRecorded' | 'RecordedBidReturned';
      orderHash: string;
      bidder: string;
      amount: bigint;
    }
  | { kind: 'Deposit'; account: string; amount: bigint }
  | { kind: 'Withdrawal'; account: string; amount: bigint }
  | {
      kind: 'GiftCreated';
      giftId: bigint;
      giver: string;
      collection: string;
      tokenId: bigint;
      claimKey: string;
    }
  | { kind: 'GiftClaimed'; giftId: bigint; recipient: string }
  | { kind: 'GiftTakenBack'; giftId: bigint }
  /** Fractional vaults and their factory (fractional-decode.ts). */
  | FractionalEvent;

export interface Contracts {
  factory: string;
  exchange: string;
  wvbc: string;
  /** The gift escrow; null on a network registered before it existed. */
  gifts: string | null;
  /** The fractional vault factory; null where it is not deployed. */
  fractionalFactory?: string | null;
}

/**
 * Decodes a log of our contracts; null for anything else. `collections` holds the lowercase
 * addresses of the collections known so far (the caller adds each CollectionCreated in order).
 */
export function decodeLog(
  log: Pick<Log, 'address' | 'topics' | 'data'>,
  contracts: Contracts,
  collections: ReadonlySet<string>,
  vaults: ReadonlySet<string> = new Set(),
): ChainEvent | null {
  const address = toDbAddress(log.address);
  const t0 = log.topics[0];
  const parse = (iface: Interface) => parseLog(iface, log);
  if (address === contracts.factory) {
    if (t0 !== TOPICS.CollectionCreated) return null;
    const p = parse(factoryInterface);
    if (!p) return null;
    return {
      kind: 'CollectionCreated',
      collection: toDbAddress(p.args[0] as string),
      creator: toDbAddress(p.args[1] as string),
      name: p.args[2] as string,
      symbol: p.args[3] as string,
    };
  }
  if (address === contracts.exchange) return decodeExchangeLog(parse(exchangeInterface));
  if (address === contracts.wvbc) {
    if (t0 !== TOPICS.Deposit && t0 !== TOPICS.Withdrawal) return null;
    const p = parse(wvbcInterface);
    if (!p) return null;
    return {
      kind: p.name === 'Deposit' ? 'Deposit' : 'Withdrawal',
      account: toDbAddress(p.args[0] as string),
      amount: p.args[1] as bigint,
    };
  }
  if (address === contracts.gifts) return decodeGiftLog(parse(giftsInterface));
  if (vaults.has(address)) return decodeVaultLog(address, log);
  if (address === contracts.fractionalFactory) return decodeFactoryLog(log);
  if (collections.has(address)) {
    if (t0 === TOPICS.Transfer && log.topics.length === 4) {
      // Transfer(address indexed from, address indexed to, uint256 indexed id): all in topics
      const [, from, to, id] = log.topics as [string, string, string, string];
      return {
        kind: 'Transfer',
        collection: address,
        from: topicAddress(from),
        to: topicAddress(to),
        tokenId: BigInt(id),
      };
    }
    if (t0 === TOPICS.TokenNonceBumped) {
      const p = parse(collectionInterface);
      if (!p) return null;
      return {
        kind: 'TokenNonceBumped',
        collection: address,
        tokenId: p.args[0] as bigint,
        nonce: p.args[1] as bigint,
      };
    }
    if (t0 === TOPICS.ApprovalEpochBumped) {
      const p = parse(collectionInterface);
      if (!p) return null;
      return {
        kind: 'ApprovalEpochBumped',
        collection: address,
        holder: toDbAddress(p.args[0] as string),
        epoch: p.args[1] as bigint,
      };
    }
  }
  return null;
}

/** OrderFilled, OrderCancelled, CounterIncremented, BidRecorded, RecordedBidReturned. */
function decodeExchangeLog(p: ReturnType<typeof parseLog>): ChainEvent | null {
  if (!p) return null;
  switch (p.name) {
    case 'OrderFilled':
      return {
        kind: 'OrderFilled',
        orderHash: (p.args[0] as string).toLowerCase(),
        maker: toDbAddress(p.args[1] as string),
        taker: toDbAddress(p.args[2] as string),
        collection: toDbAddress(p.args[3] as string),
        itemMask: p.args[4] as bigint,
        amount: p.args[5] as bigint,
        fee: p.args[6] as bigint,
      };
    case 'OrderCancelled':
      return {
        kind: 'OrderCancelled',
        orderHash: (p.args[0] as string).toLowerCase(),
        maker: toDbAddress(p.args[1] as string),
      };
    case 'CounterIncremented':
      return {
        kind: 'CounterIncremented',
        maker: toDbAddress(p.args[0] as string),
        newCounter: p.args[1] as bigint,
      };
    case 'BidRecorded':
    case 'RecordedBidReturned':
      return {
        kind: p.name,
        orderHash: (p.args[0] as string).toLowerCase(),
        bidder: toDbAddress(p.args[1] as string),
        amount: p.args[2] as bigint,
      };
    default:
      return null;
  }
}

/** GiftCreated, GiftClaimed, GiftTakenBack of contracts/src/Gifts.sol. */
function decodeGiftLog(p: ReturnType<typeof parseLog>): ChainEvent | null {
  switch (p?.name) {
    case 'GiftCreated':
      return {
        kind: 'GiftCreated',
        giftId: p.args[0] as bigint,
        giver: toDbAddress(p.args[1] as string),
        collection: toDbAddress(p.args[2] as string),
        tokenId: p.args[3] as bigint,
        claimKey: toDbAddress(p.args[4] as string),
      };
    case 'GiftClaimed':
      return {
        kind: 'GiftClaimed',
        giftId: p.args[0] as bigint,
        recipient: toDbAddress(p.args[1]),
      };
    case 'GiftTakenBack':
      return { kind: 'GiftTakenBack', giftId: p.args[0] as bigint };
    default:
      return null;
  }
}

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Number of set bits of an item mask (items bought by one fill). */
export function popCount(mask: bigint): number {
  let count = 0;
  for (let m = mask; m > 0n; m >>= 1n) if (m & 1n) count++;
  return count;
}
