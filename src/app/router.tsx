/**
 * Every route of the app with its layout. Patterns come from src/config/paths.ts; every screen is
 * a lazy chunk (code splitting keeps /marketplace's first JavaScript small). Declarative routes
 * (BrowserRouter) rather than the data router: about 17 KB gzip less in the initial bundle.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { type Layout, matchAppPath, paths, type RouteName } from '../config/paths.ts';
import { laterStrings } from '../lib/i18n.ts';
import { FullLayout, HeaderLayout, LogoLayout } from './layouts/layouts.tsx';
import { RootLayout } from './layouts/root-layout.tsx';

/**
 * A lazy screen whose chunk can be fetched before React asks for it (same promise). Once the
 * chunk is there the screen renders it directly, without suspending: the server renders the
 * screen in one pass (src/entry-server.tsx) and the browser hydrates it at once.
 */
type Screen = {
  preload: () => Promise<unknown>;
  loaded?: ComponentType;
  Lazy: LazyExoticComponent<ComponentType>;
};

const screen = (load: () => Promise<{ Component: ComponentType }>): Screen => {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const self: Screen = {
    preload: () => {
      pending ??= load().then((m) => {
        self.loaded = m.Component;
        return { default: m.Component };
      });
      return pending;
    },
    Lazy: lazy(() => self.preload() as Promise<{ default: ComponentType }>),
  };
  return self;
};

function RouteScreen({ screen }: { screen: Screen }) {
  const Loaded = screen.loaded;
  return Loaded ? <Loaded /> : <screen.Lazy />;
}

/** One lazy module per route (each exports `Component`). */
const screens: Record<RouteName, Screen> = {
  marketplace: screen(() => import('./routes/marketplace.tsx')),
  nfts: screen(() => import('./routes/nfts.tsx')),
  collections: screen(() => import('./routes/collections.tsx')),
  sets: screen(() => import('./routes/sets.tsx')),
  bundles: screen(() => import('./routes/bundles.tsx')),
  downloadApp: screen(() => import('./routes/download-app.tsx')),
  support: screen(() => import('./routes/support.tsx')),
  // its list and e-mail choices speak the later part of `notifications` (LATER_PARTS)
  notification: screen(() =>
    Promise.all([import('./routes/notification.tsx'), laterStrings()]).then(([m]) => m),
  ),
  outbox: screen(() => import('./routes/outbox.tsx')),
  fractional: screen(() => import('./routes/fractional.tsx')),
  fractionalDetail: screen(() => import('./routes/fractional-detail.tsx')),
  bundleDetail: screen(() => import('./routes/bundle-detail.tsx')),
  userDetail: screen(() => import('./routes/user-detail.tsx')),
  profile: screen(() => import('./routes/profile.tsx')),
  orderHistory: screen(() => import('./routes/order-history.tsx')),
  collectionDetail: screen(() => import('./routes/collection-detail.tsx')),
  nftInspection: screen(() => import('./routes/nft-inspection.tsx')),
  preOrderDetail: screen(() => import('./routes/pre-order-detail.tsx')),
  dropDetail: screen(() => import('./routes/drop-detail.tsx')),
  giftClaim: screen(() => import('./routes/gift-claim.tsx')),
  gifts: screen(() => import('./routes/gifts.tsx')),
  search: screen(() => import('./routes/search.tsx')),
  changePassword: screen(() => import('./routes/change-password.tsx')),
  studio: screen(() => import('./routes/studio.tsx')),
  studioPartners: screen(() => import('./routes/studio-partners.tsx')),
  nftDetail: screen(() => import('./routes/nft-detail.tsx')),
  setDetail: screen(() => import('./routes/set-detail.tsx')),
  signIn: screen(() => import('./routes/sign-in.tsx')),
  signUp: screen(() => import('./routes/sign-up.tsx')),
  verifyEmail: screen(() => import('./routes/verify-email.tsx')),
  createWallet: screen(() => import('./routes/create-wallet.tsx')),
};

/**
 * Starts fetching the chunk of the screen at `pathname` at once, in parallel with the strings and
 * the saved session, instead of after the first render (one round trip less before content).
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const match = matchAppPath(pathname === '/' ? paths.marketplace.build({}) : pathname);
  return screens[match?.name ?? 'marketplace'].preload();
}

if (typeof window !== 'undefined') void preloadScreen(window.location.pathname).catch(() => {});

function routesOf(layout: Layout) {
  return (Object.keys(paths) as RouteName[])
    .filter((name) => paths[name].layout === layout)
    .map((name) => {
      return (
        <Route
          key={name}
          path={paths[name].pattern}
          element={<RouteScreen screen={screens[name]} />}
        />
      );
    });
}

export function AppRoutes() {
  const home = paths.marketplace.build({});
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<FullLayout />}>{routesOf('full')}</Route>
        <Route element={<HeaderLayout />}>{routesOf('header')}</Route>
        <Route element={<LogoLayout />}>{routesOf('logo')}</Route>
        {/* `/` and any unknown path go to /marketplace. */}
        <Route index element={<Navigate to={home} replace />} />
        <Route path="*" element={<Navigate to={home} replace />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
