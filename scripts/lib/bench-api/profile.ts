/**
 * A `node --cpu-prof` profile in a few lines: self time by function (with its file), the
 * biggest first, as a share of the busy (non-idle) time.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

/**
 * The top `count` functions by self time in the largest profile of `dir`: the main thread's
 * (tsx's module loader thread writes a small one beside it).
 */
export async function summarizeProfile(dir: string, count = 15): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  const sized = await Promise.all(
    files.map(async (f) => ({ f, size: (await stat(path.join(dir, f))).size })),
  );
  const newest = sized.sort((a, b) => b.size - a.size)[0]?.f;
  if (!newest) return [`no .cpuprofile in ${dir}`];
  const profile = JSON.parse(await readFile(path.join(dir, newest), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const us = profile.timeDeltas[i] ?? 0;
    if (!frame || IDLE.has(frame.functionName)) return;
    busy += us;
    const where = frame.url
      .replace(/^.*node_modules\//, '')
      .replace(/^file:\/\/.*?\/(server|shared)\//, '$1/');
    const key = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + us);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
  return [
    `${newest}: ${(busy / 1e6).toFixed(1)} s busy; self time by function:`,
    ...top.map(([k, us]) => `  ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${k}`),
  ];
}
