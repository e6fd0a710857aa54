import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isUniqueViolation, loadAccount } from '#server/account/accounts.ts';
import { checkSiwe, consumeNonce } from '#server/account/siwe-session.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import { addressOwner, linkAddress } from '#server/repositories/users.ts';
import { AddBcAddressBody } from '#shared/schemas/account.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Account } from '#shared/schemas/entities.ts';

/**
 * POST /api/v1/bc-address/add-to-account {new_bc_address, message, signature} (bearer): links a
 * chain address to the signed-in account. The address proves it is the user's: `message` is an
 * EIP-4361 message of GET sign-in/message for that address, signed by it (else
 * INVALID_SIGNATURE; a used or expired nonce is AUTH_REQUEST_EXPIRED), so nobody can block an
 * address's owner by linking it first. An address belongs to one account at most
 * (docs/product-rules.md): another account's address is ADDRESS_IN_USE. Linking an address the
 * account already holds is a no-op. Answers the updated profile.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['bc-address'],
        body: AddBcAddressBody,
        response: { 200: Data(Account), ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const address = toDbAddress(request.body.new_bc_address);
      const proof = await checkSiwe(app, request.body.message, request.body.signature);
      if (toDbAddress(proof.address) !== address) throw new AppError('INVALID_SIGNATURE');
      const owner = await addressOwner(app.db, address);
      if (owner !== undefined && owner !== userId) throw new AppError('ADDRESS_IN_USE');
      await consumeNonce(app, proof.nonce);
      if (owner === undefined) {
        try {
          await linkAddress(app.db, address, userId);
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('ADDRESS_IN_USE');
          throw error;
        }
      }
      return { data: await loadAccount(app.db, userId) };
    },
  );
};
export default plugin;
