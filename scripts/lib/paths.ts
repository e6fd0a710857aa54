/** Where the scripts find the repository and the product's data folder. */
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** DATA_DIR, else ./data of the repository: the chain state, the database, uploads, mails. */
export function defaultDataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data'));
}
