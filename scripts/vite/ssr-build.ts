import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type PluginOption } from 'vite';

/** Folder of the build, inside its outDir, holding the server renderer (never served). */
export const SSR_DIR = 'ssr';

/**
 * After the browser build, the server renderer of the first screen (src/entry-server.tsx) into
 * <outDir>/ssr/entry-server.js: one ES module with its dependencies bundled, so the server can
 * import it wherever the build was written. The API server never serves that folder.
 */
export function ssrBuild(): PluginOption {
  let outDir = 'dist';
  let root = '.';
  let mode = 'production';
  return {
    name: 'vbc-ssr-build',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          plugins: [react()],
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: 'src/entry-server.tsx',
            outDir: path.join(outDir, SSR_DIR),
            emptyOutDir: true,
            target: 'node20',
            minify: false,
            copyPublicDir: false,
            rollupOptions: {
              output: { format: 'es', entryFileNames: 'entry-server.js', codeSplitting: false },
            },
          },
        });
      },
    },
  };
}
