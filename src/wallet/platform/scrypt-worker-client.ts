/**
 * encrypt / decrypt through the keystore Web Worker (./keystore.worker.ts), with progress.
 * Where no Worker exists (unit tests in Node), the same functions run inline.
 */
import {
  decryptKey,
  encryptKey,
  KeystoreError,
  type Progress,
  type UnlockedKey,
} from './keystore.ts';
import type { WorkerRequest, WorkerResponse } from './keystore.worker.ts';

let worker: Worker | null = null;
let nextId = 1;

function getWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  worker ??= new Worker(new URL('./keystore.worker.ts', import.meta.url), { type: 'module' });
  return worker;
}

type Request =
  | Omit<Extract<WorkerRequest, { op: 'encrypt' }>, 'id'>
  | Omit<Extract<WorkerRequest, { op: 'decrypt' }>, 'id'>;

function run<T>(request: Request, progress?: Progress): Promise<T> {
  const w = getWorker()!;
  const id = nextId++;
  // User-timing marks around the worker's run (scripts/bench-wallet.ts reads them).
  performance.mark('vbc-scrypt-start');
  return new Promise<T>((resolve, reject) => {
    const onMessage = (event: MessageEvent<WorkerResponse>) => {
      const message = event.data;
      if (message.id !== id) return;
      if (message.kind === 'progress') {
        progress?.(message.fraction);
        return;
      }
      w.removeEventListener('message', onMessage);
      performance.mark('vbc-scrypt-done');
      if (message.kind === 'done') resolve(message.result as T);
      else reject(new KeystoreError(message.code as KeystoreError['code']));
    };
    w.addEventListener('message', onMessage);
    w.postMessage({ ...request, id } as WorkerRequest);
  });
}

export function encryptInWorker(
  key: UnlockedKey,
  passphrase: string,
  progress?: Progress,
): Promise<Record<string, unknown>> {
  if (!getWorker()) return encryptKey(key, passphrase, progress);
  return run({ op: 'encrypt', key, passphrase }, progress);
}

export function decryptInWorker(
  keystore: unknown,
  passphrase: string,
  progress?: Progress,
): Promise<UnlockedKey> {
  if (!getWorker()) return decryptKey(keystore, passphrase, progress);
  return run({ op: 'decrypt', keystore, passphrase }, progress);
}
