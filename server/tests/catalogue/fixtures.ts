/**
 * A small catalogue for the catalogue route tests, written through the row writers of
 * insert-rows.ts and, for the accounts, through the real sign-up and bc-address routes. Every
 * row's values are chosen so each filter and sort has something to tell apart (statuses, prices
 * with a tie, likes, bids, hot, networks, labels, base types); `created_at` grows with the
 * insertion order.
 */
import { Wallet } from 'ethers';
import { expect } from 'vitest';
import { createSignedInUser, linkAddress, type SignedInUser } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import {
  insertActivity,
  insertBid,
  insertBundle,
  insertCollection,
  insertDiary,
  insertInspectionReport,
  insertNetwork,
  insertNft,
  insertOrder,
  insertProperties,
  insertSet,
  setUserRoles,
} from './insert-rows.ts';

export const DEVNET = 7771;
export const TESTNET = 97;
export const WVBC = '0x00000000000000000000000000000000000000aa';

const BASE = Date.parse('2026-01-01T00:00:00Z');
let clock = 0;
/** Strictly increasing timestamps in insertion order. */
const tick = () => new Date(BASE + ++clock * 60_000);

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const sig = `0x${'ab'.repeat(65)}`;

export interface CatalogueUser extends SignedInUser {
  /** Checksummed chain address linked to the account. */
  address: string;
  wallet: Wallet;
}

async function userWithAddress(t: TestApp, name: string): Promise<CatalogueUser> {
  const user = await createSignedInUser(t, { username: `${name}_${Date.now().toString(36)}` });
  const wallet = Wallet.createRandom() as unknown as Wallet;
  const res = await linkAddress(t, user.auth, wallet);
  if (res.statusCode !== 200) throw new Error(`add-to-account failed: ${res.body}`);
  return { ...user, address: wallet.address, wallet };
}

export type NftKey =
  | 'n1'
  | 'n2'
  | 'n3'
  | 'n4'
  | 'n5'
  | 'n6'
  | 'n7'
  | 'n8'
  | 'n9'
  | 'n10'
  | 'n11'
  | 'n12'
  | 'n13';

export interface Catalogue {
  alice: CatalogueUser;
  bob: CatalogueUser;
  carol: CatalogueUser;
  admin: CatalogueUser;
  collections: { c1: number; c2: number; c3: number };
  c1Address: string;
  c2Address: string;
  c3Address: string;
  nfts: Record<NftKey, number>;
  sets: { s1: number; s2: number };
  bundles: { bu1: number; bu2: number; bu3: number };
  orders: { o1: string; o2: string; o3: string; o4: string; o5: string };
  keyOf(id: number): string;
}

