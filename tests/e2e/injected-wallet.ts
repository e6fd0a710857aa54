/**
 * The in-page wallet of the browser journeys: an EIP-6963 announcement of an EIP-1193 provider
 * whose requests run in Node (tests/wallet/key-provider.ts: a real key that really signs and
 * sends to anvil).
 */
import type { BrowserContext } from 'playwright-core';
import type { keyBackedProvider } from '#tests/wallet/key-provider.ts';

export type KeyProvider = ReturnType<typeof keyBackedProvider>;

export async function injectWallet(context: BrowserContext, provider: KeyProvider) {
  await context.exposeFunction(
    '__walletRequest',
    async (args: { method: string; params?: unknown }) => {
      try {
        return { result: await provider.request(args) };
      } catch (error) {
        const e = error as { code?: number; message?: string };
        return { error: { code: e.code ?? -32603, message: e.message ?? 'failed' } };
      }
    },
  );
  await context.addInitScript(() => {
    type Answer = { result?: unknown; error?: { code: number; message: string } };
    const w = window as unknown as {
      __walletRequest(args: unknown): Promise<Answer>;
      __walletEmit(event: string, ...args: unknown[]): void;
    };
    const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
    const provider = {
      async request(args: unknown) {
        const answer = await w.__walletRequest(args);
        if (answer.error)
          throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      },
      on(event: string, l: (...a: unknown[]) => void) {
        listeners.set(event, (listeners.get(event) ?? new Set()).add(l));
      },
      removeListener(event: string, l: (...a: unknown[]) => void) {
        listeners.get(event)?.delete(l);
      },
    };
    w.__walletEmit = (event, ...args) => {
      for (const l of listeners.get(event) ?? []) l(...args);
    };
    const icon = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/>";
    const detail = Object.freeze({
      info: {
        uuid: '6a1c5c6e-0000-4000-8000-000000000001',
        name: 'Journey Wallet',
        icon,
        rdns: 'org.vbchain.journey',
      },
      provider,
    });
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  });
}
