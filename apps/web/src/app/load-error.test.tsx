// docs/product/routes-and-screens.md#lazy-loading-and-the-load-error-page: when a lazy route's chunk fails to load, the load-error page offers a reload.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app';
import { isChunkLoadError, RouteLoadError } from './errors/chunk-error';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { lazyRoute } from './router';

vi.mock('./routes/event', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/event-x1.js');
});

describe('load error', () => {
  it('shows the load-error page with a reload button when a page chunk fails', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { user } = await renderApp('/main/event');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'The page could not be loaded' },
        // First lazy load of the file: slow on a busy machine.
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The page may have been updated. Please refresh the page.'),
    ).toBeInTheDocument();
    // The boundary sits inside the main layout: the header is still there.
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('catches a rejected lazy import under a pathless parent boundary', async () => {
    const routes = [
      {
        errorElement: <RouteErrorBoundary />,
        hydrateFallbackElement: <span />,
        children: [
          {
            path: '/broken',
            lazy: lazyRoute(() => Promise.reject(new Error('network down'))),
          },
        ],
      },
    ];
    await renderApp('/broken', { routes });
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('recognises browser chunk errors and not ordinary errors', () => {
    expect(isChunkLoadError(new RouteLoadError(new Error('x')))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('boom')).toBe(false);
  });
});