export async function seedCatalogue(t: TestApp): Promise<Catalogue> {
  const db = t.db;
  const [alice, bob, carol, admin] = [
    await userWithAddress(t, 'alice'),
    await userWithAddress(t, 'bob'),
    await userWithAddress(t, 'carol'),
    await userWithAddress(t, 'admin'),
  ];
  await setUserRoles(db, alice.id, { isCreator: true });
  await setUserRoles(db, bob.id, { isCreator: true });
  await setUserRoles(db, admin.id, { isAdmin: true });
  const A = alice.address;
  const B = bob.address;
  const C = carol.address;

  await insertNetwork(db, {
    network_id: DEVNET,
    name: 'VBChain devnet',
    domain: 'http://marketplace.test/api/v1/ETHnetworks/7771',
    network_group: 'devnet',
    wrapper_address: WVBC,
  });
  await insertNetwork(db, {
    network_id: TESTNET,
    name: 'BNB Smart Chain Testnet',
    domain: 'https://bsc-testnet.example',
    network_group: 'testnet',
  });

  const c1Address = '0x00000000000000000000000000000000000000c1';
  const c2Address = '0x00000000000000000000000000000000000000c2';
  const c3Address = '0x00000000000000000000000000000000000000c3';
  const c1 = await insertCollection(db, {
    network_id: DEVNET,
    address: c1Address,
    name: 'Alpha Art',
    creator: A,
    label_id: 3,
    likes_count: 5,
    bids_count: 1,
    floor_price: '100',
    created_at: tick(),
  });
  const c2 = await insertCollection(db, {
    network_id: DEVNET,
    address: c2Address,
    name: 'Beta Music',
    creator: B,
    label_id: 4,
    likes_count: 9,
    floor_price: null,
    created_at: tick(),
  });
  const c3 = await insertCollection(db, {
    network_id: TESTNET,
    address: c3Address,
    name: 'Gamma Cars',
    creator: A,
    label_id: 17,
    likes_count: 1,
    bids_count: 4,
    floor_price: '50',
    created_at: tick(),
  });

  const o = { o1: hash(1), o2: hash(2), o3: hash(3), o4: hash(4), o5: hash(5) };
  type Spec = {
    status: 'ONSALE' | 'NOTFORSALE' | 'INCOMING' | 'SOLD';
    price?: string | null;
    likes?: number;
    bids?: number;
    hot?: boolean;
    owner: string;
    baseType?: string;
    collection?: 'c1' | 'c2' | 'c3';
    order?: string;
    isBid?: boolean;
    name: string;
  };
  const specs: Record<NftKey, Spec> = {
    n1: {
      status: 'ONSALE',
      price: '300',
      likes: 2,
      hot: true,
      owner: B,
      order: o.o1,
      name: 'Sunrise #1',
    },
    n2: {
      status: 'ONSALE',
      price: '100',
      likes: 7,
      bids: 3,
      hot: true,
      owner: B,
      order: o.o2,
      isBid: true,
      name: 'Sunrise #2',
    },
    n3: { status: 'NOTFORSALE', likes: 7, owner: A, name: 'Moonlight' },
    n4: { status: 'SOLD', price: '200', bids: 1, owner: C, name: 'Harbor' },
    n5: { status: 'INCOMING', likes: 1, owner: A, baseType: 'video', name: 'Clip' },
    n6: {
      status: 'ONSALE',
      price: '100',
      likes: 3,
      owner: A,
      collection: 'c2',
      name: 'Song of ships',
    },
    n7: { status: 'NOTFORSALE', owner: A, name: 'Set piece A' },
    n8: { status: 'ONSALE', price: '10', owner: A, name: 'Set piece B' },
    n9: { status: 'SOLD', owner: A, name: 'Set piece C' },
    n10: { status: 'ONSALE', price: '40', owner: B, name: 'Bundle item 1' },
    n11: { status: 'ONSALE', price: '60', owner: B, name: 'Bundle item 2' },
    n12: { status: 'SOLD', price: '80', owner: B, name: 'Bundle item 3' },
    n13: {
      status: 'ONSALE',
      price: '500',
      hot: true,
      owner: B,
      collection: 'c3',
      name: 'Racer 100%',
    },
  };
  const collectionOf = {
    c1: { id: c1, address: c1Address, network: DEVNET, label: 3 },
    c2: { id: c2, address: c2Address, network: DEVNET, label: 4 },
    c3: { id: c3, address: c3Address, network: TESTNET, label: 17 },
  };
  const nfts = {} as Record<NftKey, number>;
  let token = 0;
  for (const [key, s] of Object.entries(specs) as [NftKey, Spec][]) {
    const col = collectionOf[s.collection ?? 'c1'];
    nfts[key] = await insertNft(db, {
      network_id: col.network,
      collection_id: col.id,
      collection_address: col.address,
      token_id: String(++token),
      owner: s.owner,
      creator: A,
      name: s.name,
      image: `/images/${key}.svg`,
      status: s.status,
      base_type: s.baseType ?? 'image',
      label_id: col.label,
      hot_nft: s.hot ?? false,
      is_bid: s.isBid ?? false,
      sale_type: s.status === 'ONSALE' ? (s.isBid ? 'AUCTION' : 'FIXED') : null,
      buy_price: s.price ?? null,
      likes_count: s.likes ?? 0,
      bids_count: s.bids ?? 0,
      current_order_hash: s.order ?? null,
      created_at: tick(),
    });
  }

  const s1 = await insertSet(
    db,
    {
      network_id: DEVNET,
      collection_address: c1Address,
      owner: A,
      creator: A,
      name: 'Trio',
      status: 'ONSALE',
      label_id: 3,
      sale_type: 'AUCTION',
      is_bid: true,
      price: '900',
      likes_count: 4,
      bids_count: 1,
      current_order_hash: o.o3,
      created_at: tick(),
    },
    [nfts.n7, nfts.n8, nfts.n9],
  );
  const s2 = await insertSet(
    db,
    {
      network_id: TESTNET,
      collection_address: c3Address,
      owner: B,
      creator: B,
      name: 'Empty pair',
      status: 'NOTFORSALE',
      label_id: 17,
      base_type: 'video',
      created_at: tick(),
    },
    [],
  );

  const bu1 = await insertBundle(
    db,
    {
      network_id: DEVNET,
      owner: B,
      creator: B,
      name: 'Starter pack',
      status: 'ONSALE',
      label_id: 3,
      discount_bps: 1000,
      min_count: 2,
      likes_count: 2,
      created_at: tick(),
    },
    [
      { nftId: nfts.n10, price: 40n },
      { nftId: nfts.n11, price: 60n },
      { nftId: nfts.n12, price: 80n, sold: true },
    ],
  );
  const bu2 = await insertBundle(
    db,
    {
      network_id: DEVNET,
      owner: A,
      creator: A,
      name: 'Sold out',
      status: 'SOLD',
      created_at: tick(),
    },
    [],
  );
  const bu3 = await insertBundle(
    db,
    {
      network_id: TESTNET,
      owner: B,
      creator: B,
      name: 'Later',
      status: 'NOTFORSALE',
      likes_count: 5,
      created_at: tick(),
    },
    [],
  );

  const order = (
    hashValue: string,
    fields: {
      maker: string;
      sale_kind: 'FIXED' | 'AUCTION';
      target: 'NFT' | 'SET' | 'BUNDLE';
      nft_id?: number;
      set_id?: number;
      price: string;
      status?: 'pending' | 'success' | 'end';
      taker?: string;
    },
  ) =>
    insertOrder(db, {
      order_hash: hashValue,
      network_id: DEVNET,
      payment_token:
        fields.sale_kind === 'AUCTION' ? WVBC : '0x0000000000000000000000000000000000000000',
      start_time: new Date(BASE),
      end_time: fields.sale_kind === 'AUCTION' ? new Date(BASE + 86_400_000 * 365) : null,
      message: JSON.stringify({ price: fields.price }),
      signature: sig,
      created_at: tick(),
      ...fields,
    });
  await order(o.o1, { maker: B, sale_kind: 'FIXED', target: 'NFT', nft_id: nfts.n1, price: '300' });
  await order(o.o2, {
    maker: B,
    sale_kind: 'AUCTION',
    target: 'NFT',
    nft_id: nfts.n2,
    price: '50',
  });
  await order(o.o3, { maker: A, sale_kind: 'AUCTION', target: 'SET', set_id: s1, price: '400' });
  await order(o.o4, {
    maker: A,
    sale_kind: 'FIXED',
    target: 'NFT',
    nft_id: nfts.n4,
    price: '200',
    status: 'success',
    taker: C,
  });
  // Carol's purchase of o4 as the indexer records it (the order history reads her buys here).
  await db
    .insertInto('order_fills')
    .values({
      network_id: DEVNET,
      tx_hash: hash(2000),
      log_index: 0,
      block_number: 1,
      order_hash: o.o4,
      taker: C.toLowerCase(),
      item_count: 1,
      amount: '200',
      created_at: tick(),
    })
    .execute();
  await order(o.o5, {
    maker: B,
    sale_kind: 'AUCTION',
    target: 'NFT',
    nft_id: nfts.n3,
    price: '10',
    status: 'end',
  });

  // each bid its own signature: bids are unique on it (migration 030)
  let bids = 0;
  const bid = (orderHash: string, bidder: string, amount: string, isHighest: boolean) =>
    insertBid(db, {
      order_hash: orderHash,
      network_id: DEVNET,
      bidder,
      amount,
      message: JSON.stringify({ amount }),
      signature: `0x${(++bids).toString(16).padStart(130, 'b')}`,
      is_highest: isHighest,
      created_at: tick(),
    });
  await bid(o.o2, C, '100', false);
  await bid(o.o2, A, '110', true);
  await bid(o.o3, C, '500', true);
  await bid(o.o5, A, '50', true);

  const act = (
    type: 'MINT' | 'LIST' | 'TRANSFER' | 'BUY' | 'REVOKE' | 'BID' | 'PURCHASE' | 'LIKE',
    nftId: number | null,
    from: string | null,
    to: string | null,
    extra: { price?: string; setId?: number; collection?: string; txn?: number } = {},
  ) =>
    insertActivity(db, {
      network_id: DEVNET,
      type,
      nft_id: nftId,
      set_id: extra.setId ?? null,
      collection_address: extra.collection ?? c1Address,
      from_address: from,
      to_address: to,
      price: extra.price ?? null,
      tx_hash: extra.txn === undefined ? null : hash(1000 + extra.txn),
      log_index: extra.txn === undefined ? null : 0,
      created_at: tick(),
    });
  await act('MINT', nfts.n4, null, A, { txn: 1 });
  await act('LIST', nfts.n4, A, null, { price: '200' });
  await act('BID', nfts.n2, A, null, { price: '110' });
  await act('PURCHASE', nfts.n4, A, C, { price: '200', txn: 2 });
  await act('BUY', nfts.n4, A, C, { price: '200', txn: 3 });
  await act('LIKE', nfts.n4, B, null);
  await act('TRANSFER', nfts.n3, C, A, { txn: 4 });
  await act('REVOKE', nfts.n5, A, null);
  await act('LIST', nfts.n6, A, null, { price: '100', collection: c2Address });
  await act('BID', null, C, null, { price: '500', setId: s1 });

  await insertProperties(db, [
    { nft_id: nfts.n1, trait_type: 'Colour', value: 'Gold', position: 1 },
    { nft_id: nfts.n1, trait_type: 'Size', value: 'Large', rarity_bps: 1200, position: 0 },
    { set_id: s1, trait_type: 'Edition', value: 'First', position: 0 },
  ]);
  await insertInspectionReport(db, {
    nft_id: nfts.n1,
    inspector: 'Lab One',
    result: 'PASS',
    inspected_at: new Date('2025-06-01T00:00:00Z'),
  });
  await insertInspectionReport(db, {
    nft_id: nfts.n1,
    inspector: 'Lab Two',
    result: 'PASS',
    summary: 'Re-checked',
    inspected_at: new Date('2025-09-01T00:00:00Z'),
  });
  await insertDiary(db, {
    title: 'Hello',
    lang: 'en',
    published_at: new Date('2025-01-01T00:00:00Z'),
  });
  await insertDiary(db, {
    title: 'Xin chào',
    lang: 'vi',
    published_at: new Date('2025-02-01T00:00:00Z'),
  });
  await insertDiary(db, {
    title: 'News',
    lang: 'en',
    published_at: new Date('2025-03-01T00:00:00Z'),
  });

  const names = new Map<number, string>(Object.entries(nfts).map(([k, id]) => [id, k]));
  return {
    alice,
    bob,
    carol,
    admin,
    collections: { c1, c2, c3 },
    c1Address,
    c2Address,
    c3Address,
    nfts,
    sets: { s1, s2 },
    bundles: { bu1, bu2, bu3 },
    orders: o,
    keyOf: (id) => names.get(id) ?? `#${id}`,
  };
}

/** Alice likes n1 (or unlikes it, when she liked it) through the API; the answer must be 200. */
export async function aliceLikesN1(t: Pick<TestApp, 'app'>, cat: Catalogue): Promise<void> {
  const liked = await t.app.inject({
    method: 'POST',
    url: '/api/v2/user/like',
    payload: { target: 'nft', id: cat.nfts.n1, address: cat.alice.address },
    headers: cat.alice.auth,
  });
  expect(liked.statusCode, liked.body).toBe(200);
}
