/**
 * The real API server alone (no chain, no demo data) for the account journey, on a given port
 * with its own data folder; mails land in its outbox. Journeys on the demo catalogue use the
 * whole stack instead (./stack.ts).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

/** `app` gives journeys the server's database (rows the chain would write, e.g. bids). */
export type Backend = { url: string; dataDir: string; app: App; close(): Promise<void> };

export async function startBackend({
  port,
  publicUrl,
}: {
  port: number;
  publicUrl: string;
}): Promise<Backend> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vbc-web-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    RATE_LIMIT_ENABLED: 'false',
  });
  const app = await buildApp({ config });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    app,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Mails the server wrote to DATA_DIR/outbox (no SMTP_URL), oldest first. */
export async function outbox(dataDir: string): Promise<{ file: string; text: string }[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files
      .sort()
      .map(async (file) => ({ file, text: await readFile(path.join(dir, file), 'utf8') })),
  );
}
