/**
 * The build's server renderer (<web>/ssr/entry-server.js, built from src/entry-server.tsx), loaded
 * once per build. A render that fails or takes longer than RENDER_TIMEOUT_MS is left out: the
 * page then goes out with its data only.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { InitialData } from '#shared/first-screen.ts';
import type { Language, Rendered } from './initial-data.ts';

/** A server render slower than this is dropped. */
const RENDER_TIMEOUT_MS = 1_500;

type Renderer = {
  renderScreen(input: { url: string; language: string; data: InitialData }): Promise<string>;
};

export type RenderScreen = (
  url: string,
  language: Language,
  data: InitialData,
  build: number,
) => Promise<Rendered | null>;

/** `build` (the mtime of index.html) tells builds apart: a new one loads its own renderer. */
export function serverRenderer(app: FastifyInstance, root: string): RenderScreen {
  let loaded: { build: number; module: Promise<Renderer | null> } | null = null;
  function rendererOf(build: number): Promise<Renderer | null> {
    if (!loaded || loaded.build !== build) {
      const entry = path.join(root, 'ssr', 'entry-server.js');
      const module = stat(entry).then(
        () => import(`${pathToFileURL(entry).href}?build=${build}`) as Promise<Renderer>,
        () => null,
      );
      loaded = { build, module };
    }
    return loaded.module;
  }

  return async (url, language, data, build) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const module = await rendererOf(build);
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
  };
}
