// The docs/product/routes-and-screens.md#route-table. Built by a function because the router mutates lazy route objects
// (a shared array breaks a second router, e.g. in tests). Load-error boundaries sit on
// pathless parents: an errorElement on a lazy route does not render when its own import fails.
import type { ComponentType } from 'react';
import { replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type enCommon from '../locales/en-US/common.json';
import { GlobalLoader } from '../components/ui/global-loader';
import { AppRoot } from './app-root';
import { RouteLoadError } from './errors/chunk-error';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { ForbiddenPage, NotFoundPage } from './errors/status-pages';
import { paths } from '../lib/paths';
import { FOOTER_LABEL_KEYS, isFooterSlug } from '../features/content/footer-pages';
import { redirectTarget } from './redirect';

export type RouteTitleKey = keyof (typeof enCommon)['routes'];

/** Route `handle`: the translated title (docs/product/routes-and-screens.md#page-titles) and the menu page it belongs to. */
export interface RouteHandle {
  titleKey: RouteTitleKey;
  /** Menu entry to highlight (app state `activePage`). */
  page?: 'home' | 'recharge' | 'account' | 'event';
  /**
   * A title named by the path parameters (a key of the common namespace), used instead of
   * `titleKey` when it answers one: each footer page carries its own name.
   */
  titleOf?: (params: Readonly<Record<string, string | undefined>>) => string | undefined;
}

interface RouteModule {
  Component: ComponentType;
}

/** Lazy loader that marks any import failure as a load error (docs/product/routes-and-screens.md#lazy-loading-and-the-load-error-page). */
export function lazyRoute(load: () => Promise<RouteModule>) {
  return async (): Promise<RouteModule> => {
    try {
      const mod = await load();
      return { Component: mod.Component };
    } catch (error) {
      throw new RouteLoadError(error);
    }
  };
}

/**
 * docs/product/routes-and-screens.md#redirect-routes, keeping the query (redirect.tsx). As loaders, the router follows them
 * before the first render and starts loading the target's lazy chunks at once (ADR 0024).
 */
export function redirectRoute(to: string): Pick<RouteObject, 'loader'> {
  return {
    loader: ({ request }: LoaderFunctionArgs) =>
      replace(redirectTarget(to, new URL(request.url).search)),
  };
}

const handle = (titleKey: RouteTitleKey, page?: RouteHandle['page']): RouteHandle => ({
  titleKey,
  page,
});

/** Children of /main: public pages, and pages that need a signed-in player (the guard). */
function mainChildren(): RouteObject[] {
  return [
    // docs/product/routes-and-screens.md#redirect-routes: /main opened bare goes to its first child, keeping the query string.
    { index: true, ...redirectRoute(paths.home) },
    {
      path: 'home',
      handle: handle('home', 'home'),
      lazy: lazyRoute(() => import('./routes/home')),
    },
    {
      path: 'event',
      handle: handle('event', 'event'),
      lazy: lazyRoute(() => import('./routes/event')),
    },
    {
      path: 'event/detail/:id',
      handle: handle('eventDetail', 'event'),
      lazy: lazyRoute(() => import('./routes/event-detail')),
    },
    {
      // ADR 0021: footer pages (about, contact, privacy, agreement); an extension to docs/product/routes-and-screens.md#route-table.
      path: 'page/:slug',
      handle: {
        ...handle('sitePage'),
        titleOf: ({ slug }: { slug?: string }) =>
          isFooterSlug(slug) ? FOOTER_LABEL_KEYS[slug] : undefined,
      } satisfies RouteHandle,
      lazy: lazyRoute(() => import('./routes/site-page')),
    },
    {
      lazy: lazyRoute(() => import('./guards/require-player')),
      children: [
        {
          path: 'recharge',
          handle: handle('recharge', 'recharge'),
          lazy: lazyRoute(() => import('./routes/topup')),
        },
        {
          path: 'recharge/detail/:id',
          handle: handle('rechargeDetail', 'recharge'),
          lazy: lazyRoute(() => import('./routes/order-detail')),
        },
        {
          path: 'account/user',
          handle: handle('accountUser', 'account'),
          lazy: lazyRoute(() => import('./routes/account-user')),
        },
        {
          path: 'account/recharge',
          handle: handle('accountRecharge', 'account'),
          lazy: lazyRoute(() => import('./routes/account-topup-history')),
        },
        {
          path: 'account/epoint',
          handle: handle('accountEpoint', 'account'),
          lazy: lazyRoute(() => import('./routes/account-hc-point')),
        },
      ],
    },
  ];
}

export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppRoot />,
      errorElement: <RouteErrorBoundary />,
      // Shown while the first route's chunk loads.
      hydrateFallbackElement: <GlobalLoader busy navigating={false} />,
      children: [
        {
          id: 'boundary',
          errorElement: <RouteErrorBoundary />,
          children: [
            // Straight to /main/home (where /main goes): one hop, so the router loads the
            // layout's and the page's lazy chunks together.
            { index: true, ...redirectRoute(paths.home) },
            { path: 'account', ...redirectRoute(paths.accountUser) },
            {
              path: 'main',
              lazy: lazyRoute(() => import('./layouts/main-layout')),
              children: [
                {
                  id: 'main-boundary',
                  errorElement: <RouteErrorBoundary />,
                  children: mainChildren(),
                },
              ],
            },
            {
              lazy: lazyRoute(() => import('./layouts/bare-layout')),
              children: [
                {
                  path: 'login',
                  handle: handle('login'),
                  lazy: lazyRoute(() => import('./routes/login')),
                },
                {
                  path: 'signup',
                  handle: handle('signup'),
                  lazy: lazyRoute(() => import('./routes/signup')),
                },
                { path: '403', handle: handle('forbidden'), element: <ForbiddenPage /> },
                { path: '*', handle: handle('notFound'), element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
