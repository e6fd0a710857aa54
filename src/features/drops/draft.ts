/**
 * The studio's drop form, as data: the fields as typed (times as the datetime-local text, the
 * price as VBC text), their defaults, the draft the rules check (rules.ts draftProblems) and what
 * is stored before the drop is created (cover, metadata, a bag's pool) to make its settings.
 */
import { poolRoot } from '#contracts/drops/pool.ts';
import { parseAmount } from '#web/wallet/amounts.ts';
import { storeDropMetadata, storeItemMetadata, storePool, uploadCover } from './api/drops.ts';
import type { DropParams } from './chain.ts';
import type { DropDraft, DropKind } from './rules.ts';

export type Fields = {
  kind: DropKind;
  title: string;
  description: string;
  cover: File | null;
  collection: string;
  price: string;
  total: string;
  limit: string;
  start: string;
  end: string;
  deadline: string;
  eventTime: string;
  place: string;
  pool: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A unix time as a datetime-local value, in the browser's time zone. */
export function localInput(unix: number): string {
  const d = new Date(unix * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as unix seconds (0 when empty or not a time). */
export const unixOf = (value: string) => {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
};

const DAY = 86_400;

/** Opening in an hour (a magic bag must be committed before its sale), a week's sale. */
export function defaults(now: number): Fields {
  const start = Math.ceil((now + 3600) / 60) * 60;
  return {
    kind: 'PRE_ORDER',
    title: '',
    description: '',
    cover: null,
    collection: '',
    price: '',
    total: '20',
    limit: '2',
    start: localInput(start),
    end: localInput(start + 7 * DAY),
    deadline: localInput(start + 37 * DAY),
    eventTime: localInput(start + 8 * DAY),
    place: '',
    pool: '',
  };
}

export const poolLines = (f: Fields) =>
  f.pool
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function draftOf(f: Fields): DropDraft {
  const timed = f.kind === 'PRE_ORDER' || f.kind === 'MAGIC_BAG';
  return {
    kind: f.kind,
    title: f.title,
    price: parseAmount(f.price),
    total: Number(f.total),
    limitPerWallet: Number(f.limit),
    start: unixOf(f.start),
    end: unixOf(f.end),
    deadline: timed ? unixOf(f.deadline) : 0,
    eventTime: f.kind === 'TICKET' ? unixOf(f.eventTime) : 0,
    place: f.place,
    poolSize: f.kind === 'MAGIC_BAG' ? poolLines(f).length : 0,
  };
}

/**
 * Stores the cover, a bag's pool items and its pool (the server answers the root; it must be the
 * one computed here), then the drop's metadata: the settings createDrop takes.
 */
export async function prepareDrop(f: Fields & { cover: File }): Promise<DropParams> {
  const d = draftOf(f);
  const image = await uploadCover(f.cover);
  let root = `0x${'0'.repeat(64)}`;
  if (f.kind === 'MAGIC_BAG') {
    const uris: string[] = [];
    for (const name of poolLines(f)) {
      uris.push(await storeItemMetadata({ name, description: f.description, image }));
    }
    root = poolRoot(uris);
    if (BigInt(await storePool(uris)) !== BigInt(root)) throw new Error('pool root mismatch');
  }
  const uri = await storeDropMetadata({
    name: f.title.trim(),
    description: f.description,
    image,
    collection: f.collection,
    ...(f.kind === 'TICKET' ? { category: 'tickets', event_place: f.place.trim() } : {}),
  });
  return {
    kind: f.kind,
    price: d.price ?? 0n,
    total: d.total,
    limitPerWallet: d.limitPerWallet,
    start: d.start,
    end: d.end,
    deadline: d.deadline,
    eventTime: d.eventTime,
    poolRoot: root,
    uri,
  };
}
