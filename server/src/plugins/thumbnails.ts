/**
 * Thumbnails of uploads: GET /uploads/thumbs/<width>/<name> answers a WebP of /uploads/<name> at
 * most <width> pixels wide (widths: shared/image-url.ts), made once with sharp and kept in
 * DATA_DIR/uploads/.thumbs (never served as such: dotfiles are denied). Animated GIFs stay
 * animated; SVG art is drawn here rather than on a phone's main thread. Names are content hashes,
 * so answers are immutable. A file sharp cannot read is answered by its original (a redirect).
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { THUMB_WIDTHS, type ThumbWidth, UPLOAD_NAME } from '#shared/image-url.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** WebP quality of thumbnails: small files, no visible loss at card sizes. */
const QUALITY = 78;

type Sharp = typeof import('sharp')['default'];
let sharpModule: Promise<Sharp> | undefined;
/** sharp (native) is loaded on the first thumbnail, not at start-up. */
const loadSharp = () => {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes the thumbnail a /uploads/thumbs/... URL names, if it is not there yet. */
    ensureThumbnail(url: string): Promise<void>;
  }
}

const THUMB_URL = /^\/uploads\/thumbs\/(\d+)\/([^/]+)$/;

export async function registerThumbnails(app: FastifyInstance, config: Config): Promise<void> {
  const uploads = path.join(config.dataDir, 'uploads');
  const making = new Map<string, Promise<void>>();

  async function make(source: string, target: string, width: ThumbWidth): Promise<void> {
    const sharp = await loadSharp();
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.tmp`;
    await sharp(source, { animated: true, density: source.endsWith('.svg') ? 192 : undefined })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: QUALITY })
      .toFile(partial);
    await rename(partial, target); // never a half-written thumbnail on disk
  }

  /** The thumbnail's file, made once (concurrent asks share the work); null: no such upload. */
  async function thumbnail(width: number, name: string): Promise<string | null> {
    if (!THUMB_WIDTHS.includes(width as ThumbWidth) || !UPLOAD_NAME.test(name)) return null;
    const source = path.join(uploads, name);
    if (!(await stat(source).catch(() => null))?.isFile()) return null;
    const target = path.join(uploads, '.thumbs', String(width), `${name}.webp`);
    if (await stat(target).catch(() => null)) return target;
    let pending = making.get(target);
    if (!pending) {
      pending = make(source, target, width as ThumbWidth).finally(() => making.delete(target));
      making.set(target, pending);
    }
    await pending;
    return target;
  }

  app.decorate('ensureThumbnail', async (url: string) => {
    const m = THUMB_URL.exec(url);
    if (m) await thumbnail(Number(m[1]), m[2] ?? '').catch(() => null);
  });

  app.get<{ Params: { width: string; name: string } }>(
    '/uploads/thumbs/:width/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      let file: string | null;
      try {
        file = await thumbnail(Number(request.params.width), name);
      } catch (error) {
        request.log.warn({ err: error, name }, 'no thumbnail: the original is sent');
        return reply.redirect(`/uploads/${name}`, 302);
      }
      if (!file) throw new AppError('NOT_FOUND');
      reply.header('Cache-Control', IMMUTABLE);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
      reply.type('image/webp');
      return reply.send(createReadStream(file));
    },
  );
}
