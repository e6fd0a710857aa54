/**
 * Server rendering of the first screen, so a phone paints it before any script has run
 * (docs/decisions/003-server-rendered-first-screen.md). The API server
 * (server/src/plugins/initial-data.ts) calls `renderScreen` for the screens whose first queries it
 * already answers (shared/first-screen.ts), with those answers, and puts the HTML inside
 * `<div id="root">`; src/start.tsx then hydrates it instead of rendering from nothing.
 *
 * It renders the same tree as the browser (App + the routes) as a visitor: no session, online, no
 * browse history yet, the language of the `vbc.lang` cookie. The browser hydrates only when it
 * would render the same thing (src/start.tsx), and otherwise renders afresh.
 *
 * Built by `vite build` into <outDir>/ssr/entry-server.js (vite.config.ts, `ssrBuild`), one file
 * with its dependencies, which the server imports when it is there.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { InitialData } from '#shared/first-screen.ts';
import { DEFAULT_LANGUAGE } from '#shared/languages.ts';
import { App, createAppQueryClient } from './app/app.tsx';
import { AppRoutes, preloadScreen } from './app/router.tsx';
import { initI18n, isLanguage, type Language, laterStrings } from './lib/i18n.ts';
import { seedQueries } from './lib/initial-data.ts';

type RenderInput = {
  /** Path and query string of the page ('/marketplace', '/nft/detail/…?tab=…'). */
  url: string;
  language: string;
  data: InitialData;
};

let ready: Promise<unknown> | undefined;
/** Renders one at a time: the language (i18next) and the clock are process-wide. */
let queue: Promise<unknown> = Promise.resolve();

async function render({ url, language, data }: RenderInput): Promise<string> {
  ready ??= initI18n(DEFAULT_LANGUAGE);
  const i18n = (await ready) as Awaited<ReturnType<typeof initI18n>>;
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  // A screen that shows the later parts renders with them, as in the browser (router.tsx).
  await laterStrings();
  // The screen's module first: rendered directly, it never suspends (router.tsx `screen`).
  await preloadScreen(url.split('?')[0] ?? url);
  const client = createAppQueryClient();
  seedQueries(client, data, data.at);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </App>
    </StrictMode>,
    // One document: no part of it is held back to be streamed after the rest.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  client.clear();
  return Buffer.concat(chunks).toString('utf8');
}

/** The HTML of the screen at `url`, to put inside `<div id="root">`. */
export function renderScreen(input: RenderInput): Promise<string> {
  const next = queue.then(() => render(input));
  queue = next.catch(() => undefined);
  return next;
}
