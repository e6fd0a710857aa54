/**
 * The one way a client-signed transaction reaches a node. The RPC proxy's
 * eth_sendRawTransaction, the gateway's createTransaction and the trade routes (send-rawtx,
 * raw-matchOrder*) all call `broadcastRawTransaction`, so every path makes the same checks:
 * decode, the signer (when the caller names one), the chain id, the path's own rule on what it
 * carries, the nonce (the sender's next, or a replacement of one still waiting, with at most
 * MAX_PENDING_PER_SENDER waiting: a nonce far ahead would wait in the node's pool for free), a
 * simulation from the sender (a revert answers its code instead of a failed
 * transaction), the unwrap-lock rule for WVBC calls, then the broadcast.
 *
 * It runs in two steps so a path can answer each in its own way: `decodeRawTransaction` refuses a
 * bad request, `sendDecoded` a transaction the chain or our rules would refuse.
 */
import { getAddress, isCallException, type JsonRpcProvider, Transaction } from 'ethers';
import { MAX_PENDING_PER_SENDER } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { type ContractAddresses, contractAddresses, type TradingContext } from './contracts.ts';
import { revertError } from './reverts.ts';
import { assertKeepsLock, wvbcEffect } from './unwrap-lock.ts';

/** A signed transaction, decoded, with the network it is for. */
export interface DecodedTransaction {
  networkId: number;
  rawTx: string;
  tx: Transaction;
  /** The signer (checksummed). */
  from: string;
  /** The callee (checksummed); null for a contract creation. */
  to: string | null;
  contracts: ContractAddresses;
  provider: JsonRpcProvider;
}

export interface BroadcastInput {
  networkId: number;
  rawTx: string;
  /** The sender the caller names (the gateway's `from`): INVALID_SIGNATURE when not the signer. */
  from?: string;
  /** A path's own rule on what it carries (e.g. only marketplace calls); throws to refuse. */
  accept?: (decoded: DecodedTransaction) => void;
}

export interface SentTransaction {
  txHash: string;
  from: string;
  to: string | null;
}

function decode(rawTx: string): Transaction {
  try {
    return Transaction.from(rawTx);
  } catch (cause) {
    throw new AppError('VALIDATION_FAILED', { message: 'Invalid: rawTx', cause });
  }
}

/** Decodes and checks a request to broadcast: refusals here are the caller's mistake. */
export async function decodeRawTransaction(
  ctx: TradingContext,
  input: BroadcastInput,
): Promise<DecodedTransaction> {
  const tx = decode(input.rawTx);
  if (input.from !== undefined && (!tx.from || tx.from !== getAddress(input.from.toLowerCase()))) {
    throw new AppError('INVALID_SIGNATURE');
  }
  if (!tx.isSigned() || !tx.from) {
    throw new AppError('VALIDATION_FAILED', { message: 'Invalid: rawTx is not a signed call' });
  }
  if (tx.chainId !== BigInt(input.networkId)) throw new AppError('WRONG_NETWORK');
  const decoded: DecodedTransaction = {
    networkId: input.networkId,
    rawTx: input.rawTx,
    tx,
    from: getAddress(tx.from),
    to: tx.to ? getAddress(tx.to) : null,
    contracts: await contractAddresses(ctx, input.networkId),
    provider: await ctx.chain.provider(input.networkId),
  };
  input.accept?.(decoded);
  return decoded;
}

/** A node's refusal of a call or a transaction, as our error. */
function nodeRefusal(cause: unknown): AppError {
  if (isCallException(cause)) return revertError(cause);
  const { code, shortMessage } = cause as { code?: string; shortMessage?: string };
  if (code && code !== 'NETWORK_ERROR' && code !== 'TIMEOUT' && code !== 'SERVER_ERROR') {
    return new AppError('TX_REJECTED', {
      message: `The transaction was refused: ${shortMessage ?? code}`,
      cause,
    });
  }
  return new AppError('CHAIN_UNAVAILABLE', { cause });
}

/**
 * The nonce is the sender's next (the count with the pool's transactions), or replaces one of
 * theirs still waiting; NONCE_NOT_NEXT for a gap or a used nonce, TOO_MANY_PENDING when the
 * sender already has MAX_PENDING_PER_SENDER waiting.
 */
async function assertNonce(provider: JsonRpcProvider, from: string, nonce: number): Promise<void> {
  let mined: number;
  let next: number;
  try {
    [mined, next] = await Promise.all([
      provider.getTransactionCount(from, 'latest'),
      provider.getTransactionCount(from, 'pending'),
    ]);
  } catch (cause) {
    throw nodeRefusal(cause);
  }
  if (nonce < mined || nonce > next) throw new AppError('NONCE_NOT_NEXT');
  if (nonce - mined >= MAX_PENDING_PER_SENDER) throw new AppError('TOO_MANY_PENDING');
}

/** Checks the nonce, simulates, applies the unwrap-lock rule, then broadcasts; answers the hash. */
export async function sendDecoded(
  ctx: TradingContext,
  d: DecodedTransaction,
): Promise<SentTransaction> {
  const { tx, from, to, provider } = d;
  await assertNonce(provider, from, tx.nonce);
  try {
    await provider.call({ from, to, data: tx.data, value: tx.value });
  } catch (cause) {
    throw nodeRefusal(cause);
  }
  const { wvbc, exchange } = d.contracts;
  if (wvbc !== null && to === wvbc) {
    const effect = wvbcEffect(from, tx.data, exchange);
    if (effect) await assertKeepsLock(ctx.db, { networkId: d.networkId, wvbc, provider }, effect);
  }
  try {
    const sent = await provider.broadcastTransaction(d.rawTx);
    return { txHash: sent.hash.toLowerCase(), from, to };
  } catch (cause) {
    throw nodeRefusal(cause);
  }
}

/** Every check, then the broadcast. */
export async function broadcastRawTransaction(
  ctx: TradingContext,
  input: BroadcastInput,
): Promise<SentTransaction> {
  return sendDecoded(ctx, await decodeRawTransaction(ctx, input));
}
