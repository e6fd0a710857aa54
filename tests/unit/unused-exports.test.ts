/**
 * No dead exports in the server, shared/, scripts/ and the contracts' TypeScript: every exported
 * function, constant, class or type is named somewhere besides its own declaration (in its file or
 * in any code file of the repository, tests and the web app included). A name that appears only
 * where it is declared is dead code: delete it. Identifiers are counted per file, so a name read
 * by a test or by the web app keeps its export.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SCANNED = /^(server\/src|shared|scripts|contracts)\/.*\.ts$/;
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const EXPORT =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;

// Exported and unused, kept for a reason (the reason beside each name).
const KEPT = new Set([
  // The live stream's event names and message shape (server/src/routes/api/v1/live documents
  // its protocol with them; that route is being changed elsewhere).
  'LiveKind',
  'LiveMessage',
]);

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => CODE.test(f));
}

describe('unused exports', () => {
  it('every export of server/src, shared, scripts and contracts is named beyond its declaration', () => {
    const files = trackedFiles();
    const uses = new Map<string, number>();
    const texts = new Map<string, string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      texts.set(file, text);
      for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) {
        uses.set(word, (uses.get(word) ?? 0) + 1);
      }
    }
    const dead: string[] = [];
    for (const [file, text] of texts) {
      if (!SCANNED.test(file) || file.endsWith('.test.ts')) continue;
      for (const match of text.matchAll(EXPORT)) {
        const name = match[1]!;
        if ((uses.get(name) ?? 0) <= 1 && !KEPT.has(name)) dead.push(`${file}: ${name}`);
      }
    }
    expect(dead).toEqual([]);
  });
});
