/**
 * index.html with the first screen's data, as text: the answers of the screen's first queries in
 * `<script type="application/json" id="initial-data">` (the client seeds TanStack Query with them
 * before its first render), a high-priority preload of the screen's first image (its LCP
 * element) and, when the screen was rendered on the server, its markup inside `<div id="root">`
 * in the page's language (the browser paints it before any script ran, then hydrates it).
 * index-pages.ts builds and serves these pages.
 */
import { INITIAL_DATA_ID, type InitialData } from '#shared/first-screen.ts';
import type { Language } from '#shared/languages.ts';

export type { Language } from '#shared/languages.ts';

/** JSON that is safe inside a <script> element (no `</script>`, no `<!--`, no U+2028/2029). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * `html` with `text` in place of the first `marker`. Never String.prototype.replace with a string:
 * its replacement expands `$&`, `$\``, `$'` and `$$`, and the inserted text carries stored user text.
 */
export function insertInPlace(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker);
  return at === -1 ? html : `${html.slice(0, at)}${text}${html.slice(at + marker.length)}`;
}

/** An attribute value (href) escaped for HTML. */
function attribute(value: string): string {
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
  return `${head}${insertInPlace(rest, '</body>', `${start}\n  </body>`)}`;
}

/**
 * The first screen's data within `maxBytes` of embedded JSON: the largest answers are left out
 * until the rest fits (a description of thousands of characters must not make every page of the
 * screen megabytes long). The client fetches a left-out query as usual, so the page still works.
 */
export function boundedInitialData(data: InitialData, maxBytes: number): InitialData {
  const sized = data.queries.map((query) => ({
    query,
    bytes: Buffer.byteLength(scriptJson(query)),
  }));
  let total = Buffer.byteLength(scriptJson({ ...data, queries: [] }));
  for (const { bytes } of sized) total += bytes + 1;
  if (total <= maxBytes) return data;
  const dropped = new Set<unknown>();
  for (const { query, bytes } of [...sized].sort((a, b) => b.bytes - a.bytes)) {
    if (total <= maxBytes) break;
    dropped.add(query);
    total -= bytes + 1;
  }
  return { ...data, queries: data.queries.filter((query) => !dropped.has(query)) };
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
    const lang = `<html lang="${rendered.language}"`;
    out = deferScripts(out).replace(/<html(?: lang="[^"]*")?/, () => lang);
    out = insertInPlace(out, '<div id="root"></div>', `<div id="root">${markup}</div>`);
  }
  if (head) {
    // Before the first script of <head> (a preload placed after a script waits for it).
    const headEnd = out.indexOf('</head>');
    const script = out.indexOf('<script');
    const at = script !== -1 && script < headEnd ? script : headEnd;
    out = `${out.slice(0, at)}${head}\n    ${out.slice(at)}`;
  }
  const script = `<script type="application/json" id="${INITIAL_DATA_ID}">${scriptJson(data)}</script>`;
  return insertInPlace(out, '</body>', `${script}\n  </body>`);
}
