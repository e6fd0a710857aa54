/**
 * One way to read and to write on the web (docs/decisions/113-one-write-runner.md):
 * - a query's key and its server call live in a feature's `api/` module (query-key factories and
 *   query options), or in the shared layers (src/lib, src/wallet, shared/); a screen or component
 *   never declares a `queryKey:` nor calls `api.get` itself;
 * - no write refetches the whole cache: every `invalidateQueries` names the keys it changes
 *   (src/lib/query-changes.ts), except the live stream's refetch of what is on screen
 *   (src/lib/live.ts: an event says something changed, not which keys).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Where a query may be declared and the API read: the api/ modules and the shared layers. */
const DATA_LAYER = /^(src\/features\/[^/]+\/api\/|src\/lib\/|src\/wallet\/)/;
const WEB_CODE = /^src\/.*\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$|^src\/test\//;

function webFiles(): string[] {
  return execFileSync('git', ['ls-files', 'src'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => WEB_CODE.test(f) && !TEST.test(f));
}

/** `file:line` of each line matching `pattern` in `files`. */
function hits(files: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) found.push(`${file}:${i + 1}`);
      });
  }
  return found;
}

describe('web data access', () => {
  const files = webFiles();

  it('lists the web files (the scan below is not empty by mistake)', () => {
    expect(files.some((f) => f.startsWith('src/features/trade/components/'))).toBe(true);
    expect(files.some((f) => DATA_LAYER.test(f))).toBe(true);
  });

  it('no component or screen declares a query key or calls api.get: its api/ module does', () => {
    const outside = files.filter((f) => !DATA_LAYER.test(f));
    expect(hits(outside, /\bqueryKey\s*:|\bapi\s*\.\s*get\s*[<(]/)).toEqual([]);
  });

  it('no invalidateQueries() refetches everything: each names its keys', () => {
    const bare = hits(files, /invalidateQueries\(\s*(\)|\{\s*refetchType)/).filter(
      (hit) => !hit.startsWith('src/lib/live.ts:'),
    );
    expect(bare).toEqual([]);
  });
});
