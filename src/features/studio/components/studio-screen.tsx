import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { paths } from '#web/config/paths.ts';
import type { StudioContext } from '../actions.ts';
import { CollectionForm } from './collection-form.tsx';
import { MintForm } from './mint-form.tsx';
import { SignedIn, StudioGate } from './studio-gate.tsx';
import { useRoles } from './use-studio.ts';
import './studio.css';

/** What src/app composes under a partner's forms (fractionalize and the drops' form, loaded apart). */
export type StudioExtra = (ctx: StudioContext) => ReactNode;

/**
 * The partner studio at /studio: a partner (the wallet holds the factory's partner role, read on
 * chain) creates collections and mints NFTs, then lists them from each NFT's page or keeps them;
 * `extra` adds what other features offer a partner (fractionalize, drops). Anyone else is told why they cannot
 * mint.
 */
export function StudioScreen({ extra }: { extra?: StudioExtra }) {
  const { t, ready } = useTranslation('studio');
  usePageTitle(ready ? t('title') : undefined);
  if (!ready) return null;
  return (
    <section className="studio">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <StudioGate>{(ctx) => <PartnerOnly ctx={ctx} extra={extra} />}</StudioGate>
    </section>
  );
}

function PartnerOnly({ ctx, extra }: { ctx: StudioContext; extra: StudioExtra | undefined }) {
  const { t } = useTranslation('studio');
  const roles = useRoles(ctx);
  if (!roles.data) return <p role="status">{t('checking')}</p>;
  const admin = roles.data.admin ? (
    <p>
      <Link to={paths.studioPartners.build({})}>{t('adminLink')}</Link>
    </p>
  ) : null;
  if (!roles.data.partner) {
    return (
      <>
        <div className="studio__notice" role="note">
          <h2>{t('notPartner.title')}</h2>
          <p>{t('notPartner.body', { address: ctx.address, network: ctx.network.name })}</p>
          <p>
            <Link to={paths.support.build({})}>{t('notPartner.help')}</Link>
          </p>
        </div>
        {admin}
      </>
    );
  }
  return (
    <>
      {admin}
      <SignedIn>
        <CollectionForm ctx={ctx} />
        <MintForm ctx={ctx} />
        {extra?.(ctx)}
      </SignedIn>
    </>
  );
}
