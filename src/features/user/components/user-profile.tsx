import type { UseQueryResult } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { CardGridSkeleton, Skeleton } from '#web/components/ui/skeleton.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { paths } from '#web/config/paths.ts';
import {
  ACCOUNT_QUERY_ROOT,
  type Account,
  toProfile,
  updateInfo,
} from '#web/features/account/api/account.ts';
import { useCollections, useNfts, useOwnedNfts } from '#web/features/marketplace/api/lists.ts';
import { CollectionCard, NftCard, UserCard } from '#web/features/marketplace/components/cards.tsx';
import { setFollow } from '#web/features/social/api/social.ts';
import type { ListBody } from '#web/lib/api-client.ts';
import { errorKeyOf } from '#web/lib/errors.ts';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { weiFromWire } from '#web/lib/money.ts';
import { useSymbol } from '#web/lib/networks.ts';
import { session, sessionActions } from '#web/stores/session.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import {
  USER_QUERY_ROOT,
  type User,
  useBidsByBidder,
  useFollows,
  useIsFollowing,
  useOrders,
} from '../api/user.ts';

const PUBLIC_TABS = ['owned', 'onSale', 'collections', 'minted', 'followers', 'following'] as const;
const SELF_TABS = [...PUBLIC_TABS, 'bidHistory', 'orderHistory', 'edit'] as const;
type Tab = (typeof SELF_TABS)[number];
const SIZE = 12;

type ProfileUser = Pick<
  User,
  | 'id'
  | 'username'
  | 'avatar'
  | 'banner'
  | 'bio'
  | 'isCreator'
  | 'followersCount'
  | 'followingCount'
  | 'createdAt'
> & { addresses: readonly string[] };

export function fromUser(u: User): ProfileUser {
  return { ...u, addresses: u.bcAddresses };
}
export function fromAccount(a: Account): ProfileUser {
  return { ...a, addresses: a.bc_address_mints };
}

/** spec §2 user profile: owned, on sale, collections, minted, (self:) order and bid history, follows, edit. */
export function UserProfile({
  user,
  self,
  account,
}: {
  user: ProfileUser;
  self: boolean;
  account?: Account;
}) {
  const { t } = useTranslation(['market', 'pages', 'common']);
  const [search, setSearch] = useSearchParams();
  const tabs: readonly Tab[] = self ? SELF_TABS : PUBLIC_TABS;
  const raw = search.get('tab');
  const tab: Tab = tabs.includes(raw as Tab) ? (raw as Tab) : 'owned';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const address = user.addresses[0];
  const language = currentLanguage();
  const href = (p: number) => {
    const q = new URLSearchParams(search);
    q.set('page', String(p));
    return `?${q}`;
  };
  const label = (id: Tab): string => {
    switch (id) {
      case 'bidHistory':
        return t('pages:profile.bidHistory');
      case 'orderHistory':
        return t('pages:profile.orderHistory');
      case 'edit':
        return t('pages:profile.edit');
      default:
        return t(`user.${id}`);
    }
  };
  return (
    <>
      <Img
        src={user.banner}
        alt={t('pages:profile.banner')}
        ratio="4 / 1"
        priority
        className="hero-banner"
        width={960}
      />
      <div className="page-head">
        <div className="user-chip">
          <Img
            src={user.avatar}
            alt={t('common:account.avatarAlt', { name: user.username })}
            className="avatar"
            width={240}
          />
          <div>
            <h1>{user.username}</h1>
            <p className="muted">
              {user.isCreator ? <span className="badge">{t('user.creator')}</span> : null}{' '}
              {t('user.joined', { date: formatDate(user.createdAt, language) })}
            </p>
            {address ? <Address address={address} /> : null}
          </div>
        </div>
        {!self ? <FollowButton user={user} /> : null}
      </div>
      {user.bio ? <p>{user.bio}</p> : null}
      <p className="muted">
        {self ? `${t('common:social.followers', { count: user.followersCount })} · ` : ''}
        {t('user.following')}: {user.followingCount}
      </p>
      {self ? (
        <p>
          <Link to={paths.changePassword.build({})}>{t('pages:profile.changePassword')}</Link>
        </p>
      ) : null}
      <Tabs
        label={t('user.tabs')}
        tabs={tabs.map((id) => ({ id, label: label(id) }))}
        value={tab}
        onChange={(next) => setSearch({ tab: next }, { replace: true, preventScrollReset: true })}
      />
      <div role="tabpanel" aria-label={label(tab)}>
        {tab === 'owned' ? <OwnedTab page={page} href={href} owner={address} /> : null}
        {tab === 'onSale' ? (
          <NftTab page={page} href={href} params={{ owner: address, status: 'ONSALE' }} />
        ) : null}
        {tab === 'minted' ? <NftTab page={page} href={href} params={{ creator: address }} /> : null}
        {tab === 'collections' ? (
          <CollectionsTab page={page} href={href} creator={address} />
        ) : null}
        {tab === 'followers' || tab === 'following' ? (
          <FollowsTab userId={user.id} kind={tab} page={page} href={href} />
        ) : null}
        {tab === 'bidHistory' ? <BidHistory page={page} href={href} /> : null}
        {tab === 'orderHistory' ? <OrderHistory address="mine" page={page} href={href} /> : null}
        {tab === 'edit' && account ? <EditProfile account={account} /> : null}
      </div>
    </>
  );
}

