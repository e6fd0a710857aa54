/**
 * HTTP validators for the public catalogue reads (GET /api/v2/show/..., /api/v2/activity, an
 * item's bid history /api/v2/bid/bid/{id}):
 * a weak ETag from a hash of the JSON body, `Cache-Control: no-cache` (a cache may keep the
 * answer but must ask again each time, so a write is seen on the next read), and 304 without
 * a body when the client's If-None-Match names the same ETag. The server still reads the
 * database for a revalidation; what is saved is the transfer and the client's parsing.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The catalogue reads, and an item's bid history (GET /api/v2/bid/bid/{id}, bid-set, bidSet). */
export const VALIDATED =
  /^\/api\/v2\/(show\/|activity(\/|\?|$)|bid\/(bid|bid-set|bidSet)\/\d+(\?|$))/;

export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}

async function validate(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
    return payload;
  }
  if (!VALIDATED.test(request.url)) return payload;
  // an answer from the cache (answer-cache.ts) carries the ETag computed when it was stored
  const etag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload);
  reply.header('ETag', etag);
  reply.header('Cache-Control', 'no-cache');
  if (matches(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}

export function registerEtags(app: FastifyInstance): void {
  app.addHook('onSend', validate);
}
