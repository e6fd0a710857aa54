import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { isUniqueViolation, loadAccount } from '#server/account/accounts.ts';
import { releaseImages, storeOwnedImage } from '#server/account/upload-quota.ts';
import { MAX_IMAGE_BYTES } from '#server/config.ts';
import type { UserUpdate } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { accountImages, updateAccount } from '#server/repositories/accounts.ts';
import { UpdateInfoBody } from '#shared/schemas/account.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Account } from '#shared/schemas/entities.ts';

/**
 * /api/v1/account/info (bearer): GET the profile; PUT (JSON: username, bio) or POST
 * (multipart/form-data: username, bio fields and avatar, banner image files) to update it.
 * Images count against the account's upload quota; a replaced avatar or banner is removed, and so
 * are this request's images when the update fails (account/upload-quota.ts).
 */
/** The form's fields; its images (one avatar, one banner at most) stored into `images`. */
async function readMultipart(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  images: { avatar?: string; banner?: string },
) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  const before = await accountImages(app.db, userId);
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      const field = file.fieldname;
      if ((field !== 'avatar' && field !== 'banner') || images[field] !== undefined) {
        file.file.resume();
        throw new AppError('VALIDATION_FAILED');
      }
      images[field] = await storeOwnedImage(app, userId, await file.toBuffer(), before[field]);
    } else if (part.fieldname === 'username' || part.fieldname === 'bio') {
      fields[part.fieldname] = String(part.value);
    }
  }
  return fields;
}

const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const response = { 200: Data(Account), ...errorResponses };

  app.get(
    '/',
    {
      config: { auth: 'user' },
      schema: { tags: ['account'], response },
    },
    async (request) => ({ data: await loadAccount(app.db, request.user!.id) }),
  );

  app.put(
    '/',
    {
      config: { auth: 'user' },
      schema: { tags: ['account'], body: UpdateInfoBody, response },
    },
    async (request) => {
      await update(request.user!.id, request.body, {});
      return { data: await loadAccount(app.db, request.user!.id) };
    },
  );

  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['account'],
        consumes: ['multipart/form-data'],
        description: `multipart/form-data: fields username, bio; files avatar, banner (PNG, JPEG, GIF or WebP, at most ${MAX_IMAGE_BYTES} bytes). The fields are checked against UpdateInfoBody.`,
        response,
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const images: { avatar?: string; banner?: string } = {};
      try {
        const fields = await readMultipart(app, request, userId, images);
        if (!Value.Check(UpdateInfoBody, fields)) throw new AppError('VALIDATION_FAILED');
        await update(userId, fields, images);
      } catch (error) {
        await releaseImages(app, userId, [images.avatar, images.banner]);
        throw error;
      }
      return { data: await loadAccount(app.db, userId) };
    },
  );

  async function update(
    userId: number,
    fields: { username?: string | undefined; bio?: string | undefined },
    images: { avatar?: string; banner?: string },
  ) {
    const changes: UserUpdate = { updated_at: new Date() };
    if (fields.username !== undefined) changes.username = fields.username.trim();
    if (fields.bio !== undefined) changes.bio = fields.bio;
    if (images.avatar) changes.avatar = images.avatar;
    if (images.banner) changes.banner = images.banner;
    const before = await accountImages(app.db, userId);
    try {
      if (!(await updateAccount(app.db, userId, changes))) throw new AppError('ACCOUNT_NOT_FOUND');
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS');
      throw error;
    }
    const replaced = [images.avatar && before.avatar, images.banner && before.banner];
    await releaseImages(app, userId, replaced);
  }
};
export default plugin;