type PageProps = { page: number; href: (p: number) => string };

function Paged<T>({
  query,
  page,
  href,
  children,
  grid = true,
}: PageProps & {
  query: UseQueryResult<ListBody<T>>;
  children: (items: T[]) => ReactNode;
  grid?: boolean;
}) {
  return (
    <>
      <QueryView
        query={query}
        isEmpty={(b) => b.data.length === 0}
        skeleton={grid ? <CardGridSkeleton count={4} /> : <Skeleton width="100%" height="6rem" />}
      >
        {(b) => children(b.data)}
      </QueryView>
      {query.data ? (
        <Pagination page={page} total={query.data.total} size={SIZE} href={href} />
      ) : null}
    </>
  );
}

function NftTab({
  params,
  ...p
}: PageProps & {
  params: { owner?: string | undefined; creator?: string | undefined; status?: string };
}) {
  const likeAddress = useLikeAddress();
  const hasAddress = Boolean(params.owner ?? params.creator);
  const query = useNfts({ page: p.page, size: SIZE, likeAddress, ...params }, hasAddress);
  if (!hasAddress)
    return (
      <Paged {...p} query={emptyQuery(query)}>
        {() => null}
      </Paged>
    );
  return (
    <Paged {...p} query={query}>
      {(items) => (
        <div className="card-grid">
          {items.map((n) => (
            <NftCard key={n.item_id} nft={n} titleAs="h2" />
          ))}
        </div>
      )}
    </Paged>
  );
}

/** A user without a chain address owns nothing: show the empty state, not a spinner. */
function emptyQuery<T>(q: UseQueryResult<ListBody<T>>): UseQueryResult<ListBody<T>> {
  return {
    ...q,
    isPending: false,
    isError: false,
    data: { data: [], total: 0, page: 1, size: SIZE },
  } as never;
}

/** spec §7: owned NFTs through the '-unique' list (every status). */
function OwnedTab({ owner, ...p }: PageProps & { owner: string | undefined }) {
  const likeAddress = useLikeAddress();
  const query = useOwnedNfts(
    { page: p.page, size: SIZE, likeAddress, owner: owner ?? '' },
    Boolean(owner),
  );
  return (
    <Paged {...p} query={owner ? query : emptyQuery(query)}>
      {(items) => (
        <div className="card-grid">
          {items.map((n) => (
            <NftCard key={n.item_id} nft={n} titleAs="h2" />
          ))}
        </div>
      )}
    </Paged>
  );
}

function CollectionsTab({ creator, ...p }: PageProps & { creator: string | undefined }) {
  const query = useCollections({ page: p.page, size: SIZE, creator }, Boolean(creator));
  return (
    <Paged {...p} query={creator ? query : emptyQuery(query)}>
      {(items) => (
        <div className="card-grid">
          {items.map((c) => (
            <CollectionCard key={c.id} collection={c} titleAs="h2" />
          ))}
        </div>
      )}
    </Paged>
  );
}

function FollowsTab({
  userId,
  kind,
  ...p
}: PageProps & { userId: number; kind: 'followers' | 'following' }) {
  const query = useFollows(kind, userId, p.page);
  return (
    <Paged {...p} query={query}>
      {(items) => (
        <div className="card-grid">
          {items.map((u) => (
            <UserCard key={u.id} user={u} titleAs="h2" />
          ))}
        </div>
      )}
    </Paged>
  );
}

