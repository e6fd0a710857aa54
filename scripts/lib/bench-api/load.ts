/**
 * Catalogue data for the API benchmark, made inside PostgreSQL with generate_series (1,000,000
 * NFTs load in about a minute): collections, categories skewed towards a few, four statuses
 * (30% on sale, a quarter of those auctions), prices from 0.001 to 1,000 VBC in wei, likes
 * skewed to a few items, owners and creators from a pool of users, sets, bundles, live orders,
 * bids, likes and activity. `random()` is seeded, so two runs load the same rows.
 */

export interface LoadSizes {
  nfts: number;
  networkId: number;
}

/** A lowercase address from a label and a number, in SQL. */
const addr = (prefix: string, k: string) =>
  `('0x' || substr(md5('${prefix}' || (${k})::text) || md5('${prefix}x' || (${k})::text), 1, 40))`;
/** A 32-byte hash from a label and a number, in SQL. */
const hash32 = (prefix: string, k: string) =>
  `('0x' || md5('${prefix}' || (${k})::text) || md5('${prefix}y' || (${k})::text))`;

const WORDS_A = `array['Golden','Silver','Lotus','Dragon','Phoenix','Jade','River','Moon','Sun','Bamboo','Lantern','Pearl']`;
const WORDS_B = `array['Temple','Garden','Tiger','Crane','Harbor','Market','Song','Dream','Tower','Field']`;

function sizes(n: number) {
  return {
    users: Math.max(1_000, Math.round(n / 20)),
    creators: Math.max(50, Math.round(n / 2_000)),
    collections: Math.max(20, Math.round(n / 1_000)),
    sets: Math.max(10, Math.round(n / 500)),
    bundles: Math.max(10, Math.round(n / 500)),
  };
}

function catalogueStatements(s: LoadSizes): string[] {
  const z = sizes(s.nfts);
  const net = s.networkId;
  return [
    `select setseed(0.42)`,
    `insert into networks (network_id, name, domain, network_group, exchange_address, wrapper_address)
     values (${net}, 'Bench chain', 'http://127.0.0.1:8545', 'devnet', ${addr('exchange', '1')}, ${addr('wvbc', '1')})`,
    `insert into users (username, bio, is_creator, followers_count, created_at)
     select 'user' || k, 'bench', k <= ${z.creators}, floor(power(random(), 3) * 5000),
       now() - random() * interval '730 days'
     from generate_series(1, ${z.users}) k`,
    `insert into bc_addresses (address, user_id) select ${addr('u', 'id')}, id from users`,
    `insert into collections (network_id, address, name, symbol, creator, creator_user_id, label_id,
       likes_count, bids_count, items_count, floor_price, volume, created_at)
     select ${net}, ${addr('c', 'k')}, 'Collection ' || k, 'C' || k, ${addr('u', `1 + k % ${z.creators}`)},
       1 + k % ${z.creators}, 1 + floor(17 * power(random(), 2))::int, floor(power(random(), 3) * 2000),
       floor(random() * 300), ${Math.ceil(s.nfts / z.collections)},
       floor(power(10, 15 + random() * 4))::numeric, floor(power(10, 18 + random() * 5))::numeric,
       now() - random() * interval '730 days'
     from generate_series(1, ${z.collections}) k`,
    `insert into sets (network_id, collection_address, owner, creator, name, status, label_id,
       sale_type, price, likes_count, bids_count, created_at)
     select ${net}, ${addr('c', `1 + k % ${z.collections}`)}, ${addr('u', `1 + k % ${z.users}`)},
       ${addr('u', `1 + k % ${z.creators}`)}, 'Set ' || k,
       case when k % 3 = 0 then 'ONSALE' else 'NOTFORSALE' end, 1 + k % 17,
       case when k % 3 = 0 then 'FIXED' end,
       case when k % 3 = 0 then floor(power(10, 16 + random() * 5))::numeric end,
       floor(power(random(), 3) * 300), floor(random() * 10), now() - random() * interval '730 days'
     from generate_series(1, ${z.sets}) k`,
    `insert into bundles (network_id, owner, creator, name, status, label_id, discount_bps, min_count,
       likes_count, created_at)
     select ${net}, ${addr('u', `1 + k % ${z.users}`)}, ${addr('u', `1 + k % ${z.creators}`)},
       'Bundle ' || k, case when k % 2 = 0 then 'ONSALE' else 'NOTFORSALE' end, 1 + k % 17,
       500, 2, floor(power(random(), 3) * 300), now() - random() * interval '730 days'
     from generate_series(1, ${z.bundles}) k`,
    nftStatement(s, z),
  ];
}

