/**
 * Uploads per account: a quota of files and bytes (UPLOAD_QUOTA, here lowered through the
 * environment) with its catalogue error, and replaced avatars and banners removed from disk with
 * their thumbnails, unless another account still holds the same file.
 */
import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ERRORS } from '#server/errors.ts';
import { createSignedInUser, type SignedInUser } from '../helpers/accounts.ts';
import { TINY_PNG } from '../helpers/multipart.ts';
import { describeBackends, json } from '../helpers/test-app.ts';

/** A distinct valid PNG (bytes after IEND are ignored by readers), `size` bytes at least. */
let made = 0;
const png = (size = 0) => {
  made += 1;
  return Buffer.concat([TINY_PNG, Buffer.from(`#${made}#`), Buffer.alloc(size)]);
};

describeBackends(
  'upload quota and replaced images',
  (t) => {
    const post = async (
      user: SignedInUser,
      files: Record<string, Buffer[]>,
      fields: Record<string, string> = {},
    ) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const [name, list] of Object.entries(files)) {
        for (const bytes of list) form.append(name, new Blob([new Uint8Array(bytes)]), 'x.png');
      }
      const response = new Response(form);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/account/info',
        headers: {
          ...user.auth,
          'content-type': response.headers.get('content-type') ?? '',
        },
        payload: Buffer.from(await response.arrayBuffer()),
      });
    };
    const onDisk = (url: string) =>
      access(path.join(t.dataDir, url)).then(
        () => true,
        () => false,
      );
    const thumbOnDisk = (url: string) =>
      onDisk(`/uploads/.thumbs/240/${url.slice('/uploads/'.length)}.webp`);
    const urlOf = (bytes: Buffer) =>
      `/uploads/${createHash('sha256').update(bytes).digest('hex')}.png`;
    const files = async () =>
      new Set((await t.db.selectFrom('uploads').select('name').execute()).map((r) => r.name));

    it('removes a replaced avatar and its thumbnail; a file another account holds stays', async () => {
      const alice = await createSignedInUser(t);
      const first = json<{ data: { avatar: string } }>(await post(alice, { avatar: [png()] }));
      const old = first.data.avatar;
      expect(
        (await t.app.inject({ method: 'GET', url: `/uploads/thumbs/240${old.slice(8)}` }))
          .statusCode,
      ).toBe(200);
      expect(await thumbOnDisk(old)).toBe(true);
      const shared = png();
      const second = await post(alice, { avatar: [shared] });
      expect(second.statusCode).toBe(200);
      expect(await onDisk(old)).toBe(false);
      expect(await thumbOnDisk(old)).toBe(false);
      const sharedUrl = json<{ data: { avatar: string } }>(second).data.avatar;
      // Bob uploads the same bytes; Alice replacing hers leaves the file to Bob.
      const bob = await createSignedInUser(t);
      expect((await post(bob, { banner: [shared] })).statusCode).toBe(200);
      expect((await post(alice, { avatar: [png()] })).statusCode).toBe(200);
      expect(await onDisk(sharedUrl)).toBe(true);
    });

    it('refuses an upload beyond the quota with its catalogue code; a replacement still fits', async () => {
      const carol = await createSignedInUser(t);
      expect((await post(carol, { avatar: [png()] })).statusCode).toBe(200);
      const before = await files();
      const over = await post(carol, { banner: [png()] }); // a second file: quota is 1
      expect({ status: over.statusCode, body: json(over) }).toMatchObject({
        status: 413,
        body: { code: 'UPLOAD_QUOTA_EXCEEDED', message: ERRORS.UPLOAD_QUOTA_EXCEEDED.message },
      });
      expect(await files()).toEqual(before);
      const big = await post(carol, { avatar: [png(3000)] }); // beyond the 2 KB
      expect(json(big)).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' });
      expect((await post(carol, { avatar: [png()] })).statusCode).toBe(200);
    });

    it("keeps none of a failed update's images, nor a second image of one field", async () => {
      const dave = await createSignedInUser(t);
      const before = await files();
      const image = png();
      const bad = await post(dave, { avatar: [image] }, { username: 'has space' });
      expect(json(bad)).toMatchObject({ code: 'VALIDATION_FAILED' });
      const pair = [png(), png()];
      const twice = await post(dave, { avatar: pair });
      expect(json(twice)).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await files()).toEqual(before);
      for (const bytes of [image, ...pair]) expect(await onDisk(urlOf(bytes))).toBe(false);
      const account = await t.db
        .selectFrom('users')
        .select('avatar')
        .where('id', '=', dave.id)
        .executeTakeFirstOrThrow();
      expect(account.avatar).toBeNull();
    });
  },
  { env: { UPLOAD_QUOTA_FILES: '1', UPLOAD_QUOTA_BYTES: '2048' } },
);
