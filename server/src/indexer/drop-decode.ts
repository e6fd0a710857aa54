/**
 * The events of contracts/src/Drops.sol (contracts/src/interfaces/IDrops.sol) as the indexer
 * reads them: topics to ask the node for, and each log decoded (addresses lowercase). The
 * contract's ERC-721 Transfers are read as a collection's (events.ts).
 */
import type { Log } from 'ethers';
import { dropsInterface } from '#server/chain/abi.ts';
import { DROP_KINDS, type DropKind } from '#shared/enums.ts';
import { toDbAddress } from '../db/values.ts';

const NAMES = [
  'DropCreated',
  'Purchased',
  'Delivered',
  'Refunded',
  'RevealScheduled',
  'Revealed',
  'BagOpened',
  'Withdrawn',
  'DropCancelled',
] as const;

export const DROP_TOPICS = Object.fromEntries(
  NAMES.map((name) => [name, dropsInterface.getEvent(name)!.topicHash]),
) as Record<(typeof NAMES)[number], string>;

export interface DropCreatedParams {
  kind: DropKind;
  wrapped: boolean;
  price: bigint;
  total: number;
  limitPerWallet: number;
  start: number;
  end: number;
  deadline: number;
  eventTime: number;
  poolRoot: string;
  uri: string;
}

export type DropEvent =
  | { kind: 'DropCreated'; dropId: bigint; partner: string; params: DropCreatedParams }
  | {
      kind: 'Purchased';
      dropId: bigint;
      buyer: string;
      quantity: number;
      amount: bigint;
      firstSerial: number;
    }
  | { kind: 'Delivered'; dropId: bigint; buyer: string; quantity: number; firstTokenId: bigint }
  | { kind: 'Refunded'; dropId: bigint; account: string; quantity: number; amount: bigint }
  | { kind: 'RevealScheduled'; dropId: bigint; revealBlock: number }
  | { kind: 'Revealed'; dropId: bigint; revealBlock: number; blockHash: string; offset: number }
  | { kind: 'BagOpened'; tokenId: bigint; poolIndex: number; uri: string }
  | { kind: 'Withdrawn'; dropId: bigint; partner: string; amount: bigint }
  | { kind: 'DropCancelled'; dropId: bigint };

function createdParams(p: Record<string, unknown> & unknown[]): DropCreatedParams {
  const kind = DROP_KINDS[Number(p[0]) - 1];
  if (!kind) throw new Error(`unknown drop kind ${p[0]}`);
  return {
    kind,
    wrapped: Boolean(p[1]),
    price: p[2] as bigint,
    total: Number(p[3]),
    limitPerWallet: Number(p[4]),
    start: Number(p[5]),
    end: Number(p[6]),
    deadline: Number(p[7]),
    eventTime: Number(p[8]),
    poolRoot: String(p[9]).toLowerCase(),
    uri: String(p[10]),
  };
}

/** A Drops log other than Transfer, decoded; null for events the indexer does not follow. */
export function decodeDropLog(log: Pick<Log, 'topics' | 'data'>): DropEvent | null {
  const p = dropsInterface.parseLog({ topics: [...log.topics], data: log.data });
  if (!p) return null;
  const a = p.args;
  switch (p.name) {
    case 'DropCreated':
      return {
        kind: 'DropCreated',
        dropId: a[0] as bigint,
        partner: toDbAddress(a[1] as string),
        params: createdParams(a[2]),
      };
    case 'Purchased':
      return {
        kind: 'Purchased',
        dropId: a[0] as bigint,
        buyer: toDbAddress(a[1] as string),
        quantity: Number(a[2]),
        amount: a[3] as bigint,
        firstSerial: Number(a[4]),
      };
    case 'Delivered':
      return {
        kind: 'Delivered',
        dropId: a[0] as bigint,
        buyer: toDbAddress(a[1] as string),
        quantity: Number(a[2]),
        firstTokenId: a[3] as bigint,
      };
    case 'Refunded':
      return {
        kind: 'Refunded',
        dropId: a[0] as bigint,
        account: toDbAddress(a[1] as string),
        quantity: Number(a[2]),
        amount: a[3] as bigint,
      };
    case 'RevealScheduled':
      return { kind: 'RevealScheduled', dropId: a[0] as bigint, revealBlock: Number(a[1]) };
    case 'Revealed':
      return {
        kind: 'Revealed',
        dropId: a[0] as bigint,
        revealBlock: Number(a[1]),
        blockHash: String(a[2]).toLowerCase(),
        offset: Number(a[3]),
      };
    case 'BagOpened':
      return {
        kind: 'BagOpened',
        tokenId: a[0] as bigint,
        poolIndex: Number(a[1]),
        uri: String(a[2]),
      };
    case 'Withdrawn':
      return {
        kind: 'Withdrawn',
        dropId: a[0] as bigint,
        partner: toDbAddress(a[1] as string),
        amount: a[2] as bigint,
      };
    case 'DropCancelled':
      return { kind: 'DropCancelled', dropId: a[0] as bigint };
    default:
      return null;
  }
}
