/**
 * Server configuration from the environment, validated once at start (a bad value stops the
 * process with a message naming the variable). The server's limits and the values it chose live
 * here; the business rules are in shared/rules.ts (docs/product-rules.md, Constants).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isHexString } from 'ethers';
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import {
  type NetworkConfig,
  NetworkConfigError,
  resolveNetworks,
  servedNetworks,
} from './networks.ts';

/**
 * Public client keys (the `marketplace-key` and trade `api-key` headers). They identify the
 * client app, they are NOT secrets: the web bundle carries them. Change them per deployment.
 */
const DEFAULT_MARKETPLACE_KEY = 'vbc-marketplace-public-key';
const DEFAULT_API_KEY = 'vbc-trade-public-key';

/** Chosen: e-mail verification links expire after 24 hours. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** EIP-4361: a sign-in message (nonce) lives 5 minutes and is used once. */
export const SIWE_NONCE_TTL_MS = 5 * 60 * 1000;
/** Chosen: a session token (JWT) lives 7 days. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Chosen: avatar and banner uploads up to 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * Chosen: one account keeps at most 100 uploaded files and 100 MB (20 images at the 5 MB limit,
 * or a partner's collection of small pictures); a replaced avatar or banner no longer counts
 * (server/src/account/upload-quota.ts). UPLOAD_QUOTA_FILES and UPLOAD_QUOTA_BYTES override them.
 */
export const UPLOAD_QUOTA = { files: 100, bytes: 100 * 1024 * 1024 } as const;
/** Chosen: JSON bodies up to 256 KB (keystores and signed orders are far smaller). */
export const JSON_BODY_LIMIT = 256 * 1024;
/**
 * Chosen: the first screen's data embedded in a page is at most 256 KB of JSON; the largest
 * answers are left for the client to fetch beyond it (server/src/plugins/initial-data.ts).
 */
export const MAX_INITIAL_DATA_BYTES = 256 * 1024;
/**
 * Chosen defaults: open live streams (GET /api/v1/live, ~14 KB and one file handle each) per
 * client address and per process. 20 covers one person's tabs and devices behind one address;
 * 10,000 keeps a process well under its file-handle limit (8,000 streams from many clients were
 * measured to hold, each bid reaching all in p50 0.5 s). LIVE_STREAMS_PER_CLIENT and
 * LIVE_STREAMS_PER_PROCESS override them.
 */
export const LIVE_STREAM_LIMITS = { perClient: 20, perProcess: 10_000 } as const;
/**
 * Chosen: a signed transaction is sent on (RPC proxy, gateway, trade routes) only with its
 * sender's next nonce, or one replacing a transaction still waiting, and with at most 4 of the
 * sender's transactions waiting in the node's pool: a nonce far ahead would sit in the pool for
 * free (server/src/chain/broadcast.ts).
 */
export const MAX_PENDING_PER_SENDER = 4;
/**
 * Chosen: a request must arrive whole (headers and body) within 2 minutes (a 5 MB image over a
 * 50 KB/s phone link takes 100 s); a client sending slower holds a socket no longer. One socket
 * address may hold 256 open connections (a browser opens 6 per host; a NAT of many users fits):
 * one client cannot take the file handles everyone else needs. Behind a proxy (TRUST_PROXY) every
 * socket comes from the proxy, so the proxy caps per client. REQUEST_TIMEOUT_MS and
 * CONNECTIONS_PER_CLIENT override them (server/src/plugins/connection-limits.ts).
 */
export const CONNECTION_LIMITS = { requestTimeoutMs: 120_000, perClient: 256 } as const;
/**
 * Chosen rate limits (per IP and minute) for the abuse-prone forms; the RPC proxy has more room
 * (a wallet polls it), switching the active wallet less.
 */
export const RATE_LIMITS = {
  global: 600,
  signIn: 10,
  signUp: 5,
  resendEmail: 3,
  supportForm: 5,
  rpc: 1200,
  walletSwitch: 20,
} as const;
/** The RPC URL of a network is its domain plus this suffix, except the test chain (id 97). */
export const RPC_SUFFIX = '/rpc';

