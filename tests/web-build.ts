/**
 * The production build of the web app that every browser test serves (journeys, PWA journeys,
 * Lighthouse) and the bundle benchmark measures: built once into test-results/web-build and reused
 * while no source of the web app is newer (the list in scripts/lib/stack/web-build.ts). Beside it,
 * web-build.json records its build id and its chunk graph (what scripts/bench-bundle.ts reads).
 * `npm test` builds it first (scripts/test-fixtures.ts); a test file run alone builds it if needed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { webSourcesNewerThan } from '#scripts/lib/stack/web-build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** E2E_WEB_OUT_DIR lets two test runs on one machine build into their own folders. */
export const WEB_BUILD_DIR =
  process.env.E2E_WEB_OUT_DIR ?? path.join(ROOT, 'test-results', 'web-build');
const STAMP = `${WEB_BUILD_DIR}.json`;

/** A chunk as Rollup describes it (the code is read from the built file). */
export type ChunkInfo = {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
};

export type WebBuild = { dir: string; buildId: string; builtAt: number; chunks: ChunkInfo[] };

/** The shared build: reused when fresh, else built now. */
export async function ensureWebBuild(): Promise<WebBuild> {
  const current = freshWebBuild();
  if (current) return current;
  return rebuildWebBuild();
}

/** The shared build if it exists and no source of the web app changed since. */
export function freshWebBuild(): WebBuild | null {
  if (!existsSync(STAMP) || !existsSync(path.join(WEB_BUILD_DIR, 'index.html'))) return null;
  const stamp = JSON.parse(readFileSync(STAMP, 'utf8')) as WebBuild;
  if (stamp.dir !== WEB_BUILD_DIR || webSourcesNewerThan(stamp.builtAt)) return null;
  return stamp;
}

/** Builds the shared build now (a new build id), whatever the state of the old one. */
export async function rebuildWebBuild(): Promise<WebBuild> {
  await rm(STAMP, { force: true });
  const builtAt = Date.now();
  const buildId = `test-${builtAt}`;
  const chunks: ChunkInfo[] = [];
  await buildWeb(WEB_BUILD_DIR, buildId, [chunkReport(chunks)]);
  const stamp: WebBuild = { dir: WEB_BUILD_DIR, buildId, builtAt, chunks };
  // Write then rename: a reader never sees half a stamp.
  await writeFile(`${STAMP}.partial`, JSON.stringify(stamp));
  await rename(`${STAMP}.partial`, STAMP);
  return stamp;
}

/** Builds the web app into `outDir` with the given build id, as production does. */
export async function buildWeb(outDir: string, buildId: string, plugins: Plugin[] = []) {
  const previous = { id: process.env.VITE_BUILD_ID, env: process.env.NODE_ENV };
  process.env.VITE_BUILD_ID = buildId;
  // vitest sets NODE_ENV=test, which would make Vite build React's development bundle and
  // leave `import.meta.env.PROD` false (no service worker): build as production does.
  process.env.NODE_ENV = 'production';
  try {
    await mkdir(outDir, { recursive: true });
    await build({
      root: ROOT,
      mode: 'production',
      logLevel: 'warn',
      configFile: path.join(ROOT, 'vite.config.ts'),
      plugins,
      build: { outDir, emptyOutDir: true, reportCompressedSize: false },
    });
  } finally {
    if (previous.id === undefined) delete process.env.VITE_BUILD_ID;
    else process.env.VITE_BUILD_ID = previous.id;
    if (previous.env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous.env;
  }
}

/** Collects Rollup's description of every chunk of the build into `into`. */
function chunkReport(into: ChunkInfo[]): Plugin {
  return {
    name: 'vbc-chunk-report',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        into.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          facadeModuleId: output.facadeModuleId,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          moduleIds: output.moduleIds,
        });
      }
    },
  };
}
