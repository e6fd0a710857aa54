/**
 * What the fractional handlers share (fractional-events.ts, fractional-buyouts.ts): the vault
 * row locked with its journaled columns, its NFT, and the NFT's link to the vault.
 */
import type { Kysely } from 'kysely';
import type { VaultSubject } from '../notifications/fractional.ts';
import type { FractionalEvent, FractionalKind } from './fractional-decode.ts';
import type { LogPosition, RangeState } from './handler-context.ts';
import { type BlockContext, journaledColumns, journaledUpdate, type Trx } from './journal.ts';

export type Handler<K extends FractionalKind> = (
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  event: Extract<FractionalEvent, { kind: K }>,
) => Promise<void>;

/** The vaults of a network indexed so far (lowercase). */
export async function knownVaultsOf(
  // biome-ignore lint/suspicious/noExplicitAny: the indexer's and the app's databases both qualify
  db: Kysely<any>,
  networkId: number,
): Promise<Set<string>> {
  const rows = (await db
    .selectFrom('fractional_vaults')
    .select('vault')
    .where('network_id', '=', networkId)
    .execute()) as { vault: string }[];
  return new Set(rows.map((r) => r.vault));
}

/** The vault's row, locked, with its journaled columns and what the handlers need. */
export async function lockVault(trx: Trx, networkId: number, vault: string) {
  return trx
    .selectFrom('fractional_vaults')
    .select([...journaledColumns('fractional_vaults'), 'supply', 'curator', 'price_per_share'])
    .select(['collection_address', 'token_id'])
    .where('network_id', '=', networkId)
    .where('vault', '=', vault)
    .forUpdate()
    .executeTakeFirst();
}
export type VaultLock = NonNullable<Awaited<ReturnType<typeof lockVault>>>;

export function vaultKey(state: RangeState, vault: string) {
  return { network_id: state.networkId, vault };
}

/** The catalogue NFT of a vault (null before its mint was indexed). */
export async function nftOf(
  trx: Trx,
  state: RangeState,
  v: Pick<VaultLock, 'collection_address' | 'token_id'>,
) {
  const row = await trx
    .selectFrom('nfts')
    .select(['id', 'name'])
    .where('network_id', '=', state.networkId)
    .where('collection_address', '=', v.collection_address)
    .where('token_id', '=', v.token_id)
    .executeTakeFirst();
  return row ?? null;
}

export async function subject(trx: Trx, state: RangeState, vault: string, v: VaultLock) {
  const nft = await nftOf(trx, state, v);
  const s: VaultSubject = {
    networkId: state.networkId,
    vault,
    nftId: nft?.id ?? null,
    name: nft?.name ?? '',
  };
  return s;
}

/** The NFT's link to its vault and the vault's state (catalogue answers show it). */
export async function linkNft(
  trx: Trx,
  ctx: BlockContext,
  nftId: number | null,
  vault: string,
  vaultState: string,
): Promise<void> {
  if (nftId === null) return;
  await journaledUpdate(
    trx,
    ctx,
    'nfts',
    { id: nftId },
    {
      fractional_vault: vault,
      fractional_state: vaultState,
    },
  );
}