const EnvSchema = Type.Object({
  NODE_ENV: Type.Union(
    [Type.Literal('development'), Type.Literal('production'), Type.Literal('test')],
    {
      default: 'development',
    },
  ),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  LOG_LEVEL: Type.Union(
    [
      Type.Literal('fatal'),
      Type.Literal('error'),
      Type.Literal('warn'),
      Type.Literal('info'),
      Type.Literal('debug'),
      Type.Literal('trace'),
      Type.Literal('silent'),
    ],
    { default: 'info' },
  ),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_POOL_MAX: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'VBChain NFT Marketplace <no-reply@vbchain.local>' }),
  SUPPORT_EMAIL: Type.String({ default: 'support@vbchain.local' }),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  CORS_ORIGINS: Type.String({ default: '' }),
  RPC_URL: Type.String({
    pattern: '^https?://',
    default: `http://127.0.0.1:${VBCHAIN_DEVNET.defaultRpcPort}`,
  }),
  CHAIN_ID: Type.Integer({ minimum: 1, default: VBCHAIN_DEVNET.chainId }),
  /** The network catalogue's overrides (server/src/networks.ts; README, Networks). */
  NETWORKS_FILE: Type.Optional(Type.String({ minLength: 1 })),
  /** Nodes of further networks: `97=https://node,...` (server/src/networks.ts). */
  NETWORK_RPC_URLS: Type.Optional(Type.String()),
  MARKETPLACE_KEY: Type.String({ minLength: 1, default: DEFAULT_MARKETPLACE_KEY }),
  API_KEY: Type.String({ minLength: 1, default: DEFAULT_API_KEY }),
  SETTLEMENT_PRIVATE_KEY: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' })),
  /** Pays the gas of relayed gift claims (docs/decisions/085-gift-escrow-with-a-link-key.md). */
  GIFT_RELAYER_PRIVATE_KEY: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' })),
  TRUST_PROXY: Type.Boolean({ default: false }),
  UPLOAD_QUOTA_FILES: Type.Integer({ minimum: 1, default: UPLOAD_QUOTA.files }),
  UPLOAD_QUOTA_BYTES: Type.Integer({ minimum: 1, default: UPLOAD_QUOTA.bytes }),
  LIVE_STREAMS_PER_CLIENT: Type.Integer({ minimum: 1, default: LIVE_STREAM_LIMITS.perClient }),
  LIVE_STREAMS_PER_PROCESS: Type.Integer({ minimum: 1, default: LIVE_STREAM_LIMITS.perProcess }),
  REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: CONNECTION_LIMITS.requestTimeoutMs }),
  CONNECTIONS_PER_CLIENT: Type.Integer({ minimum: 1, default: CONNECTION_LIMITS.perClient }),
  RATE_LIMIT_ENABLED: Type.Boolean({ default: true }),
  /** The catalogue answer cache (server/src/plugins/answer-cache.ts). */
  ANSWER_CACHE: Type.Boolean({ default: true }),
  WALLETCONNECT_RELAY_URL: Type.Optional(Type.String({ pattern: '^wss?://' })),
  WALLETCONNECT_PROJECT_ID: Type.Optional(Type.String({ minLength: 1 })),
});

export type Env = Static<typeof EnvSchema>;

/**
 * How gift claims are relayed (server/src/services/gift-claims.ts): every claim is sent with this
 * gas limit (a claim uses about 60k; a recipient contract cannot make the relayer pay more), and a
 * giver whose relayed claims reverted this many times (the gift taken back in the claim's block)
 * gets no more of its gifts relayed by this process.
 */
export const GIFT_RELAY = { claimGasLimit: 150_000n, strikesBeforeStop: 2 } as const;

/** The variables loadConfig reads (deployment files are checked against them). */
export const ENV_NAMES: readonly string[] = Object.keys(EnvSchema.properties);

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  publicUrl: string;
  corsOrigins: string[];
  /** The node of the primary network (CHAIN_ID). */
  rpcUrl: string;
  /** The primary network: the default of a request that names none. */
  chainId: number;
  /** The network catalogue (built-in, NETWORKS_FILE, NETWORK_RPC_URLS, RPC_URL), in list order. */
  networks: NetworkConfig[];
  /** The networks this server serves and indexes (those with a node), the primary first. */
  served: NetworkConfig[];
  marketplaceKey: string;
  apiKey: string;
  settlementPrivateKey: string | undefined;
  /** Sends gift claims signed by a link's key; none: claims are not relayed (COMING_SOON). */
  giftRelayerPrivateKey: string | undefined;
  giftRelay: { claimGasLimit: bigint; strikesBeforeStop: number };
  trustProxy: boolean;
  /** Files and bytes one account may keep uploaded (UPLOAD_QUOTA). */
  uploadQuota: { files: number; bytes: number };
  /** Open live streams allowed per client address and per process (LIVE_STREAM_LIMITS). */
  liveStreams: { perClient: number; perProcess: number };
  /** How long a request may take to arrive, and open connections per socket address. */
  connections: { requestTimeoutMs: number; perClient: number };
  rateLimitEnabled: boolean;
  answerCache: boolean;
  /** What the page's WalletConnect uses (server/src/walletconnect-relay/README.md). */
  walletConnect: { relayUrl: string | undefined; projectId: string | undefined };
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * What the entry point (server/src/server.ts) passes to buildApp besides the config: the chain
 * indexer runs in every API process unless INDEXER=0 (on PostgreSQL only the holder of its
 * advisory lock indexes), and the built PWA is served from WEB_DIST_DIR (default ./dist).
 */
