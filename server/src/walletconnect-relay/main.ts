/**
 * The relay as a process of its own (./process.ts starts it): a relay that fills its memory or
 * crashes takes only itself down, never the marketplace's server. Reads its settings from the
 * environment, prints one JSON line `{"ready":true,"url":...,"port":...}` once listening, and exits
 * when its parent goes (its stdin, a pipe from the parent, closes) or on SIGTERM/SIGINT.
 *
 *   WC_RELAY_PORT=0 WC_RELAY_HOST=127.0.0.1 WC_RELAY_AUDIENCES=wss://a,wss://b \
 *     node --import tsx server/src/walletconnect-relay/main.ts
 */
import { readRelaySettings } from './config.ts';
import { startRelay } from './relay.ts';

const relay = await startRelay({
  ...readRelaySettings(),
  // Warnings and errors only (refused sockets, failed methods): stderr, beside the stack's lines.
  log: (level, message, fields) => {
    if (level === 'warn' || level === 'error') {
      console.error(`[walletconnect-relay] ${message} ${fields ? JSON.stringify(fields) : ''}`);
    }
  },
});
process.stdout.write(`${JSON.stringify({ ready: true, url: relay.url, port: relay.port })}\n`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  void relay.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
