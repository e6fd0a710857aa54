import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MarketplaceKeyHeaders } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { WalletConnectSettings } from '#shared/schemas/walletconnect.ts';
import { LOCAL_PROJECT_ID } from '#shared/walletconnect.ts';

/**
 * GET /api/v1/walletconnect (marketplace-key header): the relay and project id the page's
 * WalletConnect uses. The relay of this machine (`npm start` starts it) needs no project id; with
 * WALLETCONNECT_PROJECT_ID alone the public relay is used; with neither, both are null and the
 * page offers no WalletConnect.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'marketplaceKey' },
      schema: {
        tags: ['networks'],
        headers: MarketplaceKeyHeaders,
        response: { 200: Data(WalletConnectSettings), ...errorResponses },
      },
    },
    async () => {
      const { relayUrl, projectId } = app.config.walletConnect;
      return {
        data: {
          relayUrl: relayUrl ?? null,
          projectId: projectId ?? (relayUrl ? LOCAL_PROJECT_ID : null),
        },
      };
    },
  );
};
export default plugin;
