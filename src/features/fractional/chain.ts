/**
 * What the fractional screens read from and encode for the chain (ethers: loaded with those
 * screens only): a vault's live state and the user's position in it, the factory's fee, every
 * vault call (contracts/src/fractional/*.sol) as a transaction, the EIP-712 share listing
 * (contracts/typed-data/shares.ts) and a dry run that names a refusal in the catalogue's words
 * before the wallet is asked (shared/fractional-errors.ts). docs/decisions/120-fractional-screens.md
 */
import { Interface, JsonRpcProvider } from 'ethers';
import {
  COLLECTION_FACTORY_ABI,
  FRACTIONAL_VAULT_ABI,
  FRACTIONAL_VAULT_FACTORY_ABI,
  MARKETPLACE_COLLECTION_ABI,
  WVBC_ABI,
} from '#contracts/abi/index.ts';
import {
  fractionalDomain,
  SHARE_ORDER_TYPES,
  type ShareOrder,
} from '#contracts/typed-data/shares.ts';
import { fractionalRevertCode } from '#shared/fractional-errors.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { codeKey, type ErrorKey } from '#web/lib/errors.ts';
import type { TxRequest, TypedDataPayload } from '#web/wallet/connectors/types.ts';
import type { Terms } from './rules.ts';

const vaultAbi = new Interface(FRACTIONAL_VAULT_ABI);
const factoryAbi = new Interface(FRACTIONAL_VAULT_FACTORY_ABI);
const collectionAbi = new Interface(MARKETPLACE_COLLECTION_ABI);
const wvbcAbi = new Interface(WVBC_ABI);

export const VAULT_STATES = ['IDLE', 'LIVE', 'SUCCEEDED', 'FAILED', 'REDEEMED'] as const;
export type VaultState = (typeof VAULT_STATES)[number];

/** The network's fractional factory (null where none is deployed). */
export function factoryOf(network: Network): string | null {
  return network.fractionalFactoryAddress ?? null;
}

