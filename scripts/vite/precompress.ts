import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { PluginOption } from 'vite';
import { SSR_DIR } from './ssr-build.ts';

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so the server sends them
 * precompressed (@fastify/static `preCompressed`) at the best level instead of compressing on
 * every request, or not at all.
 */
export function precompress(): PluginOption {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'vbc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter(
          (f) =>
            /\.(js|css|html|svg|json|webmanifest|txt)$/.test(f) &&
            !f.startsWith(`${SSR_DIR}${path.sep}`),
        );
        await Promise.all(
          files.map(async (file) => {
            const full = path.join(outDir, file);
            const data = await readFile(full);
            if (data.length < 1024) return;
            const [br, gzipped] = await Promise.all([
              brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
              gz(data, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
          }),
        );
      },
    },
  };
}
