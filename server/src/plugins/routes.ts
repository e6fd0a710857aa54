/**
 * Route loader (autoload-like): every `index.ts` under server/src/routes is a Fastify plugin
 * registered with its folder path as URL prefix, so `routes/api/v1/account/sign-in/index.ts`
 * serves `/api/v1/account/sign-in`. Inside, routes use '/' or parameter paths ('/:id').
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

const ROUTES_DIR = fileURLToPath(new URL('../routes/', import.meta.url));

async function findRouteFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && (e.name === 'index.ts' || e.name === 'index.js'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export async function registerRoutes(app: FastifyInstance, dir = ROUTES_DIR): Promise<void> {
  for (const file of await findRouteFiles(dir)) {
    const relative = path.relative(dir, path.dirname(file)).split(path.sep).join('/');
    const module = (await import(pathToFileURL(file).href)) as { default?: FastifyPluginAsync };
    if (typeof module.default !== 'function') {
      throw new Error(`route file ${file} must default-export a Fastify plugin`);
    }
    await app.register(module.default, { prefix: relative ? `/${relative}` : '' });
  }
}
