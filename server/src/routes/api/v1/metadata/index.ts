import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '#server/errors.ts';
import { readMetadataDocument, storeMetadata } from '#server/studio/metadata-store.ts';
import { assertPartner } from '#server/studio/partners.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { METADATA_FILE_PATTERN, MetadataBody, StoredMetadata } from '#shared/schemas/studio.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * /api/v1/metadata: POST (bearer, partners only: studio/partners.ts) stores a partner's token or
 * collection metadata and answers the URI to put on chain, which names the document's sha256;
 * GET /<sha256>.json serves the stored bytes, immutable (server/src/studio/metadata-store.ts).
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
        description:
          'Partners only. Stores a metadata document (images must be uploads of this server) and answers its sha256 and the URI that commits to it.',
        body: MetadataBody,
        response: { 201: Data(StoredMetadata), ...errorResponses },
      },
    },
    async (request, reply) => {
      const hash = await storeMetadata(app.db, request.body, request.user!.id);
      reply.code(201);
      return { data: { hash, uri: `${app.config.publicUrl}/api/v1/metadata/${hash}.json` } };
    },
  );

  app.get(
    '/:file',
    {
      schema: {
        tags: ['studio'],
        description: 'A stored metadata document by its sha256 (immutable).',
        params: Type.Object({ file: Type.String({ pattern: METADATA_FILE_PATTERN }) }),
        response: {
          200: Type.Object({}, { additionalProperties: true }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const hash = request.params.file.slice(0, 64);
      const body = await readMetadataDocument(app.db, hash);
      if (body === null) throw new AppError('NOT_FOUND');
      reply.header('Cache-Control', IMMUTABLE);
      reply.header('ETag', `"${hash}"`);
      reply.type('application/json; charset=utf-8');
      // The stored bytes as they are: re-serializing could change the hash the URI names.
      return reply.serializer(String).send(body as unknown as object);
    },
  );
};
export default plugin;
