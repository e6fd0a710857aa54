import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  listNotifications,
  markRead,
  readPrefs,
  savePrefs,
  unreadCount,
} from '#server/repositories/notifications.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import {
  MarkAllReadBody,
  MarkedRead,
  MarkReadBody,
  NotificationList,
  NotificationListQuery,
  NotificationPrefs,
  UnreadCount,
} from '#shared/schemas/notifications.ts';

/**
 * The signed-in user's notifications: GET / (paged, `unread`, `types`), GET /unread-count,
 * POST /read (these ids), POST /read-all, GET and PUT /preferences (e-mail choices and
 * language). New ones arrive live on /api/v1/live.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['notifications'];
  app.get(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        querystring: NotificationListQuery,
        response: { 200: NotificationList, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listNotifications(app.db, request.user?.id ?? 0, request.query);
    },
  );

  app.get(
    '/unread-count',
    {
      config: { auth: 'user' },
      schema: { tags, response: { 200: UnreadCount, ...errorResponses } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: { unread: await unreadCount(app.db, request.user?.id ?? 0) } };
    },
  );

  app.post(
    '/read',
    {
      config: { auth: 'user' },
      schema: { tags, body: MarkReadBody, response: { 200: MarkedRead, ...errorResponses } },
    },
    async (request) => ({
      data: { marked: await markRead(app.db, request.user?.id ?? 0, request.body.ids) },
    }),
  );

  app.post(
    '/read-all',
    {
      config: { auth: 'user' },
      schema: { tags, body: MarkAllReadBody, response: { 200: MarkedRead, ...errorResponses } },
    },
    async (request) => ({
      data: { marked: await markRead(app.db, request.user?.id ?? 0, null) },
    }),
  );

  app.get(
    '/preferences',
    {
      config: { auth: 'user' },
      schema: { tags, response: { 200: Data(NotificationPrefs), ...errorResponses } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await readPrefs(app.db, request.user?.id ?? 0) };
    },
  );

  app.put(
    '/preferences',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        body: NotificationPrefs,
        response: { 200: Data(NotificationPrefs), ...errorResponses },
      },
    },
    async (request) => {
      await savePrefs(app.db, request.user?.id ?? 0, request.body);
      return { data: await readPrefs(app.db, request.user?.id ?? 0) };
    },
  );
};

export default plugin;
