/** Where the scripts find the repository and the product's data folder. */
import path from 'node:path';
import { scriptEnv } from './config.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** DATA_DIR, else ./data of the repository: the chain state, the database, uploads, mails. */
export function defaultDataDir(): string {
  return path.resolve(scriptEnv.dataDir() ?? path.join(ROOT, 'data'));
}
