/**
 * The uploads folder's disk fills up (a small tmpfs mounted on DATA_DIR/uploads; skipped where
 * this machine may not mount one): an upload that does not fit fails with the catalogue's error
 * and leaves no partial file; an image already stored under the same content name is not
 * damaged by a new upload of it; the server keeps serving; once space is free, uploads work.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/accounts.ts';
import { multipartPayload, TINY_PNG } from '../helpers/multipart.ts';
import { createTestApp, json, type TestApp } from '../helpers/test-app.ts';

function canMount(): boolean {
  const probe = `/tmp/vbc-mount-probe-${process.pid}`;
  mkdirSync(probe, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const mountable = canMount();

describe.skipIf(!mountable)('uploads folder out of space [pglite, tmpfs]', () => {
  let t: TestApp;
  let uploads: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    uploads = path.join(t.dataDir, 'uploads');
    mkdirSync(uploads, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', uploads]);
  });
  afterAll(async () => {
    if (uploads) execFileSync('umount', [uploads], { stdio: 'ignore' });
    await t?.close();
  });

  async function upload(bytes: Buffer) {
    const user = await createSignedInUser(t);
    const form = await multipartPayload(
      {},
      { avatar: { bytes, filename: 'me.png', type: 'image/png' } },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/account/info',
      headers: { ...user.auth, ...form.headers },
      payload: form.payload,
    });
  }

  it('fails an upload that does not fit, cleanly, and works again once space is free', async () => {
    const first = await upload(TINY_PNG);
    expect(first.statusCode).toBe(200);
    const stored = json<{ data: { avatar: string } }>(first).data.avatar;
    const storedPath = path.join(uploads, path.basename(stored));

    // Fill the disk.
    const filler = path.join(uploads, 'filler');
    try {
      writeFileSync(filler, Buffer.alloc(1024 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    const big = Buffer.concat([TINY_PNG.subarray(0, 8), randomBytes(100 * 1024)]);
    const full = await upload(big);
    expect(full.statusCode).toBeGreaterThanOrEqual(500);
    expect(json<{ code: string }>(full).code).toMatch(/^[A-Z_]+$/);
    expect(readdirSync(uploads).sort()).toEqual([path.basename(stored), 'filler'].sort());

    // The same image again: the stored copy stays whole.
    const same = await upload(TINY_PNG);
    expect(same.statusCode).toBe(200);
    expect(readFileSync(storedPath).equals(TINY_PNG)).toBe(true);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    rmSync(filler);
    const after = await upload(big);
    expect(after.statusCode).toBe(200);
    const served = await t.app.inject({
      url: json<{ data: { avatar: string } }>(after).data.avatar,
    });
    expect(served.rawPayload.equals(big)).toBe(true);
  });
});
