import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { isUniqueViolation, loadAccount } from '#server/account/accounts.ts';
import { storeImage } from '#server/account/images.ts';
import { MAX_IMAGE_BYTES } from '#server/config.ts';
import type { UserUpdate } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { UpdateInfoBody } from '#shared/schemas/account.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Account } from '#shared/schemas/entities.ts';

/**
 * /api/v1/account/info (bearer): GET the profile; PUT (JSON: username, bio) or POST
 * (multipart/form-data: username, bio fields and avatar, banner image files) to update it.
 */
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
      const { fields, images } = await readMultipart(request);
      if (!Value.Check(UpdateInfoBody, fields)) {
        throw new AppError('VALIDATION_FAILED');
      }
      await update(request.user!.id, fields, images);
      return { data: await loadAccount(app.db, request.user!.id) };
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
    try {
      const updated = await app.db
        .updateTable('users')
        .set(changes)
        .where('id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw new AppError('ACCOUNT_NOT_FOUND');
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS');
      throw error;
    }
  }

  async function readMultipart(request: FastifyRequest) {
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const fields: Record<string, string> = {};
    const images: { avatar?: string; banner?: string } = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (file.fieldname !== 'avatar' && file.fieldname !== 'banner') {
          file.file.resume();
          throw new AppError('VALIDATION_FAILED');
        }
        const bytes = await file.toBuffer();
        images[file.fieldname] = await storeImage(app.config.dataDir, bytes);
      } else if (part.fieldname === 'username' || part.fieldname === 'bio') {
        fields[part.fieldname] = String(part.value);
      }
    }
    return { fields, images };
  }
};
export default plugin;
