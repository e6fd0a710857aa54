import type { PluginOption } from 'vite';

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints) on the code a page runs
 * as it starts: every function of the chunk is compiled on a background thread while the file
 * streams in, instead of on the main thread when first called. That is every chunk but the ones
 * loaded for one action or one rare part (`lazyOnly`: wallets, ethers, the chart, QR codes), whose
 * functions mostly never run. Added after minification, which drops comments.
 */
export function compileHints(lazyOnly: RegExp): PluginOption {
  return {
    name: 'vbc-compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.moduleIds.some((id) => lazyOnly.test(id))) continue;
        chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}