function nftStatement(s: LoadSizes, z: ReturnType<typeof sizes>): string {
  // r: status draw, a: auction draw; sets and bundles take 2% of the NFTs each.
  return `insert into nfts (network_id, collection_id, collection_address, token_id, owner, creator,
       name, description, image, metadata_uri, status, base_type, label_id, hot_nft, is_set,
       is_bundle, is_bid, sale_type, buy_price, highest_bid, likes_count, bids_count,
       current_order_hash, set_id, bundle_id, created_at)
     select ${s.networkId}, c, ${addr('c', 'c')}, i, ${addr('u', `1 + (i::bigint * 7919) % ${z.users}`)},
       ${addr('u', `1 + c % ${z.creators}`)},
       (${WORDS_A})[1 + i % 12] || ' ' || (${WORDS_B})[1 + (i / 12) % 10] || ' #' || i,
       'Bench item ' || i, '/uploads/bench/' || (i % 500) || '.webp', 'ipfs://bench/' || i, st,
       case when i % 10 = 0 then 'video' else 'image' end, 1 + floor(17 * power(lr, 2))::int,
       i % 100 = 0, i % 50 = 1, i % 50 = 2, st = 'ONSALE' and a < 25,
       case when st = 'ONSALE' then case when a < 25 then 'AUCTION' else 'FIXED' end end,
       case when st = 'ONSALE' then floor(power(10, 15 + pr * 6))::numeric end,
       case when st = 'ONSALE' and a < 10 then floor(power(10, 15 + pr * 6))::numeric end,
       floor(power(lk, 4) * 500), case when st = 'ONSALE' and a < 25 then floor(a / 2) else 0 end,
       case when st = 'ONSALE' then ${hash32('o', 'i')} end,
       case when i % 50 = 1 then 1 + i % ${z.sets} end,
       case when i % 50 = 2 then 1 + i % ${z.bundles} end,
       now() - ag * interval '730 days'
     from (
       select i, 1 + (i::bigint * 31) % ${z.collections} as c,
         case when r < 30 then 'ONSALE' when r < 80 then 'NOTFORSALE' when r < 85 then 'INCOMING'
           else 'SOLD' end as st,
         a, random() as lr, random() as pr, random() as lk, random() as ag
       from (
         select i, floor(random() * 100)::int as r, floor(random() * 100)::int as a
         from generate_series(1, ${s.nfts}) i
       ) d
     ) g`;
}