function BidHistory(p: PageProps) {
  const { t } = useTranslation(['market', 'pages']);
  const query = useBidsByBidder('mine', p.page);
  const language = currentLanguage();
  return (
    <Paged {...p} query={query} grid={false}>
      {(bids) => (
        <Table head={[t('field.name'), t('field.amount'), t('field.status'), t('field.time')]}>
          {bids.map((b) => (
            <tr key={b.id}>
              <td>{b.name}</td>
              <td>
                <NetworkAmount wei={b.amount} networkId={b.networkId} wrapped />
              </td>
              <td>
                {b.isHighest
                  ? t('nft.highestBidder')
                  : t(`pages:orderHistory.status.${b.orderStatus}`)}
              </td>
              <td>{formatDateTime(b.createdAt, language)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Paged>
  );
}

export function OrderHistory({ address, ...p }: PageProps & { address: string | undefined }) {
  const { t } = useTranslation(['market', 'pages']);
  const query = useOrders(address, p.page);
  const language = currentLanguage();
  return (
    <Paged {...p} query={address ? query : emptyQuery(query)} grid={false}>
      {(orders) => (
        <Table head={[t('field.saleType'), t('field.price'), t('field.status'), t('field.date')]}>
          {orders.map((o) => (
            <tr key={o.orderHash}>
              <td>{o.saleKind === 'AUCTION' ? t('card.auction') : t('card.fixedPrice')}</td>
              <td>
                <NetworkAmount
                  wei={o.price}
                  networkId={o.networkId}
                  wrapped={o.saleKind === 'AUCTION'}
                />
              </td>
              <td>{t(`pages:orderHistory.status.${o.status}`)}</td>
              <td>{formatDateTime(o.createdAt, language)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Paged>
  );
}

/** Fixed prices in the native coin, auctions and bids in the wrapped token (spec §1). */
function NetworkAmount({
  wei,
  networkId,
  wrapped,
}: {
  wei: string;
  networkId: number;
  wrapped: boolean;
}) {
  return <Amount wei={weiFromWire(wei)} symbol={useSymbol(networkId, wrapped)} />;
}

function FollowButton({ user }: { user: ProfileUser }) {
  const { t } = useTranslation(['common', 'errors']);
  const snap = useSnapshot(session);
  const signedIn = snap.account.isSignedIn;
  const me = snap.profile?.id;
  const isFollowing = useIsFollowing(signedIn && me ? Number(me) : undefined, user.id);
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ following: boolean; count: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the user changes
  useEffect(() => setState(null), [user.id]);
  const mutation = useMutation({
    mutationFn: setFollow,
    onMutate: (vars) => {
      const previous = state;
      setState({
        following: vars.follow,
        count: Math.max(0, (previous?.count ?? user.followersCount) + (vars.follow ? 1 : -1)),
      });
      return previous;
    },
    onError: (error, _v, previous) => {
      setState(previous ?? null);
      setMessage(t(`errors:${errorKeyOf(error)}`, { min: 6 }));
    },
    onSuccess: ({ data }) => setState({ following: data.following, count: data.followersCount }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: USER_QUERY_ROOT }),
  });
  const following = state?.following ?? isFollowing.data ?? false;
  const count = state?.count ?? user.followersCount;
  return (
    <span className="follow">
      <span className="muted" aria-live="polite">
        {t('social.followers', { count })}
      </span>{' '}
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-pressed={following}
        disabled={mutation.isPending}
        onClick={() => {
          if (!signedIn) {
            setMessage(t('errors:notSignedIn'));
            return;
          }
          setMessage(null);
          mutation.mutate({ userId: user.id, follow: !following });
        }}
      >
        {following ? t('social.unfollow') : t('social.follow')}
      </Button>
      {message ? (
        <span role="alert" className="field__error">
          {' '}
          {message}
        </span>
      ) : null}
    </span>
  );
}

/** Edit profile with avatar and banner (multipart PUT /api/v1/account/info). */
function EditProfile({ account }: { account: Account }) {
  const { t } = useTranslation(['pages', 'errors', 'common']);
  const queryClient = useQueryClient();
  const [error, setError] = useState<'compulsoryField' | null>(null);
  const mutation = useMutation({
    mutationFn: updateInfo,
    onSuccess: (updated) => {
      sessionActions.SET_PROFILE(toProfile(updated));
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_ROOT });
    },
  });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (!String(form.get('username') ?? '').trim()) {
      setError('compulsoryField');
      return;
    }
    setError(null);
    for (const key of ['avatar', 'banner']) {
      const file = form.get(key);
      if (file instanceof File && file.size === 0) form.delete(key);
    }
    mutation.mutate(form);
  };
  return (
    <form
      className="form main--narrow"
      onSubmit={onSubmit}
      noValidate
      encType="multipart/form-data"
    >
      <TextField
        label={t('profile.username')}
        name="username"
        defaultValue={account.username}
        required
        error={error ?? undefined}
        autoComplete="username"
      />
      <TextAreaField label={t('profile.bio')} name="bio" defaultValue={account.bio} rows={3} />
      <TextField
        label={t('profile.avatar')}
        name="avatar"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
      />
      <TextField
        label={t('profile.banner')}
        name="banner"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
      />
      <FormError error={mutation.isError ? errorKeyOf(mutation.error) : null} />
      {mutation.isSuccess ? (
        <p role="status" className="form__ok">
          {t('profile.saved')}
        </p>
      ) : null}
      <Button type="submit" busy={mutation.isPending}>
        {t('common:action.save')}
      </Button>
    </form>
  );
}
