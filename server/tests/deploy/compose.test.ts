/**
 * The several-nodes example (docs/deploy/compose.yaml) against the server's configuration: every
 * API node's environment (placeholders filled in) passes loadConfig and names only variables the
 * server reads; the nodes share what must be shared (database, chain, public URL, session key,
 * settlement key, the data volume); the load balancer reaches every node and checks its health.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_NAMES, loadConfig } from '#server/config.ts';

const FILE = path.resolve(import.meta.dirname, '../../../docs/deploy/compose.yaml');
/** Read by server/src/server.ts itself rather than loadConfig. */
const ENTRY_NAMES = ['INDEXER', 'WEB_DIST_DIR'];
const SAMPLE: Record<string, string> = {
  DATABASE_URL: 'postgres://marketplace:secret@db.example:5432/marketplace?sslmode=require',
  RPC_URL: 'http://besu.internal:8545',
  CHAIN_ID: '2026',
  PUBLIC_URL: 'https://market.example',
  JWT_SECRET: 'a'.repeat(64),
  SETTLEMENT_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
  DEPLOYER_PRIVATE_KEY: `0x${'22'.repeat(32)}`,
};

type Service = {
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
};

/** ${NAME:?message} and ${NAME:-default} as docker compose fills them from SAMPLE. */
function fill(value: string): string {
  return value.replace(/\$\{([A-Z_]+)(?::[?-]([^}]*))?\}/g, (_, name: string, rest?: string) => {
    const sample = SAMPLE[name];
    if (sample !== undefined) return sample;
    if (value.includes(`${name}:?`)) throw new Error(`no sample for required ${name}`);
    return rest ?? '';
  });
}

describe('docs/deploy/compose.yaml', () => {
  const compose = parse(readFileSync(FILE, 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
    configs: Record<string, { content: string }>;
  };
  const nodes = Object.entries(compose.services).filter(([name]) => name.startsWith('api-'));
  const envOf = (s: Service) =>
    Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, fill(String(v))]));

  it('has several API nodes, each one server process with a health check', () => {
    expect(nodes.length).toBeGreaterThanOrEqual(2);
    for (const [, node] of nodes) {
      expect(node.command).toEqual(['node', '--import', 'tsx', 'server/src/server.ts']);
      expect(node.healthcheck?.test.join(' ')).toContain('/api/health');
    }
  });

  it("gives every node an environment the server's configuration accepts", () => {
    for (const [name, node] of nodes) {
      const env = envOf(node);
      const unknown = Object.keys(env).filter(
        (k) => !ENV_NAMES.includes(k) && !ENTRY_NAMES.includes(k),
      );
      expect(unknown, name).toEqual([]);
      const config = loadConfig(env);
      expect(config.databaseUrl, name).toBe(SAMPLE.DATABASE_URL);
      expect(config.trustProxy, name).toBe(true);
      expect(config.rateLimitEnabled, name).toBe(true);
    }
  });

  it('shares the database, chain, session key, settlement key and data volume', () => {
    const shared = [
      'DATABASE_URL',
      'RPC_URL',
      'CHAIN_ID',
      'PUBLIC_URL',
      'JWT_SECRET',
      'SETTLEMENT_PRIVATE_KEY',
      'DATA_DIR',
    ];
    const envs = nodes.map(([, node]) => envOf(node));
    for (const key of shared) {
      expect(new Set(envs.map((e) => e[key])).size, key).toBe(1);
      expect(envs[0]?.[key], key).toBeTruthy();
    }
    const dataDir = envs[0]?.DATA_DIR;
    for (const [name, node] of nodes) {
      expect(
        node.volumes?.some((v) => v.endsWith(`:${dataDir}`)),
        name,
      ).toBe(true);
    }
    // at least one node indexes
    expect(envs.some((e) => e.INDEXER !== '0')).toBe(true);
    // the deploy step writes the record where the nodes read it
    const deploy = compose.services.deploy;
    expect(deploy && envOf(deploy).DATA_DIR).toBe(dataDir);
  });

  it('balances over every node and checks their health', () => {
    const caddy = compose.configs.caddyfile?.content ?? '';
    for (const [name] of nodes) expect(caddy).toContain(`${name}:3000`);
    expect(caddy).toContain('health_uri /api/health');
  });
});
