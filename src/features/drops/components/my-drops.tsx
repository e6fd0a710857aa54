/**
 * The profile's drops (loaded apart, with the chain code): each drop the connected wallet bought
 * from, with its items as on the drop's page (pre-orders INCOMING, delivered or refundable with
 * the one-tap refund; bags sealed or revealed; editions with their number), and a link to it.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { paths } from '#web/config/paths.ts';
import { session } from '#web/stores/session.ts';
import { OutcomeScope } from '#web/wallet/write/outcome-scope.tsx';
import { type DropRef, dropQueryOptions, dropUrlId, purchasesQueryOptions } from '../api/drops.ts';
import { MyItems } from './my-items.tsx';
import { useChainNow, useDropContext, useDropNetwork } from './use-drops.ts';
import './drops.css';

export default function MyDrops() {
  const { t } = useTranslation('drops');
  const id = useId();
  const { chainAddress } = useSnapshot(session);
  const ledger = useQuery(purchasesQueryOptions(chainAddress ?? null));
  const seen = new Set<string>();
  const drops: DropRef[] = [];
  for (const p of ledger.data?.data ?? []) {
    const key = dropUrlId(p);
    if (!seen.has(key)) drops.push({ networkId: p.networkId, dropId: p.dropId });
    seen.add(key);
  }
  if (!chainAddress || drops.length === 0) return null;
  return (
    <OutcomeScope box="drop__box">
      <section className="section" aria-labelledby={id} data-testid="profile-drops">
        <h2 id={id}>{t('mine.heading')}</h2>
        <ul className="drop__list">
          {drops.map((r) => (
            <li key={dropUrlId(r)}>
              <ProfileDrop dropRef={r} />
            </li>
          ))}
        </ul>
      </section>
    </OutcomeScope>
  );
}

function ProfileDrop({ dropRef }: { dropRef: DropRef }) {
  const { t } = useTranslation('drops');
  const drop = useQuery(dropQueryOptions(dropRef));
  const ctx = useDropContext(dropRef.networkId);
  const now = useChainNow(useDropNetwork(dropRef.networkId));
  if (!drop.data) return null;
  return (
    <>
      <p className="drop__row">
        <Link to={paths.dropDetail.build({ id: dropUrlId(dropRef) })}>{drop.data.title}</Link>
        <span className="badge">{t(`kind.${drop.data.kind}`)}</span>
      </p>
      {ctx ? <MyItems ctx={ctx} drop={drop.data} now={now} /> : null}
    </>
  );
}