async function withProvider<T>(network: Network, run: (p: JsonRpcProvider) => Promise<T>) {
  const provider = new JsonRpcProvider(network.rpcUrl, network.networkId, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  try {
    return await run(provider);
  } finally {
    provider.destroy();
  }
}

type Reader = (fn: string, args?: unknown[]) => Promise<unknown>;

const reader =
  (p: JsonRpcProvider, to: string, iface: Interface): Reader =>
  async (fn, args = []) => {
    const data = await p.call({ to, data: iface.encodeFunctionData(fn, args) });
    const result = iface.decodeFunctionResult(fn, data);
    return result.length === 1 ? result[0] : result;
  };

/** A vault as the chain holds it now (what every figure the user signs against comes from). */
export type VaultChain = {
  supply: bigint;
  /** Shares not yet burnt by cash-outs or a redemption. */
  outstanding: bigint;
  pricePerShare: bigint;
  purchaseLimit: bigint;
  saleStart: bigint;
  saleEnd: bigint;
  reservePrice: bigint;
  curator: string;
  collection: string;
  tokenId: bigint;
  /** Shares still in the primary sale. */
  left: bigint;
  state: VaultState;
  bidder: string | null;
  /** The running bid (LIVE) or the winning one (SUCCEEDED); 0 otherwise. */
  bid: bigint;
  endsAt: bigint;
  proceedsLeft: bigint;
  holdsNft: boolean;
  feeBps: bigint;
  now: bigint;
};

export async function readVault(network: Network, vault: string): Promise<VaultChain> {
  return withProvider(network, async (p) => {
    const v = reader(p, vault, vaultAbi);
    const n = async (fn: string, args?: unknown[]) => BigInt((await v(fn, args)) as bigint);
    const [supply, outstanding, price, limit, start, end, reserve, left, proceeds] =
      await Promise.all([
        n('shareSupply'),
        n('totalSupply'),
        n('pricePerShare'),
        n('purchaseLimit'),
        n('saleStart'),
        n('saleEnd'),
        n('reservePrice'),
        n('balanceOf', [vault]),
        n('proceedsLeft'),
      ]);
    const [curator, collection, tokenId, buyout, holdsNft, factory, block] = await Promise.all([
      v('curator'),
      v('collection'),
      n('tokenId'),
      v('buyout') as Promise<[bigint, string, bigint, bigint]>,
      v('holdsNft'),
      v('factory'),
      p.getBlock('latest'),
    ]);
    const fee = (await reader(p, factory as string, factoryAbi)('feeInfo')) as [bigint, string];
    const [state, bidder, amount, endsAt] = buyout;
    return {
      supply,
      outstanding,
      pricePerShare: price,
      purchaseLimit: limit,
      saleStart: start,
      saleEnd: end,
      reservePrice: reserve,
      curator: curator as string,
      collection: collection as string,
      tokenId,
      left,
      state: VAULT_STATES[Number(state)] ?? 'IDLE',
      bidder: /^0x0{40}$/i.test(bidder) ? null : bidder,
      bid: BigInt(amount),
      endsAt: BigInt(endsAt),
      proceedsLeft: proceeds,
      holdsNft: Boolean(holdsNft),
      feeBps: BigInt(fee[0]),
      now: BigInt(block?.timestamp ?? 0),
    };
  });
}

/** The user's position in a vault: shares held, bought in the sale, what a cash-out pays now. */
export type VaultAccount = { shares: bigint; purchased: bigint; cashOut: bigint };

export const readVaultAccount = (network: Network, vault: string, account: string) =>
  withProvider(network, async (p): Promise<VaultAccount> => {
    const v = reader(p, vault, vaultAbi);
    const [shares, purchased] = await Promise.all([
      v('balanceOf', [account]) as Promise<bigint>,
      v('purchased', [account]) as Promise<bigint>,
    ]);
    const cashOut = (await v('cashOutQuote', [shares])) as bigint;
    return { shares: BigInt(shares), purchased: BigInt(purchased), cashOut: BigInt(cashOut) };
  });

/** What is left of a share listing on chain (taken parts and a cancel count). */
export const listingLeft = (network: Network, vault: string, order: ShareOrder) =>
  withProvider(network, async (p) =>
    BigInt((await reader(p, vault, vaultAbi)('sharesLeft', [order])) as bigint),
  );

/** Whether `address` holds the partner role (only partners fractionalize, as only they mint). */
export const isPartner = (network: Network, address: string) =>
  withProvider(network, async (p) => {
    if (!network.collectionFactoryAddress) return false;
    const f = reader(p, network.collectionFactoryAddress, new Interface(COLLECTION_FACTORY_ABI));
    return Boolean(await f('hasRole', [await f('PARTNER_ROLE'), address]));
  });

/** Whether the factory may move this NFT (approved for it, or for all the owner's items). */
export const isFactoryApproved = (network: Network, collection: string, tokenId: bigint) =>
  withProvider(network, async (p) => {
    const factory = factoryOf(network);
    if (!factory) return false;
    const c = reader(p, collection, collectionAbi);
    const [approved, owner] = await Promise.all([
      c('getApproved', [tokenId]).then(String),
      c('ownerOf', [tokenId]).then(String),
    ]);
    if (approved.toLowerCase() === factory.toLowerCase()) return true;
    return Boolean(await c('isApprovedForAll', [owner, factory]));
  });

const tx = (network: Network, from: string, to: string, data: string, value = 0n): TxRequest => ({
  from,
  to,
  data,
  value,
  chainId: network.networkId,
});

export const vaultTx = (
  network: Network,
  from: string,
  vault: string,
  fn: 'settle' | 'cashOut' | 'redeem' | 'releaseUnsold',
) => tx(network, from, vault, vaultAbi.encodeFunctionData(fn, []));

/** Buys `shares` in the primary sale at exactly shares x price. */
export const buySharesTx = (
  network: Network,
  from: string,
  vault: string,
  shares: bigint,
  pricePerShare: bigint,
) => tx(network, from, vault, vaultAbi.encodeFunctionData('buy', [shares]), shares * pricePerShare);

/** Takes `shares` of a listing, paying shares x its price per share. */
export const takeTx = (
  network: Network,
  from: string,
  vault: string,
  p: { order: ShareOrder; signature: string; shares: bigint },
) =>
  tx(
    network,
    from,
    vault,
    vaultAbi.encodeFunctionData('take', [p.order, p.signature, p.shares]),
    p.shares * p.order.pricePerShare,
  );

export const cancelListingTx = (network: Network, from: string, vault: string, order: ShareOrder) =>
  tx(network, from, vault, vaultAbi.encodeFunctionData('cancelShareOrder', [order]));

/** The WVBC a bid moves, approved for this vault and this bid only (no standing allowance). */
export function bidApprovalTx(network: Network, from: string, vault: string, amount: bigint) {
  if (!network.wrapperAddress) throw new Error('no wrapper on this network');
  return tx(
    network,
    from,
    network.wrapperAddress,
    wvbcAbi.encodeFunctionData('approve', [vault, amount]),
  );
}

export const wrapperAllowanceFor = (network: Network, owner: string, vault: string) =>
  withProvider(network, async (p) => {
    if (!network.wrapperAddress) return 0n;
    const w = reader(p, network.wrapperAddress, wvbcAbi);
    return BigInt((await w('allowance', [owner, vault])) as bigint);
  });

export const bidTx = (network: Network, from: string, vault: string, amount: bigint) =>
  tx(network, from, vault, vaultAbi.encodeFunctionData('bid', [amount]));

/** The factory may take this one NFT into a vault (ERC-721 approve of one token). */
export function nftApprovalTx(network: Network, from: string, collection: string, tokenId: bigint) {
  const factory = factoryOf(network);
  if (!factory) throw new Error('no fractional factory on this network');
  return tx(
    network,
    from,
    collection,
    collectionAbi.encodeFunctionData('approve', [factory, tokenId]),
  );
}

export function fractionalizeTx(
  network: Network,
  from: string,
  p: { collection: string; tokenId: bigint; terms: Terms; name: string; symbol: string },
) {
  const factory = factoryOf(network);
  if (!factory) throw new Error('no fractional factory on this network');
  const terms = { ...p.terms, name: p.name, symbol: p.symbol };
  return tx(
    network,
    from,
    factory,
    factoryAbi.encodeFunctionData('fractionalize', [p.collection, p.tokenId, terms]),
  );
}

/** The vault a fractionalize transaction created (its VaultCreated event). */
export const createdVault = (network: Network, hash: string) =>
  withProvider(network, async (p) => {
    const receipt = await p.getTransactionReceipt(hash);
    for (const log of receipt?.logs ?? []) {
      const parsed = factoryAbi.parseLog(log);
      if (parsed?.name === 'VaultCreated') return String(parsed.args.vault);
    }
    return null;
  });

/** The wallet's view of a share listing: the vault, the shares, the price per share, the end. */
export function shareOrderTypedData(
  network: Network,
  vault: string,
  order: ShareOrder,
): TypedDataPayload {
  const domain = fractionalDomain(network.networkId, vault);
  return {
    domain: { ...domain, chainId: Number(domain.chainId) },
    types: SHARE_ORDER_TYPES,
    primaryType: 'ShareOrder',
    message: order,
  };
}

/** A revert's custom error (vault or factory) as a catalogue key; null when it is not one. */
export function revertKey(data: string | null | undefined): ErrorKey | null {
  if (!data || data === '0x') return null;
  const parsed = vaultAbi.parseError(data) ?? factoryAbi.parseError(data);
  const code = parsed ? fractionalRevertCode(parsed.name) : undefined;
  return (code && codeKey(code)) ?? null;
}

/**
 * Runs the transaction as a call first: a refusal the vault would answer (over the limit, sale
 * closed, a bid too low, ...) is said before the wallet asks to sign. null: it would go through.
 */
export const dryRun = (network: Network, request: TxRequest) =>
  withProvider(network, async (p): Promise<ErrorKey | null> => {
    try {
      await p.call({
        from: request.from,
        to: request.to,
        data: request.data,
        value: request.value,
      });
      return null;
    } catch (error) {
      const data = (error as { data?: string }).data;
      return revertKey(data) ?? 'txRejected';
    }
  });
