/**
 * The first contact's genesis store (server/src/indexer/genesis.ts) against an operator's reset
 * (forget-network.ts) committing between its store and its read: the hash is stored again, not
 * taken for a missing networks row (a race a CI run once hit: the new chain indexed, its block 0
 * never stored).
 */
import { expect, it } from 'vitest';
import { checkGenesis } from '#server/indexer/genesis.ts';
import { ALL_BACKENDS, describeBackends } from '../helpers/test-app.ts';

const NETWORK = 4_242;
const node = { getBlock: async () => ({ hash: '0xnew' }) } as never;

/** `db` whose first read (a `selectFrom` executed) runs `before` first. */
function resetBeforeRead<D extends object>(db: D, before: () => Promise<void>): D {
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
      if (prop === 'selectFrom') return (...args: unknown[]) => wrap(value.apply(target, args));
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

    it('is stored again when a reset clears it between the store and the read', async () => {
      await t.db
        .updateTable('networks')
        .set({ genesis_hash: '0xold' })
        .where('network_id', '=', NETWORK)
        .execute();
      // the reset commits after the first (refused) store, as the read begins
      let reset = false;
      const clear = async () => {
        reset = true;
        await t.db
          .updateTable('networks')
          .set({ genesis_hash: null })
          .where('network_id', '=', NETWORK)
          .execute();
      };
      const ctx = { db: resetBeforeRead(t.db, clear), networkId: NETWORK, provider: node };
      expect(await checkGenesis(ctx, null)).toEqual({ hash: '0xnew' });
      expect(reset).toBe(true);
      expect(await stored()).toBe('0xnew');
    });
  },
  { backends: ALL_BACKENDS },
);
