/**
 * The server calls of the wallet layer (one place): wallets and their accounts, address links,
 * wallet sign-in (EIP-4361), the wrapped coin's unsigned transactions and reads, the locked bid
 * total, the trade routes that broadcast a platform wallet's signed transaction (api-key).
 * Bodies and answers are the shared schemas.
 */

import type { SiweMessage } from '#shared/schemas/account.ts';
import type { Account, Session, Wallet, WalletAccount } from '#shared/schemas/entities.ts';
import type { WrapperTxBody, WrapperTxResponse } from '#shared/schemas/market.ts';
import type { SentTx } from '#shared/schemas/trading.ts';
import type { CreateWalletBody } from '#shared/schemas/wallet.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';
import type { RawTradeRoute } from './connectors/types.ts';

export const walletApi = {
  wallets: () => api.get<DataBody<Wallet[]>>('/api/v1/ETHwallets/get').then((b) => b.data),
  accounts: (walletID: number) =>
    api
      .get<DataBody<{ accounts: WalletAccount[] }>>('/api/v1/ETHwallets/account/0', {
        query: { walletID },
      })
      .then((b) => b.data.accounts),
  create: (body: CreateWalletBody) =>
    api.post<DataBody<Wallet>>('/api/v1/ETHwallets/create', body).then((b) => b.data),
  activate: (walletId: number, hashedPassword: string) =>
    api
      .put<DataBody<Wallet>>(`/api/v1/ETHwallets/switchActive/${walletId}`, {
        hashedPassword,
        isActive: 1,
      })
      .then((b) => b.data),
  isInUse: (address: string) =>
    api
      .get<DataBody<boolean>>('/api/v1/bc-address/is-use', { query: { bc_address: address } })
      .then((b) => b.data),
  /** `message` / `signature`: a sign-in message for `address`, signed by it (proof of control). */
  addToAccount: (address: string, message: string, signature: string) =>
    api
      .post<DataBody<Account>>('/api/v1/bc-address/add-to-account', {
        new_bc_address: address,
        message,
        signature,
      })
      .then((b) => b.data),
  siweMessage: (address: string, chainId: number) =>
    api
      .get<DataBody<SiweMessage>>('/api/v1/account/sign-in/message', {
        query: { address, chainId },
      })
      .then((b) => b.data),
  siweSignIn: (message: string, signature: string) =>
    api
      .post<DataBody<Session>>('/api/v1/account/sign-in-with-metamask', { message, signature })
      .then((b) => b.data),
  siweCreateDefault: (message: string, signature: string) =>
    api
      .post<DataBody<Session>>('/api/v1/account/create/default', { message, signature })
      .then((b) => b.data),
  wrapperTx: (kind: 'deposit' | 'withdraw', body: WrapperTxBody) =>
    api.post<WrapperTxResponse>(`/api/v2/market/wrapper/${kind}/getData`, body, {
      marketplaceKey: true,
    }),
  wrapperBalance: (networkId: number, address: string, signal?: AbortSignal) =>
    api
      .post<DataBody<string>>(
        '/api/v1/market/call',
        {
          network_id: networkId,
          function_name: 'balanceOf',
          param_list: [address, 1],
          contract_type: 'wrapper',
        },
        { signal },
      )
      .then((b) => b.data),
  lockedBidTotal: (networkId: number, bidder: string, signal?: AbortSignal) =>
    api
      .get<DataBody<string>>(`/api/v2/bid/totalHighestBidBalance/${bidder}`, {
        query: { networkId },
        signal,
      })
      .then((b) => b.data),
  /** A transaction signed in the browser, broadcast by the server's trade route: its hash. */
  sendRaw: (route: RawTradeRoute, body: { rawTx: string; networkId: number }) =>
    api
      .post<DataBody<SentTx>>(`/api/v2/trade/${route}`, body, { apiKey: true })
      .then((b) => b.data.txHash),
};
