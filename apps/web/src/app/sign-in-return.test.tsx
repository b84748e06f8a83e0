// docs/product/sign-in.md#apple-sign-in-return returns to the portal: `?hctoken=` is exchanged for a session and removed (on
// success only: a failed exchange keeps it, docs/product/session.md#hand-over); `?appleId=`
// shows the Apple sign-in outcome and is removed. Other parameters stay.
import { ErrorCode, STORAGE_KEYS } from '@hc/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/app-store';
import { anonymousUinfo, businessError, envelope, playerUinfo } from '../test/api-stub';
import { currentUrl, renderApp } from '../test/render-app';

/** The browser URL (the memory router does not touch window.location). */
function openAt(path: string) {
  window.history.replaceState(null, '', path);
}

const ticketLogin = {
  token: 'tok_hc',
  customer_service: 'https://support.example.com/player',
  accid: 1001,
  account: 'player01',
};

describe('hctoken hand-over', () => {
  it('exchanges the ticket, stores the token, loads the player and clears hctoken only', async () => {
    openAt('/main/home?x=1&hctoken=T1#news');
    const { api, router } = await renderApp('/main/home?x=1&hctoken=T1', {
      handlers: {
        '/api/user/tmpWebTokenLogin': () => envelope(ticketLogin),
        '/api/user/uinfo': (r) =>
          envelope(r.headers.token === 'tok_hc' ? playerUinfo : anonymousUinfo),
      },
    });
    const exchange = api.requests.find((r) => r.url === '/api/user/tmpWebTokenLogin');
    expect(JSON.parse(typeof exchange?.init.body === 'string' ? exchange.init.body : '{}')).toEqual(
      { token: 'T1' },
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok_hc');
    expect(appStore.getState().userInfo.login).toBe(true);
    expect(window.location.search).toBe('?x=1');
    expect(window.location.hash).toBe('#news');
    // The router's own location drops it too, so no later navigation brings it back.
    await waitFor(() => expect(currentUrl(router)).toBe('/main/home?x=1'), { timeout: 5000 });
  });

  it('on a replayed or bad ticket shows the translated error and keeps hctoken (cleared on success only)', async () => {
    openAt('/main/home?x=1&hctoken=used');
    const { router } = await renderApp('/main/home?x=1&hctoken=used', {
      handlers: {
        '/api/user/tmpWebTokenLogin': () => businessError(ErrorCode.InvalidToken, 'used'),
      },
    });
    expect(await screen.findByText('Illegal token.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(appStore.getState().userInfo.login).toBe(false);
    expect(window.location.search).toBe('?x=1&hctoken=used');
    // Neither the address bar nor the router's own location loses it, even after navigating.
    expect(currentUrl(router)).toBe('/main/home?x=1&hctoken=used');
    await router.navigate('/main/home?x=1&hctoken=used&y=2', { replace: true });
    await waitFor(() => expect(currentUrl(router)).toBe('/main/home?x=1&hctoken=used&y=2'));
  });

  it('an empty hctoken is a failure too: the error shows and the parameter stays', async () => {
    openAt('/main/home?hctoken=');
    const { api } = await renderApp('/main/home?hctoken=', {});
    expect(await screen.findByText('Illegal token.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.requests.some((r) => r.url === '/api/user/tmpWebTokenLogin')).toBe(false);
    expect(window.location.search).toBe('?hctoken=');
  });
});

describe('Apple sign-in return', () => {
  it('appleId=false warns that no account was found and removes the parameter', async () => {
    openAt('/main/home?appleId=false&y=2');
    const { router } = await renderApp('/main/home?appleId=false&y=2');
    expect(
      await screen.findByText(
        'No account was found for this Apple sign-in.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Login successful.')).toBeNull();
    await waitFor(() => expect(window.location.search).toBe('?y=2'), { timeout: 5000 });
    await waitFor(() => expect(currentUrl(router)).toBe('/main/home?y=2'), { timeout: 5000 });
  });

  it('any other appleId says login successful and removes the parameter', async () => {
    openAt('/main/home?appleId=001234.abcd');
    await renderApp('/main/home?appleId=001234.abcd', { as: 'player' });
    expect(await screen.findByText('Login successful.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });
});
