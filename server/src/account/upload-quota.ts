/**
 * Uploads kept per account (table `uploads`, migration 076): an account's files count against
 * its quota (UPLOAD_QUOTA in server/src/config.ts) and a replaced avatar or banner is removed, with its
 * thumbnails (server/src/plugins/thumbnails.ts), once nothing else refers to it. Names are
 * content hashes (images.ts), so two accounts (or a catalogue row) may share one file: a file
 * goes only when no account holds it and no row names it.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { THUMB_WIDTHS, UPLOAD_NAME } from '#shared/image-url.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { storeImage } from './images.ts';

const PREFIX = '/uploads/';

function nameOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(PREFIX)) return null;
  const name = url.slice(PREFIX.length);
  return UPLOAD_NAME.test(name) ? name : null;
}

/**
 * Checks the account's quota, stores the image and counts it; returns its URL path. `replaces`:
 * the upload this one takes the place of (an avatar), which the check leaves out.
 */
export async function storeOwnedImage(
  app: FastifyInstance,
  userId: number,
  bytes: Buffer,
  replaces: string | null = null,
): Promise<string> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  return app.db.transaction().execute(async (tx) => {
    // One upload of an account at a time: its usage is read and grown together.
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const held = await tx
      .selectFrom('uploads')
      .select([
        sql<string>`count(*)`.as('files'),
        sql<string>`coalesce(sum(bytes), 0)`.as('bytes'),
        sql<boolean>`bool_or(name like ${`${hash}.%`})`.as('already'),
      ])
      .where('user_id', '=', userId)
      .where('name', '!=', nameOf(replaces) ?? '')
      .executeTakeFirstOrThrow();
    const quota = app.config.uploadQuota;
    const over =
      Number(held.files) + 1 > quota.files || Number(held.bytes) + bytes.length > quota.bytes;
    if (!held.already && over) throw new AppError('UPLOAD_QUOTA_EXCEEDED');
    const url = await storeImage(app.config.dataDir, bytes);
    await tx
      .insertInto('uploads')
      .values({ user_id: userId, name: url.slice(PREFIX.length), bytes: bytes.length })
      .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
      .execute();
    return url;
  });
}

/** Whether any account or catalogue row still names the file. */
async function inUse(db: Kysely<Database>, name: string): Promise<boolean> {
  const url = `${PREFIX}${name}`;
  const row = await sql<{ used: boolean }>`select
    exists (select 1 from uploads where name = ${name})
    or exists (select 1 from users where avatar = ${url} or banner = ${url})
    or exists (select 1 from collections where image = ${url} or banner = ${url})
    or exists (select 1 from nfts where image = ${url})
    or exists (select 1 from sets where image = ${url})
    or exists (select 1 from bundles where image = ${url})
    or exists (select 1 from diaries where image = ${url})
    or exists (select 1 from metadata_documents where strpos(body, ${name}) > 0) as used`.execute(
    db,
  );
  return Boolean(row.rows[0]?.used);
}

/**
 * The account no longer holds these images (a replaced avatar or banner, an upload whose update
 * failed): they stop counting, and a file nothing else names is deleted with its thumbnails.
 */
export async function releaseImages(
  app: FastifyInstance,
  userId: number,
  urls: readonly (string | null | undefined)[],
): Promise<void> {
  const user = await app.db
    .selectFrom('users')
    .select(['avatar', 'banner'])
    .where('id', '=', userId)
    .executeTakeFirst();
  for (const url of new Set(urls)) {
    const name = nameOf(url);
    if (!name || url === user?.avatar || url === user?.banner) continue;
    await app.db
      .deleteFrom('uploads')
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .execute();
    if (await inUse(app.db, name)) continue;
    const dir = path.join(app.config.dataDir, 'uploads');
    await rm(path.join(dir, name), { force: true });
    for (const width of THUMB_WIDTHS) {
      await rm(path.join(dir, '.thumbs', String(width), `${name}.webp`), { force: true });
    }
  }
}
