/**
 * What the drop screens read from and encode for the Drops contract (contracts/src/Drops.sol;
 * ethers: loaded with the drop screens only): a drop's settings and counters, a buyer's holding,
 * the calls (create, buy, deliver, refund, reveal, open or refund a bag, withdraw) and a dry run
 * of each before the wallet is asked (eth_call), whose revert reads as a catalogue key
 * (shared/drop-reverts.ts), so the user is told why before signing anything.
 */
import { Interface } from 'ethers';
import { DROPS_ABI } from '#contracts/abi/index.ts';
import { DROP_REVERT_CODES } from '#shared/drop-reverts.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { type ErrorKey, errorKeyFor } from '#web/lib/errors.ts';
import type { TxRequest } from '#web/wallet/connectors/types.ts';
import { RpcError, rpc } from '#web/wallet/rpc.ts';
import { DROP_KINDS, type DropKind, type DropState, type Holding, kindOf } from './rules.ts';

const dropsAbi = new Interface(DROPS_ABI);

/** The network's Drops contract, or null where none is deployed. */
export const dropsAddressOf = (network: Network): string | null => network.dropsAddress ?? null;

function dropsOf(network: Network): string {
  const address = dropsAddressOf(network);
  if (!address) throw new Error('no drops contract on this network');
  return address;
}

async function call(network: Network, fn: string, args: unknown[]) {
  const data = dropsAbi.encodeFunctionData(fn, args);
  const answer = await rpc<string>(network.rpcUrl, 'eth_call', [
    { to: dropsOf(network), data },
    'latest',
  ]);
  return dropsAbi.decodeFunctionResult(fn, answer);
}

/** A drop as the chain holds it (Drops.getDrop), plus what the screens need of it. */
export type ChainDrop = DropState & {
  dropId: bigint;
  partner: string;
  wrapped: boolean;
  eventTime: number;
  delivered: number;
  refunded: number;
  withdrawn: bigint;
  poolRoot: string;
  revealBlock: number;
  offset: number;
  revealed: boolean;
  uri: string;
};

export async function readDrop(network: Network, dropId: bigint): Promise<ChainDrop | null> {
  const d = (await call(network, 'getDrop', [dropId]))[0] as Record<string, unknown>;
  if (Number(d.kind) === 0) return null;
  const n = (k: string) => Number(d[k] as bigint);
  return {
    dropId,
    partner: String(d.partner),
    kind: kindOf(n('kind')),
    wrapped: Boolean(d.wrapped),
    price: BigInt(d.price as bigint),
    total: n('total'),
    limitPerWallet: n('limitPerWallet'),
    sold: n('sold'),
    delivered: n('delivered'),
    refunded: n('refunded'),
    withdrawn: BigInt(d.withdrawn as bigint),
    start: n('start'),
    end: n('end'),
    deadline: n('deadline'),
    eventTime: n('eventTime'),
    poolRoot: String(d.poolRoot),
    revealBlock: n('revealBlock'),
    offset: n('offset'),
    revealed: Boolean(d.revealed),
    uri: String(d.uri),
  };
}

/** What `buyer` bought, was delivered and refunded in a drop (Drops.purchases). */
export async function readHolding(network: Network, dropId: bigint, buyer: string) {
  const [bought, delivered, refunded] = await call(network, 'purchases', [dropId, buyer]);
  return {
    bought: Number(bought as bigint),
    delivered: Number(delivered as bigint),
    refunded: Number(refunded as bigint),
  } satisfies Holding;
}

/** The chain's time now (the latest block's timestamp). */
export async function chainNow(network: Network): Promise<number> {
  const block = await rpc<{ timestamp: string }>(network.rpcUrl, 'eth_getBlockByNumber', [
    'latest',
    false,
  ]);
  return Number(block.timestamp);
}

const tx = (network: Network, from: string, fn: string, args: unknown[], value = 0n) =>
  ({
    from,
    to: dropsOf(network),
    data: dropsAbi.encodeFunctionData(fn, args),
    value,
    chainId: network.networkId,
  }) satisfies TxRequest;

