import type { PluginOption } from 'vite';
import { paths } from '#web/config/paths.ts';
import { staticClosure } from './chunk-graph.ts';

type OutChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
};

/**
 * Route-aware preloading: a tiny inline script in index.html asks, at once and in parallel with
 * the entry, for the chunks the first screen needs (its lazy route chunk with its imports, and the
 * strings of the chosen language), instead of discovering them one after the other once the
 * entry has run. Routes come from src/config/paths.ts (router.tsx: one file per route name).
 */
export function routePreload(): PluginOption {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  /** The static part of a route pattern ('/nft/detail/:a/:b' → '/nft/detail'). */
  const prefixOf = (pattern: string) => pattern.split('/:')[0] ?? pattern;
  return {
    name: 'vbc-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter(
          (c): c is typeof c & OutChunk => c.type === 'chunk',
        );
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (c: OutChunk) => staticClosure(c, byName);
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const loaded = closure(entry);
        // What the entry imports at once on every page (src/main.tsx: React DOM, then the app).
        const boot = new Set<string>();
        for (const f of entry.dynamicImports) {
          const d = byName.get(f);
          if (d) for (const x of closure(d)) if (!loaded.has(x)) boot.add(x);
        }
        const filesOf = (suffix: string) => {
          const c = chunks.find((x) => x.facadeModuleId?.endsWith(suffix));
          return c ? [...closure(c)].filter((f) => !loaded.has(f) && !boot.has(f)) : [];
        };
        // Longest static prefix first: '/nft/detail' wins over '/nft/inspection' and '/nfts'.
        const routes = (Object.keys(paths) as (keyof typeof paths)[])
          .map(
            (name) =>
              [
                prefixOf(paths[name].pattern),
                filesOf(`src/app/routes/${kebab(name)}.tsx`),
              ] as const,
          )
          .sort((a, b) => b[0].length - a[0].length);
        const home = filesOf('src/app/routes/marketplace.tsx');
        const strings = {
          vi: filesOf('src/lib/locales/vi.ts'),
          en: filesOf('src/lib/locales/en.ts'),
        };
        // Plain string tests (no RegExp): this runs before anything else on every page load. The
        // language: the server-rendered page's (<html lang>, when #root has the screen; the server
        // moves this script after it), else the stored choice. One preload per task: a cold
        // browser spends a millisecond or more on each, which must not add up to a long task.
        const script = `(function(){var r=${JSON.stringify(routes)},b=${JSON.stringify([...boot])},s=${JSON.stringify(strings)},p=location.pathname,f=${JSON.stringify(home)},d=document,o=d.getElementById('root'),l,i,k;if(o&&o.firstChild)l=d.documentElement.lang;else try{l=localStorage.getItem('vbc.lang')}catch(e){}for(i=0;i<r.length;i++){k=r[i][0];if(p===k||p.indexOf(k+'/')===0){f=r[i][1];break}}f=b.concat(f,s[l==='en'?'en':'vi']);i=0;(function n(){if(i>=f.length)return;k=d.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href='/'+f[i++];d.head.appendChild(k);setTimeout(n,0)})()})()`;
        // After the entry's own preloads, before the stylesheet (which would hold it back).
        const tag = `<script>${script}</script>\n    `;
        const at = html.indexOf('<link rel="stylesheet"');
        return at === -1
          ? html.replace('</head>', `${tag}</head>`)
          : `${html.slice(0, at)}${tag}${html.slice(at)}`;
      },
    },
  };
}
