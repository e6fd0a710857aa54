/**
 * The moments of drops the chain's clock reaches, at the end of each block range (block-range.ts,
 * after the orders' own): a sale opened (DROP_OPENED) and the refunds of a pre-order or a magic
 * bag opened (DROP_REFUNDABLE, also after a cancellation brought the deadline to now). Each is
 * told once: the drop's mark is journaled, so a reorg that takes the moment back tells it again.
 * Also keeps the chain's clock (`drop_clocks`) that drop states are read against
 * (repositories/drops.ts).
 */
import { notifyDropOpened, notifyDropRefundable } from '../notifications/drop-notify.ts';
import { type BlockContext, journaledUpdate, type Trx } from './journal.ts';

export async function dropMoments(trx: Trx, ctx: BlockContext, now: Date): Promise<void> {
  await trx
    .insertInto('drop_clocks')
    .values({ network_id: ctx.networkId, chain_time: now })
    .onConflict((oc) => oc.column('network_id').doUpdateSet({ chain_time: now }))
    .execute();
  const opened = await trx
    .selectFrom('drops')
    .selectAll()
    .where('network_id', '=', ctx.networkId)
    .where('open_notified', '=', false)
    .where('start_time', '<=', now)
    .orderBy('drop_id')
    .forUpdate()
    .execute();
  for (const drop of opened) {
    await notifyDropOpened(trx, ctx, drop);
    const key = { network_id: drop.network_id, drop_id: drop.drop_id };
    await journaledUpdate(trx, ctx, 'drops', key, { open_notified: true }, drop);
  }
  const refundable = await trx
    .selectFrom('drops')
    .selectAll()
    .where('network_id', '=', ctx.networkId)
    .where('kind', 'in', ['PRE_ORDER', 'MAGIC_BAG'])
    .where('refund_notified', '=', false)
    .where('deadline', '<=', now)
    .orderBy('drop_id')
    .forUpdate()
    .execute();
  for (const drop of refundable) {
    await notifyDropRefundable(trx, ctx, drop);
    const key = { network_id: drop.network_id, drop_id: drop.drop_id };
    await journaledUpdate(trx, ctx, 'drops', key, { refund_notified: true }, drop);
  }
}
