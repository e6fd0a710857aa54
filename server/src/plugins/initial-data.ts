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
 *
 * When the build has the server renderer (<web>/ssr/entry-server.js, src/entry-server.tsx), the
 * page also carries the screen itself, rendered with those answers in the language of the
 * `vbc.lang` cookie, inside `<div id="root">`: the browser paints it before any script ran and
 * hydrates it (src/main.tsx). A render that fails or takes too long is left out, not waited for.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type FirstQuery,
  firstQueriesOf,
  INITIAL_DATA_ID,
  type InitialData,
} from '#shared/first-screen.ts';
import { INTERNAL_HEADER, INTERNAL_KEY } from '../internal-request.ts';

/** How long a built page is reused for the same URL. */
export const INITIAL_DATA_TTL_MS = 5_000;
const MAX_PAGES = 200;
/** A server render slower than this is dropped: the page goes out with the data only. */
export const RENDER_TIMEOUT_MS = 1_500;
export const LANGUAGES = ['vi', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

type Renderer = {
  renderScreen(input: { url: string; language: string; data: InitialData }): Promise<string>;
};

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

/**
 * A server-rendered page starts its JavaScript only once the screen is on display: the build's
 * head scripts (the entry module, its modulepreloads and the route-preload script of
 * vite.config.ts) move into one script at the end of <body> that runs them once the browser
 * reports the first contentful paint (or after 3 s, in a background tab or a browser without paint
 * timing): the entry first, the route's chunks in the next task. The HTML, the stylesheet and
 * the first image go first on a slow network; the app's code follows and hydrates what is there.
 */
export function deferScripts(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  let head = html.slice(0, headEnd);
  const entries: string[] = [];
  const preloads: string[] = [];
  const inline: string[] = [];
  head = head.replace(
    /[ \t]*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\n?/g,
    (_, src) => {
      entries.push(src);
      return '';
    },
  );
  head = head.replace(
    /[ \t]*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\n?/g,
    (_, href) => {
      preloads.push(href);
      return '';
    },
  );
  head = head.replace(/[ \t]*<script>([\s\S]*?)<\/script>\n?/g, (_, code) => {
    inline.push(code);
    return '';
  });
  if (entries.length === 0) return html;
  const add = (rel: string, urls: string[]) =>
    `${JSON.stringify(urls)}.forEach(function(u){var e=document.createElement(${rel === 'script' ? "'script'" : "'link'"});${
      rel === 'script' ? "e.type='module';e.src=u" : "e.rel='modulepreload';e.href=u"
    };e.crossOrigin='';document.head.appendChild(e)});`;
  const start =
    '<script>(function(){var done=false;function go(){if(done)return;done=true;' +
    add('link', preloads) +
    add('script', entries) +
    `setTimeout(function(){${inline.map((code) => `${code};`).join('')}},0)}` +
    "function shown(){setTimeout(go,0)}try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();shown()}}).observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(shown)}" +
    'setTimeout(go,3000)})()</script>';
  const rest = html.slice(headEnd);
  return `${head}${rest.replace('</body>', `${start}\n  </body>`)}`;
}

/** The language of the page: the `vbc.lang` cookie the client keeps (src/lib/i18n.ts), else vi. */
export function languageOf(cookieHeader: string | undefined): Language {
  const match = /(?:^|;\s*)vbc\.lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '');
  const value = match?.[1];
  return LANGUAGES.includes(value as Language) ? (value as Language) : 'vi';
}

export type Rendered = { language: Language; markup: string };

/**
 * Inserts the preload first in <head> (before the scripts), the data at the end of <body> and,
 * when the screen was rendered, its markup inside <div id="root"> with the page's language. The
 * renderer's own resource hints (React puts them before the markup) go to <head>.
 */
export function withInitialData(
  html: string,
  data: InitialData,
  image: string | null,
  rendered: Rendered | null = null,
): string {
  let out = html;
  let head = '';
  if (image && preloadable(image)) {
    head += `<link rel="preload" as="image" href="${attribute(image)}" fetchpriority="high">`;
  }
  if (rendered) {
    let markup = rendered.markup;
    const hints = /^(?:<link [^>]*\/?>)+/.exec(markup)?.[0] ?? '';
    markup = markup.slice(hints.length);
    for (const link of hints.match(/<link [^>]*\/?>/g) ?? []) {
      const href = /href="([^"]*)"/.exec(link)?.[1];
      if (!href || !head.includes(`href="${href}"`)) head += link;
    }
    out = deferScripts(out)
      .replace(/<html(?: lang="[^"]*")?/, `<html lang="${rendered.language}"`)
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  }
  if (head) {
    // Before the first script of <head> (a preload placed after a script waits for it).
    const headEnd = out.indexOf('</head>');
    const script = out.indexOf('<script');
    const at = script !== -1 && script < headEnd ? script : headEnd;
    out = `${out.slice(0, at)}${head}\n    ${out.slice(at)}`;
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
        [INTERNAL_HEADER]: INTERNAL_KEY,
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

  /** The build's server renderer, loaded once per build (null when the build has none). */
  let renderer: { mtimeMs: number; module: Promise<Renderer | null> } | null = null;
  function rendererOf(mtimeMs: number): Promise<Renderer | null> {
    if (!renderer || renderer.mtimeMs !== mtimeMs) {
      const entry = path.join(root, 'ssr', 'entry-server.js');
      const module = stat(entry).then(
        () => import(`${pathToFileURL(entry).href}?build=${mtimeMs}`) as Promise<Renderer>,
        () => null,
      );
      renderer = { mtimeMs, module };
    }
    return renderer.module;
  }

  async function render(
    url: string,
    language: Language,
    data: InitialData,
  ): Promise<Rendered | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const module = await rendererOf(template?.mtimeMs ?? 0);
      if (!module) return null;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('server render timed out')), RENDER_TIMEOUT_MS);
      });
      const markup = await Promise.race([module.renderScreen({ url, language, data }), timeout]);
      return { language, markup };
    } catch (error) {
      app.log.warn(
        { err: error, url },
        'server render failed: the page is sent with its data only',
      );
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  async function build(url: string, language: Language, html: string): Promise<Page | null> {
    const [pathname = '', search = ''] = url.split('?');
    const queries = firstQueriesOf(pathname, search);
    if (!queries) return null;
    const at = Date.now();
    const answers: InitialData['queries'] = [];
    const images: (string | null)[] = [];
    await runAll(queries, answers, images);
    const image = images.find((i) => i) ?? null;
    // The first image (LCP) is ready before the page that preloads it goes out.
    if (image && app.hasDecorator('ensureThumbnail')) await app.ensureThumbnail(image);
    const data = { at, queries: answers };
    const rendered = await render(url, language, data);
    return { html: Buffer.from(withInitialData(html, data, image, rendered)) };
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
        const language = languageOf(request.headers.cookie);
        const key = `${language} ${request.url}`;
        let entry = pages.get(key);
        if (!entry) {
          entry = { page: build(request.url, language, html), expires: now + INITIAL_DATA_TTL_MS };
          pages.set(key, entry);
        }
        page = await entry.page;
      } catch (error) {
        request.log.warn({ err: error }, 'initial data unavailable: plain index.html sent');
        pages.delete(`${languageOf(request.headers.cookie)} ${request.url}`);
        return false;
      }
      if (!page) return false;
      const encoding = pickEncoding(request);
      const body = await encoded(page, encoding);
      reply.header('Content-Type', 'text/html; charset=utf-8');
      reply.header('Vary', 'Accept-Encoding, Cookie');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      await reply.send(body);
      return true;
    },
  };
}
