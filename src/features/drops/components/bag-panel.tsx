/**
 * A magic bag's reveal, and its check in the browser: the root committed before the sale; once
 * the sale closed, Reveal (anyone: the first call fixes a future block, a call after it was
 * mined fixes the offset); once revealed, Check recomputes the pool's root from the published
 * list and the offset from the reveal block's hash as the chain gives it (both read from the
 * chain, not from our server), and says whether they match what the chain fixed.
 * The formulas: contracts/drops/pool.ts; why: docs/decisions/122-drop-screens.md.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkReveal, type RevealCheck } from '#contracts/drops/pool.ts';
import type { DropDetail } from '#shared/schemas/drops.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { Button } from '#web/components/ui/button.tsx';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { type DropContext, reveal, type Stage } from '../actions.ts';
import { blockHashOf, readDrop } from '../chain.ts';
import { unix } from './use-drops.ts';

type Checked = (RevealCheck & { block: number }) | 'noPool' | null;

/** The check, from the chain's own record of the drop and of the reveal block. */
async function check(network: Network, drop: DropDetail): Promise<Checked> {
  const pool = drop.bag?.pool;
  if (!pool?.length) return 'noPool';
  const onChain = await readDrop(network, BigInt(drop.dropId));
  if (!onChain?.revealed) return null;
  const blockHash = await blockHashOf(network, onChain.revealBlock);
  if (!blockHash) return null;
  const result = checkReveal({
    uris: pool,
    committedRoot: onChain.poolRoot,
    blockHash,
    dropId: onChain.dropId,
    offset: onChain.offset,
  });
  return { ...result, block: onChain.revealBlock };
}

export function BagPanel(p: {
  ctx: DropContext | null;
  network: Network;
  drop: DropDetail;
  now: number;
}) {
  const { t } = useTranslation('drops');
  const id = useId();
  const runner = useWrite<Stage>(CHANGES.drop);
  const [checked, setChecked] = useState<Checked>(null);
  const [checking, setChecking] = useState(false);
  const bag = p.drop.bag;
  if (!bag) return null;
  const closed = p.drop.itemsLeft === 0 || p.now >= unix(p.drop.endTime);
  const onCheck = async () => {
    setChecking(true);
    setChecked(await check(p.network, p.drop).catch(() => null));
    setChecking(false);
  };
  return (
    <section className="drop__box" aria-labelledby={id} data-testid="drop-reveal">
      <h2 id={id}>{t('bag.heading')}</h2>
      <p>
        {t('bag.committed')}: <span className="drop__hash">{bag.poolRoot}</span>
      </p>
      {!closed ? <p>{t('bag.notYet')}</p> : null}
      {bag.revealBlock !== null && !bag.revealed ? (
        <p>{t('bag.scheduled', { block: bag.revealBlock })}</p>
      ) : null}
      {bag.revealed && bag.offset !== null ? (
        <p>{t('bag.revealed', { offset: bag.offset, block: bag.revealBlock })}</p>
      ) : null}
      {closed && !bag.revealed && p.ctx ? (
        <Button busy={runner.busy} onClick={() => runner.run((s) => reveal(p.ctx!, p.drop, s))}>
          {t('bag.reveal')}
        </Button>
      ) : null}
      <WriteStatus state={runner.state} stages="drops:stage" done={t('bag.revealDone')} />
      {bag.revealed ? (
        <>
          <Button variant="secondary" busy={checking} onClick={onCheck}>
            {t('bag.check')}
          </Button>
          <p role="status">{checking ? t('bag.checking') : <CheckResult checked={checked} />}</p>
        </>
      ) : null}
    </section>
  );
}

function CheckResult({ checked }: { checked: Checked }) {
  const { t } = useTranslation('drops');
  if (checked === null) return null;
  if (checked === 'noPool') return <>{t('bag.noPool')}</>;
  if (checked.ok)
    return (
      <span className="drop__ok">
        {t('bag.match', { block: checked.block, offset: checked.offset })}
      </span>
    );
  return (
    <span className="drop__bad">
      {checked.reason === 'root'
        ? t('bag.mismatchRoot')
        : t('bag.mismatchOffset', { offset: checked.offset })}
    </span>
  );
}
