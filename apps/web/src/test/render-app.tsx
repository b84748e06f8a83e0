// Renders the whole app (routes, providers, start-up calls) at a path, like a browser would.
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { bootstrapApp } from '../app/bootstrap';
import { UiEnvContext } from '../app/ui-env';
import { createRoutes } from '../app/router';
import { appStore } from '../lib/app-store';
import { storage } from '../lib/storage';
import { anonymousUinfo, envelope, playerUinfo, stubApi, type UinfoResult } from './api-stub';

interface RenderAppOptions {
  /** 'player' signs in with a bound game account. */
  as?: 'anonymous' | 'player' | UinfoResult;
  routes?: RouteObject[];
  handlers?: Parameters<typeof stubApi>[0];
}

export async function renderApp(path: string, options: RenderAppOptions = {}) {
  const uinfo =
    options.as === 'player'
      ? playerUinfo
      : options.as && options.as !== 'anonymous'
        ? options.as
        : anonymousUinfo;
  if (uinfo.login) storage.setToken('tok_test');
  const api = stubApi({ '/api/user/uinfo': () => envelope(uinfo), ...options.handlers });
  const router = createMemoryRouter(options.routes ?? createRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const search = path.includes('?') ? `?${path.split('?')[1]}` : '';
  const started = bootstrapApp(search);
  const view = render(
    <UiEnvContext value="test">
      <RouterProvider router={router} />
    </UiEnvContext>,
  );
  await started;
  await waitFor(() => expect(appStore.getState().loading).toBe(false));
  return { ...view, router, user, api };
}

/** The router's current path + query. */
export function currentUrl(router: {
  state: { location: { pathname: string; search: string } };
}): string {
  return router.state.location.pathname + router.state.location.search;
}
