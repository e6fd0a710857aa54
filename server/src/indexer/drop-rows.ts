/** A drop's row as its event handlers lock it (drop-events.ts, drop-items.ts). */
import type { Trx } from './journal.ts';

/** The drop's row, locked for this transaction (undefined before its DropCreated was seen). */
export function lockDrop(trx: Trx, networkId: number, dropId: bigint) {
  return trx
    .selectFrom('drops')
    .selectAll()
    .where('network_id', '=', networkId)
    .where('drop_id', '=', dropId.toString())
    .forUpdate()
    .executeTakeFirst();
}
export type LockedDrop = NonNullable<Awaited<ReturnType<typeof lockDrop>>>;

/** The journal key of a drop. */
export const dropKey = (networkId: number, dropId: bigint) => ({
  network_id: networkId,
  drop_id: dropId.toString(),
});
