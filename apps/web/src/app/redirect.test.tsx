// docs/product/routes-and-screens.md#redirect-routes: a redirect keeps all current query parameters.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '../test/render-app';
import { AppRoot } from './app-root';
import { Redirect, redirectTarget } from './redirect';

describe('redirectTarget', () => {
  it('appends the current query', () => {
    expect(redirectTarget('/main/home', '?x=1&y=2')).toBe('/main/home?x=1&y=2');
  });
  it('keeps repeated parameters and the target hash', () => {
    expect(redirectTarget('/main/home#download', '?t=a&t=b')).toBe('/main/home?t=a&t=b#download');
  });
  it("lets the target's own parameters win", () => {
    expect(redirectTarget('/main/event?tab=news', '?tab=all&x=1')).toBe('/main/event?tab=news&x=1');
  });
  it('adds nothing when there is no query', () => {
    expect(redirectTarget('/main', '')).toBe('/main');
  });
});

describe('<Redirect>', () => {
  it('shows the 404 page when it has no target', async () => {
    const routes = [
      {
        element: <AppRoot />,
        hydrateFallbackElement: <span />,
        children: [{ path: '/nowhere', element: <Redirect to={null} /> }],
      },
    ];
    const { router } = await renderApp('/nowhere?keep=1', { routes });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/nowhere?keep=1');
  });
});
