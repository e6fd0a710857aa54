import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS } from '#shared/patterns.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { type Stage, type StudioContext, setPartner } from '../actions.ts';
import { rolesQueryOptions } from '../api/studio.ts';
import { StudioGate } from './studio-gate.tsx';
import { useRoles } from './use-studio.ts';
import './studio.css';

/**
 * The owner's small admin view at /studio/partners: check an address, grant or take back the
 * partner role (the factory's grantRole / revokeRole, through the wallet). Other wallets are told
 * that only the owner manages partners; the factory refuses them anyway.
 */
export function PartnersScreen() {
  const { t, ready } = useTranslation('studio');
  usePageTitle(ready ? t('partners.title') : undefined);
  if (!ready) return null;
  return (
    <section className="studio">
      <h1>{t('partners.title')}</h1>
      <p>{t('partners.intro')}</p>
      <StudioGate>{(ctx) => <AdminOnly ctx={ctx} />}</StudioGate>
    </section>
  );
}

function AdminOnly({ ctx }: { ctx: StudioContext }) {
  const { t } = useTranslation('studio');
  const roles = useRoles(ctx);
  if (!roles.data) return <p role="status">{t('checking')}</p>;
  if (!roles.data.admin) return <p className="studio__notice">{t('partners.notAdmin')}</p>;
  return <PartnerForm ctx={ctx} />;
}

function PartnerForm({ ctx }: { ctx: StudioContext }) {
  const { t } = useTranslation('studio');
  const [address, setAddress] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { state, busy, run } = useWrite<Stage>(CHANGES.partner);
  const valid = ADDRESS.test(address.trim());
  const status = useQuery({ ...rolesQueryOptions(ctx.network, address.trim()), enabled: valid });
  const act = (grant: boolean) => async (e?: FormEvent) => {
    e?.preventDefault();
    if (!valid) return setInvalid(true);
    setInvalid(false);
    await run((onStage) => setPartner(ctx, address.trim(), grant, onStage));
  };
  const shown = valid && status.data ? address.trim() : null;
  return (
    <form className="studio__form" onSubmit={act(true)} noValidate>
      <TextField
        label={t('partners.address')}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        required
        aria-invalid={invalid || undefined}
      />
      {invalid ? (
        <p role="alert" className="studio__error">
          {t('partners.badAddress')}
        </p>
      ) : null}
      {shown ? (
        <p role="status" className="studio__badge">
          {status.data?.partner
            ? t('partners.isPartner', { address: shown })
            : t('partners.isNotPartner', { address: shown })}
        </p>
      ) : null}
      <div className="studio__actions">
        <Button type="submit" busy={busy}>
          {t('partners.grant')}
        </Button>
        <Button variant="secondary" busy={busy} onClick={() => void act(false)()}>
          {t('partners.revoke')}
        </Button>
      </div>
      <WriteStatus state={state} stages="studio:stage" />
    </form>
  );
}
