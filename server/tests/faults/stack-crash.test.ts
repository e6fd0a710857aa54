/**
 * A crash of the stack (SIGKILL of the process that ran `startStack`, scripts/lib/stack.ts) loses
 * no confirmed transaction and leaves no chain behind: anvil dumps its state and exits with its
 * parent (contracts/devnet/chain-lock.ts), the next start loads that state, a second start on the
 * same data while one runs is refused, and there is never more than one anvil on the state. A kill
 * of the WalletConnect relay's process leaves the server serving while the relay comes back. A
 * kill of anvil itself loses at most its one-second dump interval.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseEther, Wallet } from 'ethers';
import { afterAll, describe, expect, it } from 'vitest';
import { ANVIL_KEYS, startAnvil } from '#contracts/devnet/anvil.ts';
import { chainsOnState } from '#contracts/devnet/chain-lock.ts';
import { freePort } from '#contracts/devnet/ports.ts';
import { rpcProvider } from '#contracts/devnet/rpc.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'vbc-stack-crash-'));
const statePath = path.join(dataDir, 'chain', 'state.json');
const children: ChildProcess[] = [];
type Started = { url: string; rpcUrl: string; relayUrl: string; relayPid: number };

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  for (let i = 0; i < 300 && chainsOnState(statePath).length > 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts scripts/lib/stack.ts in a child on this test's data; resolves when it runs, or fails. */
async function startChild(env: Record<string, string>): Promise<{ child: ChildProcess } & Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/tests/faults/stack-child.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const started = await new Promise<Started>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{"url"')) resolve(JSON.parse(line) as Started);
    });
    child.once('exit', (code) => reject(new Error(`stack exited (${code}): ${stderr}`)));
  });
  return { child, ...started };
}

const ports = async () => ({
  PORT: String(await freePort()),
  CHAIN_PORT: String(await freePort()),
  WC_RELAY_PORT: String(await freePort()),
});

async function sendConfirmed(rpcUrl: string, to: string): Promise<void> {
  const provider = rpcProvider(rpcUrl);
  const tx = await new Wallet(ANVIL_KEYS[3], provider).sendTransaction({
    to,
    value: parseEther('1'),
  });
  await tx.wait(1);
  provider.destroy();
}

async function balance(rpcUrl: string, who: string): Promise<bigint> {
  const provider = rpcProvider(rpcUrl);
  try {
    return await provider.getBalance(who);
  } finally {
    provider.destroy();
  }
}

/** Whether anvil's state file (`statePath`) holds the account `who`. */
function dumped(statePath: string, who: string): boolean {
  if (!existsSync(statePath)) return false;
  return readFileSync(statePath, 'utf8').toLowerCase().includes(who.slice(2).toLowerCase());
}

const exited = (c: ChildProcess) =>
  new Promise<void>((r) =>
    c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r()),
  );

describe('a crash of the stack [pglite]', () => {
  it('keeps a confirmed transaction, leaves no chain running, and never runs two on one state', async () => {
    const first = await startChild(await ports());
    expect(chainsOnState(statePath)).toHaveLength(1);

    // The relay's process dies: the server keeps answering, the relay comes back.
    process.kill(first.relayPid, 'SIGKILL');
    const answered = await fetch(`${first.url}/api/v1/ETHnetworks/gets`);
    expect(answered.status).toBeLessThan(500); // its own answer (401 without a token)
    expect(await answered.json()).toBeTruthy();
    const relayHealth = `${first.relayUrl.replace('ws:', 'http:')}/health`;
    await expect
      .poll(
        () =>
          fetch(relayHealth).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);

    // A confirmed transaction, then a kill of the whole stack process at once.
    const buyer = Wallet.createRandom().address;
    await sendConfirmed(first.rpcUrl, buyer);
    first.child.kill('SIGKILL');
    await exited(first.child);
    await expect.poll(() => chainsOnState(statePath).length, { timeout: 30_000 }).toBe(0);
    await expect
      .poll(
        () =>
          fetch(relayHealth).then(
            () => 'up',
            () => 'down',
          ),
        { timeout: 10_000 },
      )
      .toBe('down');

    const second = await startChild(await ports());
    expect(chainsOnState(statePath)).toHaveLength(1);
    expect(await balance(second.rpcUrl, buyer)).toBe(parseEther('1'));

    // A second start on the same data while this one runs is refused.
    await expect(startChild(await ports())).rejects.toThrow(/runs a chain on/);
    expect(chainsOnState(statePath)).toHaveLength(1);

    second.child.kill('SIGTERM');
    await exited(second.child);
    expect(chainsOnState(statePath)).toHaveLength(0);
  }, 240_000);

  it('a kill of anvil itself loses at most the dump interval', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vbc-anvil-kill-'));
    const state = path.join(dir, 'state.json');
    try {
      const anvil = await startAnvil({ statePath: state });
      const to = Wallet.createRandom().address;
      await sendConfirmed(anvil.url, to);
      // The next dump (every second; the default used to be 10 s) holds the new account. The
      // deadline leaves room for a loaded machine.
      await expect.poll(() => dumped(state, to), { timeout: 15_000 }).toBe(true);
      process.kill(anvil.pid, 'SIGKILL');
      await expect.poll(() => chainsOnState(state).length, { timeout: 10_000 }).toBe(0);
      const again = await startAnvil({ statePath: state });
      try {
        expect(await balance(again.url, to)).toBe(parseEther('1'));
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
