/**
 * External plugins: security headers, CORS, rate limits, multipart uploads, OpenAPI.
 * Registered first by app.ts (fastify/demo order: external, then app plugins, then routes).
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { type Config, MAX_IMAGE_BYTES, RATE_LIMITS } from '../config.ts';
import { AppError } from '../errors.ts';
import { INTERNAL_HEADER, INTERNAL_KEY } from '../internal-request.ts';
import { sharedRateLimitStore } from './rate-limit-store.ts';
import { isApiPath } from './web.ts';

/** Called with the root instance, so the plugins apply to every route. */
export async function registerExternalPlugins(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    // The API and the PWA share an origin; the PWA's CSP is set where it is served.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    // Without CORS_ORIGINS every origin may read the public API (no cookies are used: the
    // session is a bearer token), else only the listed ones.
    origin: config.corsOrigins.length ? config.corsOrigins : true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'marketplace-key', 'api-key'],
    maxAge: 600,
  });
  if (config.rateLimitEnabled) {
    await app.register(rateLimit, {
      global: true,
      max: RATE_LIMITS.global,
      // The API's budget: the web app's files (a page load is dozens of them) and the server's
      // own calls when it builds a page (initial-data.ts) do not spend it.
      allowList: (request) =>
        !isApiPath(request.url) || request.headers[INTERNAL_HEADER] === INTERNAL_KEY,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new AppError('RATE_LIMITED'),
      // On PostgreSQL the strict route limits hold across API nodes (rate-limit-store.ts).
      ...(config.databaseUrl ? { store: sharedRateLimitStore(() => app.db) } : {}),
    });
  }
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 10, fieldSize: 1024, parts: 12 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'VBChain NFT marketplace API',
        version: '1.0.0',
        description:
          'Errors answer { statusCode, code, message }. Money: decimal strings of wei. ' +
          'Addresses: EIP-55 checksummed. marketplace-key and api-key are public client keys.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          marketplaceKey: { type: 'apiKey', in: 'header', name: 'marketplace-key' },
          apiKey: { type: 'apiKey', in: 'header', name: 'api-key' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