export type DropParams = {
  kind: DropKind;
  price: bigint;
  total: number;
  limitPerWallet: number;
  start: number;
  end: number;
  deadline: number;
  eventTime: number;
  poolRoot: string;
  uri: string;
};

/** A partner's createDrop, paid in the native coin (the studio's drops). */
export const createDropTx = (network: Network, from: string, p: DropParams) =>
  tx(network, from, 'createDrop', [
    [
      DROP_KINDS[p.kind],
      false,
      p.price,
      p.total,
      p.limitPerWallet,
      p.start,
      p.end,
      p.deadline,
      p.eventTime,
      p.poolRoot,
      p.uri,
    ],
  ]);

/** Buys `quantity` items paying exactly price × quantity as value (native-coin drops). */
export const buyTx = (
  network: Network,
  from: string,
  dropId: bigint,
  quantity: number,
  value: bigint,
) => tx(network, from, 'buy', [dropId, quantity], value);

export const deliverTx = (
  network: Network,
  from: string,
  dropId: bigint,
  buyer: string,
  uris: string[],
) => tx(network, from, 'deliver', [dropId, buyer, uris]);

export const refundTx = (network: Network, from: string, dropId: bigint) =>
  tx(network, from, 'refund', [dropId]);

export const revealTx = (network: Network, from: string, dropId: bigint) =>
  tx(network, from, 'reveal', [dropId]);

export const openBagTx = (
  network: Network,
  from: string,
  tokenId: bigint,
  uri: string,
  proof: string[],
) => tx(network, from, 'openBag', [tokenId, uri, proof]);

export const refundBagTx = (network: Network, from: string, tokenId: bigint) =>
  tx(network, from, 'refundBag', [tokenId]);

export const withdrawTx = (network: Network, from: string, dropId: bigint) =>
  tx(network, from, 'withdraw', [dropId]);

/** The catalogue key of a Drops revert (its custom error), else null. */
export function revertKey(data: unknown): ErrorKey | null {
  if (typeof data !== 'string' || !data.startsWith('0x') || data.length < 10) return null;
  try {
    const name = dropsAbi.parseError(data)?.name as keyof typeof DROP_REVERT_CODES | undefined;
    const code = name ? DROP_REVERT_CODES[name] : undefined;
    return code ? errorKeyFor(code, 400) : null;
  } catch {
    return null;
  }
}

/**
 * The call run first on the block it would go into (eth_call on `pending`, with its sender and
 * value: the next block's number and time, so a reveal block just mined or a deadline just
 * passed count as they will): null when the chain would accept it, else why not, so the wallet
 * is never asked to sign a refused call.
 */
export async function dryRun(network: Network, request: TxRequest): Promise<ErrorKey | null> {
  try {
    await rpc(network.rpcUrl, 'eth_call', [
      {
        from: request.from,
        to: request.to,
        data: request.data,
        value: `0x${request.value.toString(16)}`,
      },
      'pending',
    ]);
    return null;
  } catch (error) {
    if (error instanceof RpcError) {
      const key = revertKey(error.data);
      if (key) return key;
      if (/insufficient funds/i.test(error.message)) return 'notEnoughAccount';
    }
    return 'txRejected';
  }
}

type Receipt = {
  logs: ReadonlyArray<{ address: string; topics: readonly string[]; data: string }>;
};

/** The drop id a createDrop transaction made (its DropCreated event). */
export async function createdDropId(network: Network, hash: string): Promise<bigint | null> {
  const receipt = await rpc<Receipt | null>(network.rpcUrl, 'eth_getTransactionReceipt', [hash]);
  for (const log of receipt?.logs ?? []) {
    if (log.address.toLowerCase() !== dropsOf(network).toLowerCase()) continue;
    try {
      const event = dropsAbi.parseLog({ topics: [...log.topics], data: log.data });
      if (event?.name === 'DropCreated') return BigInt(event.args[0] as bigint);
    } catch {
      // another event of the contract
    }
  }
  return null;
}

/** The block a magic bag's reveal read (its hash is in the block header). */
export const blockHashOf = (network: Network, block: number) =>
  rpc<{ hash: string } | null>(network.rpcUrl, 'eth_getBlockByNumber', [
    `0x${block.toString(16)}`,
    false,
  ]).then((b) => b?.hash ?? null);
