/**
 * No private key, secret phrase or passphrase leaves the user's hands: the journeys name the
 * secrets their users hold (`rememberSecrets`: the injected wallets' keys in steps.ts, a created
 * platform wallet's phrase, key and passphrase), the stack harness (./stack.ts) records every
 * request the browser sends and every line the server logs, and `expectNoSecrets` looks for each
 * secret in those and in every row of every table of the database, in the forms it could take
 * there (hex with or without 0x, either case; the phrase's words joined by spaces, commas or as a
 * JSON list).
 */
import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import type { Journey } from './stack.ts';

const remembered = new Set<string>();

/** Secrets of this journey file's users (module state: one journey file per module). */
export function rememberSecrets(...values: string[]): void {
  for (const value of values) if (value.trim().length >= 8) remembered.add(value.trim());
}

/** The texts that would give `secret` away, lowercase (what is searched is lowercased too). */
function formsOf(secret: string): string[] {
  const hex = /^(?:0x)?([0-9a-fA-F]{64})$/.exec(secret);
  if (hex) return [hex[1]!.toLowerCase()];
  const words = secret.toLowerCase().split(/\s+/);
  if (words.length >= 12) {
    return [words.join(' '), words.join(','), words.join(', '), JSON.stringify(words).slice(1, -1)];
  }
  return [secret.toLowerCase()];
}

/** Every request (URL and body) of every context of `browser`, from now on. */
export function recordRequests(browser: Browser): string[] {
  const sent: string[] = [];
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('request', (request) => {
      sent.push(`${request.method()} ${request.url()}\n${request.postData() ?? ''}`);
    });
    return context;
  };
  return sent;
}

/** A writable for the server's logger that keeps its lines (and still prints warnings and up). */
export function logCollector(): { lines: string[]; write(line: string): void } {
  const lines: string[] = [];
  return {
    lines,
    write(line: string) {
      lines.push(line);
      const level = /"level":(\d+)/.exec(line)?.[1];
      if (Number(level ?? 0) >= 40) process.stdout.write(line);
    },
  };
}

/** Every row of every table, as PostgreSQL prints it, by table. */
async function databaseRows(j: Journey): Promise<Array<{ where: string; text: string }>> {
  const db = j.stack.app.db;
  const tables = await sql<{ name: string }>`select table_name as name
    from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const rows: Array<{ where: string; text: string }> = [];
  for (const { name } of tables.rows) {
    const result = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(name)} t`.execute(db);
    result.rows.forEach((r, i) => {
      rows.push({ where: `row ${i + 1} of table ${name}`, text: r.row });
    });
  }
  return rows;
}

/** Where a remembered secret shows: 'request 12: secret 2' (the secret itself is not printed). */
export async function secretsFound(j: Journey): Promise<string[]> {
  const secrets = [...remembered].map((s, i) => ({ n: i + 1, forms: formsOf(s) }));
  const places = [
    ...j.sent.map((text, i) => ({ where: `request ${i + 1}`, text })),
    ...j.serverLog.lines.map((text, i) => ({ where: `server log line ${i + 1}`, text })),
    ...(await databaseRows(j)),
  ];
  const found: string[] = [];
  for (const place of places) {
    const text = place.text.toLowerCase();
    for (const s of secrets) {
      if (s.forms.some((form) => text.includes(form))) found.push(`${place.where}: secret ${s.n}`);
    }
  }
  return found;
}

/** Fails the journey file if any secret of its users reached a request, a log line or a row. */
export async function expectNoSecrets(j: Journey): Promise<void> {
  // Something was looked for, in something: a scan of nothing would pass without meaning it.
  expect(remembered.size).toBeGreaterThan(0);
  expect(j.sent.length).toBeGreaterThan(0);
  expect(j.serverLog.lines.length).toBeGreaterThan(0);
  const found = await secretsFound(j);
  console.info(
    `secrets: ${remembered.size} looked for in ${j.sent.length} requests, ${j.serverLog.lines.length} log lines and every database row: ${found.length} found`,
  );
  expect(found).toEqual([]);
}
