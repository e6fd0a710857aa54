import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { storeOwnedImage } from '#server/account/upload-quota.ts';
import { MAX_IMAGE_BYTES } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { assertPartner } from '#server/studio/partners.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { UploadedImage } from '#shared/schemas/studio.ts';

/**
 * /api/v1/studio/media (bearer, multipart/form-data, one file `image`): a partner's NFT, cover or
 * banner picture, taken only from an account whose wallet holds the partner role now
 * (studio/partners.ts). The type is read from the bytes (PNG, JPEG, GIF, WebP; never SVG, which
 * can carry script), the size is capped, and the name is the content's hash (account/images.ts);
 * thumbnails come from /uploads/thumbs/ as for every upload. Uploads count against the account's
 * quota (account/upload-quota.ts).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'user' },
      // After the sign-in check, before the body is read or validated.
      preValidation: async (request) => assertPartner(app, request.user!.id),
      schema: {
        tags: ['studio'],
        consumes: ['multipart/form-data'],
        description: `Partners only. multipart/form-data: one file "image" (PNG, JPEG, GIF or WebP, at most ${MAX_IMAGE_BYTES} bytes).`,
        response: { 201: Data(UploadedImage), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      let url: string | null = null;
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const file = part as MultipartFile;
        if (file.fieldname !== 'image' || url !== null) {
          file.file.resume();
          throw new AppError('VALIDATION_FAILED');
        }
        url = await storeOwnedImage(app, request.user!.id, await file.toBuffer());
      }
      if (url === null) throw new AppError('REQUIRED_FIELD');
      reply.code(201);
      return { data: { url } };
    },
  );
};
export default plugin;