function tradeStatements(s: LoadSizes): string[] {
  const z = sizes(s.nfts);
  return [
    `insert into set_items (set_id, nft_id, position) select set_id, id, id from nfts where is_set`,
    `insert into bundle_items (bundle_id, nft_id, price, position)
     select bundle_id, id, coalesce(buy_price, 10000000000000000), id from nfts where is_bundle`,
    `insert into orders (order_hash, network_id, maker, sale_kind, target, nft_id, payment_token,
       price, start_time, end_time, message, signature, created_at)
     select current_order_hash, network_id, owner, sale_type, 'NFT', id,
       case when sale_type = 'AUCTION' then ${addr('wvbc', '1')}
         else '0x0000000000000000000000000000000000000000' end,
       buy_price, created_at, case when sale_type = 'AUCTION' then now() + interval '3 days' end,
       jsonb_build_object('price', buy_price::text, 'tokenId', token_id::text), '0x' || md5(id::text),
       created_at
     from nfts where current_order_hash is not null`,
    `insert into bids (order_hash, network_id, bidder, amount, message, signature, is_highest, created_at)
     select o.order_hash, o.network_id, ${addr('u', `1 + (n.id * 13 + k) % ${z.users}`)},
       o.price + k * 1000000000000000, '{}'::jsonb, '0x' || md5(n.id::text || k), k = 2,
       o.created_at + k * interval '1 hour'
     from orders o join nfts n on n.id = o.nft_id, generate_series(1, 2) k
     where o.sale_kind = 'AUCTION' and n.bids_count > 0`,
    `insert into likes (target, target_id, address, created_at)
     select 'NFT', 1 + floor(power(random(), 3) * ${s.nfts})::int, ${addr('u', `1 + floor(random() * ${z.users})::int`)},
       now() - random() * interval '365 days'
     from generate_series(1, ${Math.round(s.nfts / 2)}) on conflict do nothing`,
    `insert into activities (network_id, type, nft_id, collection_address, from_address, to_address,
       price, order_hash, tx_hash, log_index, block_number, created_at)
     select network_id, 'MINT', id, collection_address, '0x0000000000000000000000000000000000000000',
       creator, null, null, ${hash32('t', 'id')}, 0, id, created_at
     from nfts`,
    `insert into activities (network_id, type, nft_id, collection_address, from_address, price,
       order_hash, created_at)
     select network_id, 'LIST', id, collection_address, owner, buy_price, current_order_hash,
       created_at + interval '1 day'
     from nfts where status = 'ONSALE'`,
    `insert into activities (network_id, type, nft_id, collection_address, from_address, to_address,
       price, tx_hash, log_index, block_number, created_at)
     select network_id, 'BUY', id, collection_address, creator, owner, 50000000000000000,
       ${hash32('b', 'id')}, 1, id + 1, created_at + interval '2 days'
     from nfts where status = 'SOLD'`,
  ];
}

/** Runs one statement and answers its rows: a `pg` client or PGlite. */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>;

const TABLES = [
  'nfts',
  'collections',
  'sets',
  'bundles',
  'orders',
  'bids',
  'likes',
  'activities',
  'users',
];

/** Loads the catalogue into a migrated, empty database, then VACUUM ANALYZE; answers row counts. */
export async function loadCatalogue(run: RunSql, s: LoadSizes): Promise<Record<string, number>> {
  // Secondary indexes are dropped for the load and built again after it (minutes saved at 1M);
  // unique ones stay (ON CONFLICT clauses of triggers need them).
  const indexes = (await run(
    `select indexname, indexdef from pg_indexes i where schemaname = 'public'
       and indexdef not ilike 'create unique %'
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  )) as { indexname: string; indexdef: string }[];
  await run('begin');
  for (const { indexname } of indexes) await run(`drop index ${indexname}`);
  // No trigger fires during the load (nor foreign-key checks: the rows are made consistent);
  // nft_counts (migration 005) is counted once at the end instead of per row.
  await run('set local session_replication_role = replica');
  for (const statement of [...catalogueStatements(s), ...tradeStatements(s)]) await run(statement);
  await run('set local session_replication_role = origin');
  const [counted] = await run("select to_regclass('nft_counts') is not null as here");
  if (counted?.here) {
    await run('delete from nft_counts');
    await run(
      `insert into nft_counts (network_id, label_id, status, n)
       select network_id, coalesce(label_id, 0), status, count(*) from nfts group by 1, 2, 3`,
    );
  }
  for (const { indexdef } of indexes) await run(indexdef);
  await run('commit');
  await run('vacuum analyze');
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await run(`select count(*)::int as n from ${table}`);
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}
