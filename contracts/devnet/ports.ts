/** Local TCP ports for the devnet, the server and the test harnesses. */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A TCP port free right now on 127.0.0.1, for a server about to listen on it. Drawn at random
 * below the kernel's ephemeral range (Linux: /proc/sys/net/ipv4/ip_local_port_range): a port
 * the OS hands out for port 0 is in that range, where any outgoing connection may take it as its
 * source port between this check and the server's own listen (seen under load as EADDRINUSE
 * when two journeys ran at once). Elsewhere, or if that range leaves no room, the OS picks.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  if (low !== null && low > LOWEST + 1000) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const port = LOWEST + Math.floor(Math.random() * (low - LOWEST));
      if (await portIsFree(port)) return port;
    }
  }
  return osPort();
}

/** The lowest port drawn by `freePort` (above the well-known and most registered services'). */
const LOWEST = 20_000;

/** The first port of the kernel's ephemeral range, or null where it cannot be read. */
function ephemeralLow(): number | null {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return Number.isInteger(low) ? low : null;
  } catch {
    return null;
  }
}

/** A port the OS picks (port 0), free right now. */
function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be listened on at 127.0.0.1 right now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
