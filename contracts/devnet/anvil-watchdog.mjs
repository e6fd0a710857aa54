/**
 * Ties an anvil's life to the process that started it (contracts/devnet/chain-lock.ts starts this
 * beside each anvil that keeps a state file): when the parent goes, however it went (a crash, a
 * SIGKILL), anvil gets SIGTERM, so it dumps its state and exits, and no orphan chain is left to
 * write the same state file as the next start's. The parent is gone when this process's stdin (a
 * pipe from the parent) closes, or when its PID no longer answers (checked every 250 ms).
 *
 *   node anvil-watchdog.mjs <parentPid> <anvilPid>
 */
const [parent, anvil] = process.argv.slice(2).map(Number);
const GRACE_MS = 15_000;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

let stopping = false;
function stopAnvil() {
  if (stopping) return;
  stopping = true;
  if (!alive(anvil)) process.exit(0);
  process.kill(anvil, 'SIGTERM');
  const started = Date.now();
  setInterval(() => {
    if (!alive(anvil)) process.exit(0);
    if (Date.now() - started > GRACE_MS) {
      process.kill(anvil, 'SIGKILL');
      process.exit(0);
    }
  }, 100);
}

process.stdin.on('end', stopAnvil);
process.stdin.on('close', stopAnvil);
process.stdin.on('error', stopAnvil);
process.stdin.resume();
// A terminal's Ctrl-C reaches the whole group: the parent stops anvil itself then.
process.on('SIGINT', () => undefined);
setInterval(() => {
  if (!alive(anvil)) process.exit(0);
  if (!alive(parent)) stopAnvil();
}, 250);
