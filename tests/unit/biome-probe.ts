/**
 * Lints made-up files with the repository's own biome.json (and its plugins) in a scratch folder:
 * the proof that a rule of biome.json fires where it should (import-direction.test.ts,
 * lint-rules.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIOME = path.resolve('node_modules/.bin/biome');

/** Writes `files` (path → contents), lints them; answers each file's diagnostic categories. */
export function lintProbes(files: Record<string, string>): Map<string, string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'biome-probe-'));
  try {
    copyFileSync('biome.json', path.join(dir, 'biome.json'));
    cpSync('biome-plugins', path.join(dir, 'biome-plugins'), { recursive: true });
    for (const [file, contents] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), contents);
    }
    let out: string;
    try {
      out = execFileSync(BIOME, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (e) {
      out = (e as { stdout: string }).stdout; // exit code 1 when any file is refused
    }
    const report = JSON.parse(out) as {
      diagnostics: { category: string; location: { path: string } }[];
    };
    const found = new Map<string, string[]>();
    for (const d of report.diagnostics) {
      const file = d.location.path.replace(/\\/g, '/');
      found.set(file, [...(found.get(file) ?? []), d.category]);
    }
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
