/**
 * Runs scrypt (keystore encryption and decryption) off the main thread, posting progress, so the
 * page never freezes while a wallet is created or unlocked. Driven by ./scrypt-worker-client.ts.
 */
import { decryptKey, encryptKey, type UnlockedKey } from './keystore.ts';

export type WorkerRequest =
  | { id: number; op: 'encrypt'; key: UnlockedKey; passphrase: string }
  | { id: number; op: 'decrypt'; keystore: unknown; passphrase: string };

export type WorkerResponse =
  | { id: number; kind: 'progress'; fraction: number }
  | { id: number; kind: 'done'; result: unknown }
  | { id: number; kind: 'error'; code: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerResponse): void;
};

scope.onmessage = async (event) => {
  const request = event.data;
  // scrypt reports thousands of times: pass on whole percents only, so the page renders ~100 times.
  let last = -1;
  const progress = (fraction: number) => {
    const percent = Math.floor(fraction * 100);
    if (percent === last) return;
    last = percent;
    scope.postMessage({ id: request.id, kind: 'progress', fraction });
  };
  try {
    const result =
      request.op === 'encrypt'
        ? await encryptKey(request.key, request.passphrase, progress)
        : await decryptKey(request.keystore, request.passphrase, progress);
    scope.postMessage({ id: request.id, kind: 'done', result });
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'WRONG_PASSPHRASE';
    scope.postMessage({ id: request.id, kind: 'error', code });
  }
};