export function processOptions(env: Record<string, string | undefined> = process.env): {
  indexer: boolean;
  webDir: string;
} {
  return { indexer: env.INDEXER !== '0', webDir: env.WEB_DIST_DIR || 'dist' };
}

/** Reads and validates `env` (default process.env); empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(EnvSchema, Value.Convert(EnvSchema, raw));
  if (!Value.Check(EnvSchema, withDefaults)) {
    const problems = Value.Errors(EnvSchema, withDefaults).map(
      (e) => `${e.instancePath.replace(/^\//, '') || 'env'}: ${e.message}`,
    );
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  const e = withDefaults as Env;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.SETTLEMENT_PRIVATE_KEY && !isHexString(e.SETTLEMENT_PRIVATE_KEY, 32)) {
    throw new ConfigError('invalid configuration: SETTLEMENT_PRIVATE_KEY must be 32 bytes hex');
  }
  const networks = loadNetworks(e, raw.RPC_URL !== undefined);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    rpcUrl: networks.find((n) => n.networkId === e.CHAIN_ID)?.nodeUrl ?? e.RPC_URL,
    chainId: e.CHAIN_ID,
    networks,
    served: servedNetworks(networks, e.CHAIN_ID),
    marketplaceKey: e.MARKETPLACE_KEY,
    apiKey: e.API_KEY,
    settlementPrivateKey: e.SETTLEMENT_PRIVATE_KEY,
    giftRelayerPrivateKey: e.GIFT_RELAYER_PRIVATE_KEY,
    giftRelay: { ...GIFT_RELAY },
    trustProxy: e.TRUST_PROXY,
    uploadQuota: { files: e.UPLOAD_QUOTA_FILES, bytes: e.UPLOAD_QUOTA_BYTES },
    liveStreams: { perClient: e.LIVE_STREAMS_PER_CLIENT, perProcess: e.LIVE_STREAMS_PER_PROCESS },
    connections: { requestTimeoutMs: e.REQUEST_TIMEOUT_MS, perClient: e.CONNECTIONS_PER_CLIENT },
    rateLimitEnabled: e.RATE_LIMIT_ENABLED,
    answerCache: e.ANSWER_CACHE,
    walletConnect: { relayUrl: e.WALLETCONNECT_RELAY_URL, projectId: e.WALLETCONNECT_PROJECT_ID },
  };
}

/**
 * The network catalogue of an environment without a primary network (the stack's chains,
 * scripts/lib/stack/networks.ts): NETWORKS_FILE and NETWORK_RPC_URLS of `env`.
 */
export function networksFromEnv(env: Record<string, string | undefined>): NetworkConfig[] {
  const file = env.NETWORKS_FILE ? readNetworksFile(env.NETWORKS_FILE) : undefined;
  try {
    return resolveNetworks({ file, rpcUrls: env.NETWORK_RPC_URLS || undefined });
  } catch (error) {
    if (error instanceof NetworkConfigError) {
      throw new ConfigError(`invalid configuration: ${error.message}`);
    }
    throw error;
  }
}

function readNetworksFile(name: string): unknown {
  try {
    return JSON.parse(readFileSync(name, 'utf8'));
  } catch (cause) {
    throw new ConfigError(
      `invalid configuration: NETWORKS_FILE ${name}: ${(cause as Error).message}`,
    );
  }
}

/** The network catalogue: NETWORKS_FILE read here, once; a bad file stops the start. */
function loadNetworks(e: Env, rpcUrlGiven: boolean): NetworkConfig[] {
  let file: unknown;
  if (e.NETWORKS_FILE) file = readNetworksFile(e.NETWORKS_FILE);
  try {
    return resolveNetworks({
      file,
      rpcUrls: e.NETWORK_RPC_URLS,
      primary: { chainId: e.CHAIN_ID, rpcUrl: e.RPC_URL, explicit: rpcUrlGiven },
    });
  } catch (error) {
    if (error instanceof NetworkConfigError) {
      throw new ConfigError(`invalid configuration: ${error.message}`);
    }
    throw error;
  }
}

/** JWT_SECRET when absent: generated once and kept in DATA_DIR/jwt-secret (mode 600). */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
