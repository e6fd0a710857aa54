/**
 * Every route of the app in one place (docs/product-rules.md, Screens and routes): the
 * react-router pattern, a typed builder and a parser. The URL shapes are the product's
 * (`/nfts/page={page}`, `/nft/detail/collectionAddr={addr}/tokenId={id}[/{mode}]`); react-router
 * cannot match partial segments, so the pattern takes the whole segment (`:page` = 'page=3') and
 * `parse` checks it.
 */
import { ADDRESS, UINT, URL_ID } from '#shared/patterns.ts';

export type Layout = 'full' | 'header' | 'logo';

type Params = Readonly<Record<string, string | undefined>>;

type RouteDef<P> = {
  /** react-router pattern (whole segments). */
  readonly pattern: string;
  /** The layout: header and footer, header only, or the logo-only header. */
  readonly layout: Layout;
  readonly build: (p: P) => string;
  /** Typed params from the router's raw params; null when a segment is malformed. */
  readonly parse: (params: Params) => P | null;
};

const POSITIVE_INT = /^[1-9]\d{0,8}$/;
const TOKEN_HASH = /^[A-Za-z0-9_-]{8,200}$/;

/** Detail tabs a trailing `/{mode}` can open (the names are ours). */
export const NFT_MODES = [
  'details',
  'bids',
  'provenance',
  'properties',
  'inspection',
  'activity',
] as const;
export type NftMode = (typeof NFT_MODES)[number];
export const SET_MODES = ['items', 'bids', 'activity'] as const;
export type SetMode = (typeof SET_MODES)[number];

/** Value of a `name=value` segment, or null. */
function prefixed(segment: string | undefined, name: string, shape: RegExp): string | null {
  if (segment === undefined) return null;
  const prefix = `${name}=`;
  if (!segment.startsWith(prefix)) return null;
  const value = segment.slice(prefix.length);
  return shape.test(value) ? value : null;
}

function plain(segment: string | undefined, shape: RegExp): string | null {
  return segment !== undefined && shape.test(segment) ? segment : null;
}

function oneOf<T extends string>(value: string | undefined, list: readonly T[]): T | null {
  return list.includes(value as T) ? (value as T) : null;
}

const staticRoute = (path: string, layout: Layout): RouteDef<Record<string, never>> => ({
  pattern: path,
  layout,
  build: () => path,
  parse: () => ({}),
});

const pagedList = (base: string): RouteDef<{ page: number }> => ({
  pattern: `/${base}/:page`,
  layout: 'full',
  build: ({ page }) => `/${base}/page=${page}`,
  parse: (p) => {
    const page = prefixed(p.page, 'page', POSITIVE_INT);
    return page === null ? null : { page: Number(page) };
  },
});

const byId = (base: string, layout: Layout): RouteDef<{ id: string }> => ({
  pattern: `${base}/:id`,
  layout,
  build: ({ id }) => `${base}/${encodeURIComponent(id)}`,
  parse: (p) => {
    const id = plain(p.id, URL_ID);
    return id === null ? null : { id };
  },
});

