/**
 * index.html with the first screen's API answers (issue 5, Lighthouse). For /marketplace, a
 * collection detail and an NFT detail (src/lib/initial-data-queries.ts) the page carries:
 *   - `<script type="application/json" id="initial-data">`: the answers of the queries that
 *     screen makes first, exactly as the API sends them (the routes are called through
 *     `app.inject`), which the client seeds TanStack Query with before its first render;
 *   - `<link rel="preload" as="image" fetchpriority="high">` for the screen's first image (LCP).
 * Pages are kept a few seconds per URL (answers are public catalogue data, read as a visitor) and
 * compressed once; concurrent requests for the same URL share one build. Any failure falls back
 * to the plain index.html: the client then fetches as usual.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type FirstQuery,
  firstQueriesOf,
  INITIAL_DATA_ID,
  type InitialData,
} from '../../../src/lib/initial-data-queries.ts';

/** How long a built page is reused for the same URL. */
export const INITIAL_DATA_TTL_MS = 5_000;
const MAX_PAGES = 200;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

type Encoding = 'br' | 'gzip' | 'identity';
type Page = { html: Buffer; br?: Promise<Buffer>; gzip?: Promise<Buffer> };
type Entry = { page: Promise<Page | null>; expires: number };

/** JSON that is safe inside a <script> element (no `</script>`, no `<!--`, no U+2028/2029). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** An attribute value (href) escaped for HTML. */
export function attribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only same-origin paths or http(s) URLs are preloaded. */
function preloadable(src: string): boolean {
  return /^\/(?!\/)/.test(src) || /^https?:\/\//.test(src);
}

/** Inserts the preload first in <head> (before the scripts) and the data at the end of <body>. */
export function withInitialData(html: string, data: InitialData, image: string | null): string {
  let out = html;
  if (image && preloadable(image)) {
    const link = `<link rel="preload" as="image" href="${attribute(image)}" fetchpriority="high">`;
    const at = out.indexOf('<script');
    out =
      at === -1
        ? out.replace('</head>', `${link}</head>`)
        : `${out.slice(0, at)}${link}\n    ${out.slice(at)}`;
  }
  const script = `<script type="application/json" id="${INITIAL_DATA_ID}">${scriptJson(data)}</script>`;
  return out.replace('</body>', `${script}\n  </body>`);
}

function pickEncoding(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

export type IndexPages = {
  /** Sends the page for this request, or returns false when the URL has no first queries. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
};

export function createIndexPages(app: FastifyInstance, root: string): IndexPages {
  const file = path.join(root, 'index.html');
  let template: { mtimeMs: number; html: string } | null = null;
  const pages = new Map<string, Entry>();

  async function readTemplate(): Promise<string> {
    const { mtimeMs } = await stat(file);
    if (!template || template.mtimeMs !== mtimeMs) {
      template = { mtimeMs, html: await readFile(file, 'utf8') };
      pages.clear(); // a new build: pages of the old one are never sent again
    }
    return template.html;
  }

  /** The kept value of one query, or undefined when the API did not answer 200. */
  async function run(q: FirstQuery): Promise<unknown> {
    const response = await app.inject({
      method: 'GET',
      url: q.path,
      query: Object.fromEntries(Object.entries(q.params).map(([k, v]) => [k, String(v)])),
      headers: {
        accept: 'application/json',
        ...(q.marketplaceKey ? { 'marketplace-key': app.config.marketplaceKey } : {}),
      },
    });
    if (response.statusCode !== 200) return undefined;
    const body = response.json() as Record<string, unknown>;
    return q.keep === 'data' ? body.data : body;
  }

  async function runAll(
    queries: FirstQuery[],
    into: InitialData['queries'],
    images: (string | null)[],
  ): Promise<void> {
    await Promise.all(
      queries.map(async (q) => {
        const value = await run(q);
        if (value === undefined || value === null) return;
        into.push({ key: q.key, value });
        if (q.image) images.push(q.image(value));
        if (q.next) await runAll(q.next(value), into, images);
      }),
    );
  }

  async function build(url: string, html: string): Promise<Page | null> {
    const [pathname = '', search = ''] = url.split('?');
    const queries = firstQueriesOf(pathname, search);
    if (!queries) return null;
    const at = Date.now();
    const answers: InitialData['queries'] = [];
    const images: (string | null)[] = [];
    await runAll(queries, answers, images);
    const image = images.find((i) => i) ?? null;
    return { html: Buffer.from(withInitialData(html, { at, queries: answers }, image)) };
  }

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

  return {
    async send(request, reply) {
      // Only the URLs of the three screens have first queries: the rest get the static file.
      const [pathname = '', search = ''] = request.url.split('?');
      if (!firstQueriesOf(pathname, search)) return false;
      let page: Page | null;
      try {
        const html = await readTemplate();
        const now = Date.now();
        for (const [key, entry] of pages) if (entry.expires <= now) pages.delete(key);
        if (pages.size > MAX_PAGES) pages.clear();
        let entry = pages.get(request.url);
        if (!entry) {
          entry = { page: build(request.url, html), expires: now + INITIAL_DATA_TTL_MS };
          pages.set(request.url, entry);
        }
        page = await entry.page;
      } catch (error) {
        request.log.warn({ err: error }, 'initial data unavailable: plain index.html sent');
        pages.delete(request.url);
        return false;
      }
      if (!page) return false;
      const encoding = pickEncoding(request);
      const body = await encoded(page, encoding);
      reply.header('Content-Type', 'text/html; charset=utf-8');
      reply.header('Vary', 'Accept-Encoding');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      await reply.send(body);
      return true;
    },
  };
}
