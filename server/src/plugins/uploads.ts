/**
 * Serves DATA_DIR/uploads at /uploads/: names are content hashes, so responses are cacheable
 * forever (`immutable`); CORS comes from the global plugin. Other parts (e.g. the seed's
 * generated NFT images) may write files here and link them as /uploads/<name>.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export async function registerUploads(app: FastifyInstance, config: Config): Promise<void> {
  const root = path.join(config.dataDir, 'uploads');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: true,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => {
      res.header('X-Content-Type-Options', 'nosniff');
      // An upload is only ever shown as an image: never run as a page.
      res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
    },
  });
}
