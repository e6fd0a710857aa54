/**
 * Serves the built PWA (dist/) from the API process: hashed files (assets/*,
 * workbox-<hash>.js) are `immutable`; index.html, sw.js and the manifest are `no-cache` so a new
 * version is seen at once; other files (icons, robots) an hour. Unknown GET paths fall back to
 * index.html (client routing) except under /api/ and /uploads/, which keep the JSON 404.
 * Precompressed .br/.gz files made by the build are sent when the browser accepts them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentSecurityPolicy } from './csp.ts';
import { createIndexPages, type IndexPages } from './index-pages.ts';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';
const NEVER_CACHED = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

export function cacheControlFor(relativePath: string): string {
  // The precompressed twin (index.html.br) is sent in place of the file: same rule.
  const name = path.basename(relativePath).replace(/\.(br|gz)$/, '');
  if (NEVER_CACHED.has(name)) return NO_CACHE;
  if (relativePath.split(/[\\/]/).includes('assets')) return IMMUTABLE;
  if (/^workbox-[0-9a-f]{8,}\.js$/.test(name)) return IMMUTABLE;
  return SHORT;
}

/** True for paths the SPA fallback must never answer (API and uploads keep their JSON 404). */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return /^\/(api|uploads)(\/|$)/.test(pathname);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Folder of the served web build, when one is served. */
    webRoot: string | null;
    /** index.html with the first screen's API answers (index-pages.ts), when serving a build. */
    indexPages: IndexPages | null;
  }
}

/** Registers static serving of `dist` when it holds a build; returns whether it did. */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<boolean> {
  const root = path.resolve(dist);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ dist: root }, 'no web build found: serving the API only (npm run build)');
    return false;
  }
  app.decorate('webRoot', root);
  app.decorate('indexPages', createIndexPages(app, root));
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // The server renderer of the build (src/entry-server.tsx) is the server's, never sent: it
    // gets no route (its URL is a client route, answered with index.html by the not-found
    // handler). A route refusing it through `allowedPath` would bounce each request through one
    // more async layer awaiting the reply (an extra 'close' listener on the response per layer).
    globIgnore: ['ssr/**'],
    allowedPath: (pathName) => !/^\/ssr(\/|$)/.test(pathName),
    setHeaders: (res, filePath) => {
      const relative = path.relative(root, filePath);
      res.header('Cache-Control', cacheControlFor(relative));
      if (/^index\.html(\.(br|gz))?$/.test(relative)) {
        res.header('Content-Security-Policy', indexCsp(root));
      }
    },
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, root));
  return true;
}

const cspOfIndex = new Map<string, { mtimeMs: number; csp: string }>();

/** The CSP (csp.ts) of the build's plain index.html, read again when a new build replaces it. */
function indexCsp(root: string): string {
  const file = path.join(root, 'index.html');
  const { mtimeMs } = statSync(file);
  let kept = cspOfIndex.get(root);
  if (!kept || kept.mtimeMs !== mtimeMs) {
    kept = { mtimeMs, csp: contentSecurityPolicy(readFileSync(file, 'utf8')) };
    cspOfIndex.set(root, kept);
  }
  return kept.csp;
}

/** index.html (no-cache: it varies per URL), with the first screen's answers where it has some. */
export async function sendIndex(reply: FastifyReply, root: string): Promise<FastifyReply> {
  reply.header('Cache-Control', NO_CACHE);
  reply.header('Content-Security-Policy', indexCsp(root));
  const pages = reply.server.hasDecorator('indexPages') ? reply.server.indexPages : null;
  if (pages && (await pages.send(reply.request, reply))) return reply;
  return reply.sendFile('index.html', root);
}