export const paths = {
  // Header + footer.
  marketplace: staticRoute('/marketplace', 'full'),
  nfts: pagedList('nfts'),
  collections: pagedList('collections'),
  sets: pagedList('sets'),
  bundles: pagedList('bundles'),
  downloadApp: staticRoute('/download-app', 'full'),
  // Header and footer (the footer carries the contact details the support page refers to).
  support: staticRoute('/support', 'full'),
  notification: staticRoute('/notification', 'full'),
  outbox: staticRoute('/outbox', 'full'),
  fractional: staticRoute('/fractional', 'full'),
  /** One fractional item: its network and its vault (vault addresses may repeat across chains). */
  fractionalDetail: {
    pattern: '/fractional/detail/:network/:vault',
    layout: 'full',
    build: ({ networkId, vault }) => `/fractional/detail/network=${networkId}/vault=${vault}`,
    parse: (p) => {
      const network = prefixed(p.network, 'network', POSITIVE_INT);
      const vault = prefixed(p.vault, 'vault', ADDRESS);
      return network === null || vault === null ? null : { networkId: Number(network), vault };
    },
  } satisfies RouteDef<{ networkId: number; vault: string }>,
  bundleDetail: byId('/bundle/detail', 'full'),
  userDetail: byId('/user/detail', 'full'),
  profile: staticRoute('/profile', 'full'),
  orderHistory: staticRoute('/order-history', 'full'),
  collectionDetail: byId('/collection/detail', 'full'),
  nftInspection: byId('/nft/inspection', 'full'),
  // The drops (pre-orders, editions, magic bags, tickets): the list, and one drop by
  // `${networkId}-${dropId}`.
  preOrderDetail: staticRoute('/pre-order/detail', 'full'),
  dropDetail: byId('/pre-order/detail', 'full'),
  // Screens the product names without a path: the paths are ours.
  giftClaim: staticRoute('/gift-claim', 'full'),
  gifts: staticRoute('/gifts', 'full'),
  search: staticRoute('/search', 'full'),
  changePassword: staticRoute('/account/change-password', 'full'),
  studio: staticRoute('/studio', 'full'),
  studioPartners: staticRoute('/studio/partners', 'full'),

  // Header only.
  // `?network=` names the item's network (two networks can hold the same contract address);
  // the screen reads it from the search (shared/first-screen.ts networkParam).
  nftDetail: {
    pattern: '/nft/detail/:collectionAddr/:tokenId/:mode?',
    layout: 'header',
    build: ({ collectionAddr, tokenId, mode, networkId }) =>
      `/nft/detail/collectionAddr=${collectionAddr}/tokenId=${tokenId}${mode ? `/${mode}` : ''}${
        networkId ? `?network=${networkId}` : ''
      }`,
    parse: (p) => {
      const collectionAddr = prefixed(p.collectionAddr, 'collectionAddr', ADDRESS);
      const tokenId = prefixed(p.tokenId, 'tokenId', UINT);
      const mode = p.mode === undefined ? undefined : oneOf(p.mode, NFT_MODES);
      if (collectionAddr === null || tokenId === null || mode === null) return null;
      return mode ? { collectionAddr, tokenId, mode } : { collectionAddr, tokenId };
    },
  } satisfies RouteDef<{
    collectionAddr: string;
    tokenId: string;
    mode?: NftMode;
    networkId?: number;
  }>,
  setDetail: {
    pattern: '/set/detail/:id/:mode?',
    layout: 'header',
    build: ({ id, mode }) => `/set/detail/${encodeURIComponent(id)}${mode ? `/${mode}` : ''}`,
    parse: (p) => {
      const id = plain(p.id, URL_ID);
      const mode = p.mode === undefined ? undefined : oneOf(p.mode, SET_MODES);
      if (id === null || mode === null) return null;
      return mode ? { id, mode } : { id };
    },
  } satisfies RouteDef<{ id: string; mode?: SetMode }>,

  // Logo-only header.
  signIn: staticRoute('/sign-in', 'logo'),
  signUp: staticRoute('/sign-up', 'logo'),
  verifyEmail: {
    pattern: '/account/verify-email/:userId/:tokenHash',
    layout: 'logo',
    build: ({ userId, tokenHash }) =>
      `/account/verify-email/${encodeURIComponent(userId)}/${encodeURIComponent(tokenHash)}`,
    parse: (p) => {
      const userId = plain(p.userId, URL_ID);
      const tokenHash = plain(p.tokenHash, TOKEN_HASH);
      return userId === null || tokenHash === null ? null : { userId, tokenHash };
    },
  } satisfies RouteDef<{ userId: string; tokenHash: string }>,
  createWallet: staticRoute('/create-wallet', 'logo'),
} as const;

export type RouteName = keyof typeof paths;
export type RouteParams<N extends RouteName> = Parameters<(typeof paths)[N]['build']>[0];

/** Compiles a react-router pattern to a regex over whole segments (used by `matchAppPath`). */
function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      const optional = segment.endsWith('?');
      names.push(segment.slice(1, optional ? -1 : undefined));
      return optional ? '(?:/([^/]+))?' : '/([^/]+)';
    })
    .join('');
  return { regex: new RegExp(`^${source}/?$`), names };
}

const compiled = (Object.keys(paths) as RouteName[]).map((name) => ({
  name,
  ...compile(paths[name].pattern),
}));

type AppMatch = { name: RouteName; params: Record<string, unknown>; layout: Layout };

/** Which route a pathname is, with typed params; null means "unknown: go to /marketplace". */
export function matchAppPath(pathname: string): AppMatch | null {
  for (const { name, regex, names } of compiled) {
    const m = regex.exec(pathname);
    if (!m) continue;
    const raw: Record<string, string | undefined> = {};
    names.forEach((n, i) => {
      const v = m[i + 1];
      raw[n] = v === undefined ? undefined : decodeURIComponent(v);
    });
    const parsed = (paths[name].parse as (p: Params) => Record<string, unknown> | null)(raw);
    if (parsed) return { name, params: parsed, layout: paths[name].layout };
  }
  return null;
}

/** List screens' search params: category (slug) and sort, added only when present. */
export type ListSearch = { category?: string | undefined; sort?: string | undefined };

export function buildListSearch({ category, sort }: ListSearch): string {
  const q = new URLSearchParams();
  if (category) q.set('category', category);
  if (sort) q.set('sort', sort);
  const s = q.toString();
  return s ? `?${s}` : '';
}
