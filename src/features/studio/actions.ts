/**
 * The studio's actions on the wallets' write pipeline (src/wallet/pipeline.ts): grant or revoke
 * the partner role (the owner), create a collection, mint one or many NFTs (a partner). Pictures
 * are uploaded and the metadata stored first; the URI put on chain names the document's sha256.
 * The role is read again just before a partner's transaction, so a revoked partner is told why
 * instead of paying for a refused transaction. Each answers its result or a refusal.
 */

import type { Network } from '#shared/schemas/entities.ts';
import type { MetadataBody } from '#shared/schemas/studio.ts';
import { type ErrorKey, errorKeyOf } from '#web/lib/errors.ts';
import type { Connector, TxRequest } from '#web/wallet/connectors/types.ts';
import { sendTx, type WriteOutcome, type WriteStage } from '#web/wallet/pipeline.ts';
import { collectionIndexed, mintIndexed, storeMetadata, uploadImage } from './api/studio.ts';
import {
  createCollectionTx,
  createdCollection,
  mintBatchTx,
  mintedTokenIds,
  partnerRoleTx,
  readRoles,
} from './chain.ts';

export type StudioContext = { network: Network; connector: Connector; address: string };
export type Stage = WriteStage | 'uploading';
export type OnStage = (stage: Stage) => void;
type Outcome<T> = WriteOutcome<T>;

const refused = (error: ErrorKey): { ok: false; error: ErrorKey } => ({ ok: false, error });

/** One transaction (src/wallet/pipeline.ts sendTx). */
const send = (
  ctx: StudioContext,
  prepare: () => TxRequest,
  onStage: OnStage,
  waitForIndexer?: (hash: string) => Promise<void>,
): Promise<Outcome<string>> => sendTx(ctx, prepare, onStage, waitForIndexer);

/** The owner gives (grant) or takes back the partner role of `partner`. */
export const setPartner = (ctx: StudioContext, partner: string, grant: boolean, s: OnStage) =>
  send(ctx, () => partnerRoleTx(ctx.network, ctx.address, partner, grant), s);

/** Runs `work` only while the wallet still holds the partner role on chain. */
async function asPartner<T>(ctx: StudioContext, work: () => Promise<Outcome<T>>) {
  try {
    if (!(await readRoles(ctx.network, ctx.address)).partner) {
      return refused('partnerRoleGone');
    }
    return await work();
  } catch (error) {
    return refused(errorKeyOf(error));
  }
}

export type CollectionInput = {
  name: string;
  symbol: string;
  category: string;
  description: string;
  cover: File;
  banner: File;
};

/** Creates a collection through the factory; answers its address once the marketplace shows it. */
export function createCollection(ctx: StudioContext, input: CollectionInput, onStage: OnStage) {
  return asPartner<string>(ctx, async () => {
    onStage('uploading');
    const [image, banner] = await Promise.all([
      uploadImage(input.cover),
      uploadImage(input.banner),
    ]);
    const { uri } = await storeMetadata({
      name: input.name,
      description: input.description,
      image,
      banner_image: banner,
      category: input.category,
    });
    let address: string | null = null;
    const sent = await send(
      ctx,
      () => createCollectionTx(ctx.network, ctx.address, { ...input, contractURI: uri }),
      onStage,
      async (hash) => {
        address = await createdCollection(ctx.network, hash);
        if (address) await collectionIndexed(ctx.network.networkId, ctx.address, address);
      },
    );
    if (!sent.ok) return sent;
    return address ? { ok: true, value: address } : refused('txRejected');
  });
}

export type MintItem = Omit<MetadataBody, 'image' | 'banner_image' | 'category'> & {
  image: File;
  editions: number;
};

/** The documents of an item: one per edition, each naming its edition ('2/5'). */
export function editionsOf(
  item: MintItem,
  image: string,
  category: string | undefined,
): MetadataBody[] {
  const { editions, image: _file, ...rest } = item;
  const base: MetadataBody = { ...rest, image, ...(category ? { category } : {}) };
  if (editions <= 1) return [base];
  return Array.from({ length: editions }, (_, i) => ({
    ...base,
    name: `${item.name} (${i + 1}/${editions})`,
    attributes: [
      ...(item.attributes ?? []),
      { trait_type: 'Edition', value: `${i + 1}/${editions}` },
    ],
  }));
}

export type Minted = { tokenId: string; name: string };

/** Mints every item (each edition its own NFT) to the partner in one transaction. */
export function mint(
  ctx: StudioContext,
  p: { collection: string; category: string | undefined; items: MintItem[] },
  onStage: OnStage,
) {
  return asPartner<Minted[]>(ctx, async () => {
    onStage('uploading');
    const docs: MetadataBody[] = [];
    for (const item of p.items) {
      docs.push(...editionsOf(item, await uploadImage(item.image), p.category));
    }
    const uris = await Promise.all(docs.map(async (d) => (await storeMetadata(d)).uri));
    const sent = await send(
      ctx,
      () => mintBatchTx(ctx.network, ctx.address, p.collection, uris),
      onStage,
      (hash) => mintIndexed(p.collection, hash),
    );
    if (!sent.ok) return sent;
    const ids = await mintedTokenIds(ctx.network, sent.value, p.collection);
    return { ok: true, value: ids.map((tokenId, i) => ({ tokenId, name: docs[i]?.name ?? '' })) };
  });
}
