/**
 * index.html for the screens with a server-rendered first screen (/marketplace, a collection
 * detail, an NFT detail: `firstQueriesOf` in `#shared/first-screen.ts`): the page carries the
 * first queries' answers, the preload of the first image and, when the build has a server
 * renderer, the screen itself (initial-data.ts puts them in). Pages are kept a few seconds per
 * URL and language (answers are public catalogue data, read as a visitor) and compressed once;
 * concurrent requests for the same page share one build. Any failure falls back to the plain
 * index.html: the client then fetches as usual.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_INITIAL_DATA_BYTES } from '#server/config.ts';
import { firstQueriesOf } from '#shared/first-screen.ts';
import { languageFromCookie } from '#shared/languages.ts';
import { contentSecurityPolicy } from './csp.ts';
import { firstAnswers } from './first-answers.ts';
import { boundedInitialData, type Language, withInitialData } from './initial-data.ts';
import { serverRenderer } from './server-render.ts';

/** How long a built page is reused for the same URL. */
const INITIAL_DATA_TTL_MS = 5_000;
const MAX_PAGES = 200;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

type Encoding = 'br' | 'gzip' | 'identity';
type Page = { html: Buffer; csp: string; br?: Promise<Buffer>; gzip?: Promise<Buffer> };
type Entry = { page: Promise<Page | null>; expires: number };

function pickEncoding(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** The page in the encoding asked for, compressed once per page. */
function encoded(page: Page, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') {
    page.br ??= brotli(page.html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: page.html.length,
      },
    });
    return page.br;
  }
  if (encoding === 'gzip') {
    page.gzip ??= gz(page.html, { level: 6 });
    return page.gzip;
  }
  return Promise.resolve(page.html);
}

/** The query parameters a collection's screen reads (collection-detail-screen.tsx, its tabs). */
const COLLECTION_PARAMS = ['filter', 'page', 'tab'];

/**
 * The URL as far as the screen reads it (the home and an NFT's screen read no query parameter):
 * other parameters (a campaign tag, a cache buster) share its page, so distinct query strings
 * cannot make the server build page after page.
 */
export function screenUrl(url: string): string {
  const [pathname = '', search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  const read = pathname.startsWith('/collection/detail/') ? COLLECTION_PARAMS : [];
  for (const name of read) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function firstQueriesOfUrl(url: string) {
  const [pathname = '', search = ''] = url.split('?');
  return firstQueriesOf(pathname, search);
}

export type IndexPages = {
  /** Sends the page for this request, or returns false when the URL has no first queries. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
};

export function createIndexPages(app: FastifyInstance, root: string): IndexPages {
  const file = path.join(root, 'index.html');
  let template: { mtimeMs: number; html: string } | null = null;
  const pages = new Map<string, Entry>();
  const render = serverRenderer(app, root);

  async function readTemplate(): Promise<{ mtimeMs: number; html: string }> {
    const { mtimeMs } = await stat(file);
    if (!template || template.mtimeMs !== mtimeMs) {
      template = { mtimeMs, html: await readFile(file, 'utf8') };
      pages.clear(); // a new build: pages of the old one are never sent again
    }
    return template;
  }

  async function build(
    url: string,
    language: Language,
    { html, mtimeMs }: { html: string; mtimeMs: number },
  ): Promise<Page | null> {
    const queries = firstQueriesOfUrl(url);
    if (!queries) return null;
    const at = Date.now();
    const answers = await firstAnswers(app, queries);
    // The first image (LCP) is ready before the page that preloads it goes out.
    if (answers.image && app.hasDecorator('ensureThumbnail')) {
      await app.ensureThumbnail(answers.image);
    }
    const data = boundedInitialData({ at, queries: answers.queries }, MAX_INITIAL_DATA_BYTES);
    const rendered = await render(url, language, data, mtimeMs);
    const page = withInitialData(html, data, answers.image, rendered);
    return { html: Buffer.from(page), csp: contentSecurityPolicy(page) };
  }

  /** The kept page for this URL and language, or a new build of it. */
  async function pageFor(url: string, language: Language): Promise<Page | null> {
    const html = await readTemplate();
    const now = Date.now();
    for (const [key, entry] of pages) if (entry.expires <= now) pages.delete(key);
    if (pages.size > MAX_PAGES) pages.clear();
    const key = `${language} ${url}`;
    let entry = pages.get(key);
    if (!entry) {
      entry = { page: build(url, language, html), expires: now + INITIAL_DATA_TTL_MS };
      pages.set(key, entry);
    }
    try {
      return await entry.page;
    } catch (error) {
      pages.delete(key);
      throw error;
    }
  }

  return {
    async send(request, reply) {
      // Only the URLs of the three screens have first queries: the rest get the static file.
      if (!firstQueriesOfUrl(request.url)) return false;
      let page: Page | null;
      try {
        const url = screenUrl(request.url);
        page = await pageFor(url, languageFromCookie(request.headers.cookie));
      } catch (error) {
        request.log.warn({ err: error }, 'initial data unavailable: plain index.html sent');
        return false;
      }
      if (!page) return false;
      const encoding = pickEncoding(request);
      const body = await encoded(page, encoding);
      reply.header('Content-Type', 'text/html; charset=utf-8');
      reply.header('Content-Security-Policy', page.csp);
      reply.header('Vary', 'Accept-Encoding, Cookie');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      await reply.send(body);
      return true;
    },
  };
}
