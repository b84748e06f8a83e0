// The server's boot shell (lib/boot-shell.ts, docs/frontend-budgets.md#first-paint): the app takes
// the inlined site config instead of calling /api/setting/init, falls back to the call when the
// copy is missing or broken, and removes the static overlay once a page is on screen.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSiteConfig } from '../features/system/api/get-site-config';
import { stubApi, testConfig } from '../test/api-stub';
import { BOOT_SHELL_ELEMENT_ID, SITE_CONFIG_ELEMENT_ID } from './boot-shell';

function inlineConfig(text: string) {
  const script = document.createElement('script');
  script.id = SITE_CONFIG_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

function bootShell() {
  const shell = document.createElement('div');
  shell.id = BOOT_SHELL_ELEMENT_ID;
  document.body.append(shell);
}

afterEach(() => {
  document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
  document.getElementById(BOOT_SHELL_ELEMENT_ID)?.remove();
});

describe('site config from the page', () => {
  it('reads the inlined config without a call, once', async () => {
    const { requests } = stubApi();
    inlineConfig(JSON.stringify({ ...testConfig, site_title: 'Inline Portal' }));
    await expect(fetchSiteConfig()).resolves.toMatchObject({ site_title: 'Inline Portal' });
    expect(requests).toHaveLength(0);
    expect(document.getElementById(SITE_CONFIG_ELEMENT_ID)).toBeNull();
    // A second start-up (a later call) asks the server.
    await expect(fetchSiteConfig()).resolves.toMatchObject({ site_title: 'Test Portal' });
    expect(requests.map((r) => r.url)).toEqual(['/api/setting/init']);
  });

  it('calls the server when the inlined copy is broken or does not match the contract', async () => {
    for (const text of ['{"site_title":', JSON.stringify({ site_title: 'No games' })]) {
      const { requests } = stubApi();
      inlineConfig(text);
      await expect(fetchSiteConfig()).resolves.toEqual(testConfig);
      expect(requests.map((r) => r.url)).toEqual(['/api/setting/init']);
    }
  });
});

describe('the boot overlay', () => {
  it('leaves when the bare layout (login, 404) is on screen', async () => {
    stubApi();
    bootShell();
    const { Component } = await import('../app/layouts/bare-layout');
    const router = createMemoryRouter([
      { path: '/', Component, children: [{ index: true, element: <p>page</p> }] },
    ]);
    expect(document.getElementById(BOOT_SHELL_ELEMENT_ID)).not.toBeNull();
    const view = render(<RouterProvider router={router} />);
    expect(await view.findByText('page')).toBeTruthy();
    expect(document.getElementById(BOOT_SHELL_ELEMENT_ID)).toBeNull();
  });
});
