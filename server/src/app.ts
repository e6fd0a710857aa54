/**
 * `buildApp(options)`: the Fastify application (fastify/demo order): external plugins, then app
 * plugins (database, mailer, chain, auth as decorators), then the routes found under routes/
 * (folder path = URL path). `server.ts` listens; tests call buildApp and use `app.inject`.
 */
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type Config, JSON_BODY_LIMIT, loadConfig } from './config.ts';
import { createDatabase, type DatabaseHandle } from './db/create-database.ts';
import { migrate } from './db/migrate.ts';
import { type IndexerPluginOptions, registerIndexer } from './indexer/plugin.ts';
import type { Mailer } from './mail/mailer.ts';
import { registerNotifications } from './notifications/plugin.ts';
import { registerAnswerCache } from './plugins/answer-cache.ts';
import { registerAuth } from './plugins/app/auth.ts';
import { registerChain } from './plugins/app/chain.ts';
import { registerDatabase } from './plugins/app/database.ts';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/app/error-handler.ts';
import { registerKnownNetworkCheck } from './plugins/app/known-network.ts';
import { registerMailer } from './plugins/app/mailer.ts';
import { validatorCompiler } from './plugins/app/validator.ts';
import { fastifyTimeouts, limitConnections } from './plugins/connection-limits.ts';
import { registerEtags } from './plugins/etag.ts';
import { registerExternalPlugins } from './plugins/external.ts';
import { closeAfterRequests } from './plugins/in-flight.ts';
import { registerRoutes } from './plugins/routes.ts';
import { registerThumbnails } from './plugins/thumbnails.ts';
import { registerUploads } from './plugins/uploads.ts';
import { registerWebApp } from './plugins/web.ts';

export interface BuildAppOptions {
  /** Defaults to loadConfig(process.env). */
  config?: Config;
  /** An open database (tests share one); else one is opened from config and closed with the app. */
  database?: DatabaseHandle;
  /** Apply pending migrations at start (default true). */
  migrate?: boolean;
  /** A mailer to use instead of the one made from config (tests). */
  mailer?: Mailer;
  /** Serve this web build (dist/) with the API; default: none (scripts/start.ts serves it). */
  webDir?: string;
  /** Fastify logger option; default: pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes its lines (default stdout): journeys read them back. */
  logStream?: { write(line: string): void };
  /** Run the chain indexer in this process (server/src/indexer). Default false. */
  indexer?: boolean | IndexerPluginOptions;
  /** How long a close waits for requests and busy sockets (default IN_FLIGHT_WAIT_MS; tests). */
  closeWaitMs?: number;
}

export type App = FastifyInstance;

export async function buildApp(options: BuildAppOptions = {}): Promise<App> {
  const config = options.config ?? loadConfig();
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: [
        'req.headers.authorization',
        'req.headers["marketplace-key"]',
        'req.headers["api-key"]',
      ],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    // Fastify's 10 s default fails a start on a loaded machine (swagger-ui reads its assets at
    // registration); a plugin that truly hangs still fails, after a minute.
    pluginTimeout: 60_000,
    ...fastifyTimeouts(config),
  })
    .setValidatorCompiler(validatorCompiler)
    .withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  limitConnections(app.server, config);
  registerErrorHandler(app);
  await registerExternalPlugins(app, config);

  const owned = !options.database;
  const database =
    options.database ??
    (await createDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      poolMax: config.databasePoolMax,
    }));
  registerDatabase(app, database, owned);
  if (options.migrate !== false) {
    const applied = await migrate(database.db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
  }
  registerMailer(app, config, options.mailer);
  registerChain(app, config);
  registerAuth(app, config);
  await registerNotifications(app, database.listen);
  await registerUploads(app, config);
  await registerThumbnails(app, config);
  if (options.indexer) {
    await registerIndexer(app, config, options.indexer === true ? {} : options.indexer);
  } else {
    app.decorate('indexer', null);
    app.decorate('indexers', new Map());
  }

  registerKnownNetworkCheck(app);
  registerAnswerCache(app, database.listen);
  registerEtags(app);
  await registerRoutes(app);
  if (options.webDir) await registerWebApp(app, options.webDir);
  // Last: its onClose hook runs first, so everything above closes after the running requests.
  closeAfterRequests(app, options.closeWaitMs);
  return app;
}
