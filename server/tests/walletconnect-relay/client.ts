/**
 * A bare WebSocket client of the relay for its tests: connects with a signed auth token (or the
 * token given), records every frame, calls methods and waits for their answers.
 */
import { expect } from 'vitest';
import WebSocket from 'ws';
import { authToken, type Identity, newIdentity } from './identity.ts';

// biome-ignore lint/suspicious/noExplicitAny: frames are read as the relay wrote them
export type Json = any;
export type Frame = {
  id: number | string | null;
  method?: string;
  params?: Json;
  result?: Json;
  error?: Json;
};
export type Client = Awaited<ReturnType<typeof connectTo>>;

export async function connectTo(
  url: string,
  o: { client?: Identity; token?: string; localAddress?: string; open?: WebSocket[] } = {},
) {
  const client = o.client ?? newIdentity();
  const token = o.token ?? authToken(client, url);
  const ws = new WebSocket(`${url}/?auth=${token}&projectId=local`, {
    localAddress: o.localAddress,
  });
  o.open?.push(ws);
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let next = 100;
  const call = async (method: string, params: object): Promise<Frame> => {
    const id = next++;
    ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
    return waitFor(frames, (f) => f.id === id && !f.method);
  };
  const deliveries = () => frames.filter((f) => f.method === 'irn_subscription');
  /**
   * A round trip through the relay: it handles a socket's frames in order and at once
   * (server/src/walletconnect-relay/relay.ts), so when the answer arrives every frame sent before
   * was handled and every frame it sent this socket before has arrived. The method is one the
   * relay does not have: its answer is an error, and it changes nothing.
   */
  const sync = () => call('test_sync', {});
  return { ws, frames, call, deliveries, sync, client };
}

export async function waitFor(frames: Frame[], match: (f: Frame) => boolean): Promise<Frame> {
  await expect.poll(() => frames.some(match), { timeout: 5000 }).toBe(true);
  return frames.find(match) as Frame;
}

export async function waitForDeliveries(
  c: { deliveries: () => Frame[] },
  n: number,
): Promise<Frame[]> {
  await expect.poll(() => c.deliveries().length, { timeout: 5000 }).toBeGreaterThanOrEqual(n);
  return c.deliveries();
}

/** Why the relay refused a connection: the HTTP status of its answer to the upgrade. */
export function refusal(url: string, token: string, localAddress?: string): Promise<number> {
  const ws = new WebSocket(`${url}/?auth=${token}&projectId=local`, { localAddress });
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.terminate();
      reject(new Error('the relay opened the socket'));
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => undefined);
  });
}
