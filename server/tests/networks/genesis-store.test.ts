/**
 * The first contact's genesis store (server/src/indexer/genesis.ts): read first, so the steps of a
 * halted network write nothing (every update, even of no row, drops every node's answer cache);
 * a hash another indexer stores between the read and the store is read again. (A CI run once hit
 * the race of the former order, store then read: a reset between them, the new chain indexed and
 * its block 0 never stored.)
 */
import type { KyselyPlugin } from 'kysely';
import { expect, it } from 'vitest';
import { checkGenesis } from '#server/indexer/genesis.ts';
import { ALL_BACKENDS, describeBackends } from '../helpers/test-app.ts';

const NETWORK = 4_242;
const node = { getBlock: async () => ({ hash: '0xnew' }) } as never;

/** `db` whose first statement begun with `method` (executed) runs `before` first. */
function beforeFirst<D extends object>(
  db: D,
  method: 'selectFrom' | 'updateTable',
  before: () => Promise<void>,
): D {
  let done = false;
  const wrap = <B extends object>(builder: B): B =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== 'function') return value;
        if (prop === 'executeTakeFirst') {
          return async (...args: unknown[]) => {
            if (!done) {
              done = true;
              await before();
            }
            return value.apply(target, args);
          };
        }
        return (...args: unknown[]) => {
          const next = value.apply(target, args) as unknown;
          return next && typeof next === 'object' && 'executeTakeFirst' in next ? wrap(next) : next;
        };
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== 'function') return value;
      if (prop === method) return (...args: unknown[]) => wrap(value.apply(target, args));
      return value.bind(target);
    },
  });
}

describeBackends(
  'the genesis stored on first contact',
  (t) => {
    const stored = async () =>
      (
        await t.db
          .selectFrom('networks')
          .select('genesis_hash')
          .where('network_id', '=', NETWORK)
          .executeTakeFirstOrThrow()
      ).genesis_hash;

    it('is stored once, and a different node is told apart', async () => {
      const ctx = { db: t.db, networkId: NETWORK, provider: node };
      // no networks row yet: nothing indexed, nothing to compare
      expect(await checkGenesis(ctx, null)).toEqual({ hash: '0xnew' });
      await t.db
        .insertInto('networks')
        .values({
          network_id: NETWORK,
          name: 'Genesis test',
          domain: 'http://marketplace.test/api/v1/ETHnetworks/4242',
          network_group: 'devnet',
          wrapper_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        })
        .execute();
      expect(await checkGenesis(ctx, null)).toEqual({ hash: '0xnew' });
      expect(await stored()).toBe('0xnew');
      const other = { ...ctx, provider: { getBlock: async () => ({ hash: '0xother' }) } as never };
      expect(await checkGenesis(other, null)).toEqual({
        changed: { stored: '0xnew', node: '0xother' },
      });
    });

    it('a hash stored by another indexer between the read and the store is read again', async () => {
      await t.db
        .updateTable('networks')
        .set({ genesis_hash: null })
        .where('network_id', '=', NETWORK)
        .execute();
      let other = false;
      const storeOther = async () => {
        other = true;
        await t.db
          .updateTable('networks')
          .set({ genesis_hash: '0xother' })
          .where('network_id', '=', NETWORK)
          .execute();
      };
      const ctx = {
        db: beforeFirst(t.db, 'updateTable', storeOther),
        networkId: NETWORK,
        provider: node,
      };
      expect(await checkGenesis(ctx, null)).toEqual({
        changed: { stored: '0xother', node: '0xnew' },
      });
      expect(other).toBe(true);
      expect(await stored()).toBe('0xother');
    });

    it('a stored hash is only read: a halted network writes nothing', async () => {
      const updates: string[] = [];
      const counting: KyselyPlugin = {
        transformQuery(args) {
          if (args.node.kind === 'UpdateQueryNode') updates.push(args.node.kind);
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const ctx = { db: t.db.withPlugin(counting), networkId: NETWORK, provider: node };
      for (let step = 0; step < 3; step++) {
        expect(await checkGenesis(ctx, null)).toEqual({
          changed: { stored: '0xother', node: '0xnew' },
        });
      }
      expect(updates).toEqual([]);
    });
  },
  { backends: ALL_BACKENDS },
);
