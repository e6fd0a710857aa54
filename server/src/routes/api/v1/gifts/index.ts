import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '#server/errors.ts';
import {
  giftByClaimKey,
  giftMessage,
  giftsOfGivers,
  insertGiftMessage,
} from '#server/repositories/gifts.ts';
import { addressesOfAccount } from '#server/repositories/users.ts';
import { relayGiftClaim } from '#server/services/gift-claims.ts';
import { Data, errorResponses, Nullable } from '#shared/schemas/common.ts';
import {
  ClaimKeyParams,
  Gift,
  GiftClaimBody,
  GiftClaimed,
  GiftIdParams,
  GiftList,
  GiftMessage,
  GiftMessageBody,
  GiftMessageOrNone,
  MessageIdParams,
} from '#shared/schemas/gifts.ts';

/**
 * /api/v1/gifts (contracts/src/Gifts.sol; docs/decisions/085-gift-escrow-with-a-link-key.md):
 * - GET /by-key/:claimKey: the gift made with that link key (its address only: the key stays in
 *   the link's fragment) on any of our networks (the gift names its own), for the claim screen;
 *   null when none was made with it (yet: the giver's page polls it until the indexer records it);
 * - GET /mine (bearer): the gifts given from the account's linked addresses on every network,
 *   newest first;
 * - POST /messages (bearer) {messageId, message}: the giver's message, written once under an id
 *   derived from the link key (GIFT_MESSAGE_EXISTS after); GET /messages/:messageId reads it
 *   (null when the gift has none);
 * - POST /:giftId/claim (bearer) {recipient, signature, networkId?}: relays the claim of the
 *   network's gift (ids count per network; default the primary network) to one of the account's
 *   addresses (services/gift-claims.ts): GIFT_NOT_FOUND, GIFT_ALREADY_CLAIMED, GIFT_TAKEN_BACK,
 *   FORBIDDEN (not the account's address), INVALID_SIGNATURE, COMING_SOON (no relayer key).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['gifts'];
  app.get(
    '/by-key/:claimKey',
    {
      schema: {
        tags,
        params: ClaimKeyParams,
        response: { 200: Data(Nullable(Gift)), ...errorResponses },
      },
    },
    async (request) => ({
      data: await giftByClaimKey(app.db, request.params.claimKey),
    }),
  );

  app.get(
    '/mine',
    {
      config: { auth: 'user' },
      schema: { tags, response: { 200: Data(GiftList), ...errorResponses } },
    },
    async (request) => {
      const addresses = await addressesOfAccount(app.db, request.user!.id);
      return { data: await giftsOfGivers(app.db, addresses) };
    },
  );

  app.post(
    '/messages',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        body: GiftMessageBody,
        response: { 201: Data(GiftMessage), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { messageId, message } = request.body;
      const row = { messageId, message: message.trim(), userId: request.user!.id };
      if (!(await insertGiftMessage(app.db, row))) throw new AppError('GIFT_MESSAGE_EXISTS');
      reply.code(201);
      return { data: { message: row.message } };
    },
  );

  app.get(
    '/messages/:messageId',
    {
      schema: {
        tags,
        params: MessageIdParams,
        response: { 200: Data(GiftMessageOrNone), ...errorResponses },
      },
    },
    async (request) => ({
      data: { message: await giftMessage(app.db, request.params.messageId) },
    }),
  );

  app.post(
    '/:giftId/claim',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        params: GiftIdParams,
        body: GiftClaimBody,
        response: { 200: Data(GiftClaimed), ...errorResponses },
      },
    },
    async (request) => ({
      data: await relayGiftClaim(app, request.user!.id, request.params.giftId, request.body),
    }),
  );
};
export default plugin;
