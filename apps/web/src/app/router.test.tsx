// Whole-route tests (docs/product/routes-and-screens.md#redirect-routes): redirects keep the query, guards, 404, titles, language
// switching and the mobile layout, against a stubbed API.
import { STORAGE_KEYS } from '@hc/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../lib/app-store';
import { showNotice } from '../lib/notices';
import { envelope, testConfig } from '../test/api-stub';
import { currentUrl, renderApp } from '../test/render-app';

describe('routes', () => {
  it('redirects / to /main/home', async () => {
    const { router } = await renderApp('/');
    // First lazy load of the file: slow on a busy machine.
    await waitFor(() => expect(currentUrl(router)).toBe('/main/home'), { timeout: 5000 });
    expect(
      await screen.findByRole('heading', { level: 1, name: /Welcome to Test Portal/ }),
    ).toBeInTheDocument();
  });

  it('redirects bare /main to its first child keeping the query', async () => {
    const { router } = await renderApp('/main?x=1');
    await waitFor(() => expect(currentUrl(router)).toBe('/main/home?x=1'));
  });

  it('redirects /account to /main/account/user keeping every query parameter', async () => {
    const { router } = await renderApp('/account?a=b&c=d', { as: 'player' });
    await waitFor(() => expect(currentUrl(router)).toBe('/main/account/user?a=b&c=d'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account information' }),
    ).toBeInTheDocument();
  });

  it('shows the 404 page with a home link for an unknown path', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute(
      'href',
      '/main/home',
    );
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });

  it('sends an anonymous visitor of an account page to /login with the redirect', async () => {
    const { router } = await renderApp('/main/account/user');
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/login?redirect=%2Fmain%2Faccount%2Fuser'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('shows 403 to a signed-in player without a bound game account', async () => {
    const { router } = await renderApp('/main/recharge', {
      as: {
        login: true,
        isInit: true,
        accid: 1,
        account: 'p',
        gameAccountId: null,
        gameId: null,
        userId: null,
        customer_service: null,
      },
    });
    expect(await screen.findByRole('heading', { name: 'No permission' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/main/recharge');
  });

  it('lets a signed-in player without a game account open the account page to bind one', async () => {
    const { router } = await renderApp('/main/account/user', {
      as: {
        login: true,
        isInit: true,
        accid: 1,
        account: 'p',
        gameAccountId: null,
        gameId: null,
        userId: null,
        customer_service: null,
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account information' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bind game account' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/main/account/user');
  });

  it('lets a player with a game account in and loads the HC Point balance', async () => {
    await renderApp('/main/recharge', { as: 'player' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Top-up' })).toBeInTheDocument();
    await waitFor(() => expect(appStore.getState().userInfo.ePointNum).toBe(120));
  });

  it('titles pages "{route title} - {site title}"', async () => {
    const { router } = await renderApp('/main/event');
    await waitFor(() => expect(document.title).toBe('Announcements - Test Portal'));
    await act(() => router.navigate('/main/home'));
    await waitFor(() => expect(document.title).toBe('Home - Test Portal'));
  });

  it('gives an iOS visitor the site mark, the language choice and customer support', async () => {
    const agent = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15',
      );
    try {
      const { user } = await renderApp('/main/home', {
        handlers: { '/api/setting/init': () => envelope({ ...testConfig, ios_supported: false }) },
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Not available on iOS' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Test Portal/ })).toBeInTheDocument();
      expect(screen.getByTestId('ios-support')).toHaveTextContent('Help');
      await user.click(screen.getByRole('button', { name: /Select Region/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Nicht für iOS verfügbar' }),
      ).toBeInTheDocument();
    } finally {
      agent.mockRestore();
    }
  });

  it('titles each footer page with its own name', async () => {
    const { router } = await renderApp('/main/page/privacy');
    await waitFor(() => expect(document.title).toBe('Privacy Policy - Test Portal'));
    await act(() => router.navigate('/main/page/agreement'));
    await waitFor(() => expect(document.title).toBe('User Agreement - Test Portal'));
    await act(() => router.navigate('/main/page/nope'));
    await waitFor(() => expect(document.title).toBe('Information - Test Portal'));
  });

  it('switches language from the header: menu text, title and storage follow', async () => {
    const { user } = await renderApp('/main/home');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Top-up Center' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Select Region/ }));
    await user.click(await screen.findByRole('menuitem', { name: '繁體中文（台灣）' }));

    const navZh = await screen.findByRole('navigation', { name: '主選單' });
    expect(within(navZh).getByRole('link', { name: '儲值中心' })).toBeInTheDocument();
    expect(within(navZh).getByRole('link', { name: '帳號' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('zh-TW');
    expect(document.documentElement.lang).toBe('zh-TW');
    await waitFor(() => expect(document.title).toBe('首頁 - Test Portal'));
  });

  it('uses the mobile layout at width 750 and the desktop one above', async () => {
    window.innerWidth = 750;
    await renderApp('/main/home');
    await waitFor(() => expect(appStore.getState().isMobile).toBe(true));
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();

    act(() => {
      window.innerWidth = 751;
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(appStore.getState().isMobile).toBe(false));
    // Between 751 and 1180 px the header stays compact (menu in the drawer) so German fits.
    expect(screen.getByRole('button', { name: 'Select Region: English' })).toBeInTheDocument();

    act(() => {
      window.innerWidth = 1280;
      window.dispatchEvent(new Event('resize'));
    });
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('on HTTP 203 shows the token-failed dialog once and goes to /login with the redirect', async () => {
    const expired = () =>
      new Response(JSON.stringify({ code: 20001, msg: 'token fail' }), { status: 203 });
    const { router, user } = await renderApp('/main/recharge?tab=coin', {
      as: 'player',
      handlers: { '/api/operate/epoint/balance': expired },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    expect(within(dialog).getByText(/login information has expired/)).toBeInTheDocument();
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/login?redirect=%2Fmain%2Frecharge%3Ftab%3Dcoin'),
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('on a reload whose stored token died shows the token-failed dialog, not a silent sign-out', async () => {
    const expired = () =>
      new Response(JSON.stringify({ code: 20001, msg: 'token fail' }), { status: 203 });
    const { router } = await renderApp('/main/account/user', {
      as: 'player',
      handlers: { '/api/user/uinfo': expired },
    });
    expect(await screen.findByRole('dialog', { name: 'Session expired' })).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toMatch(/^\/login\?redirect=/));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows Log out only when signed in and logs out after confirmation', async () => {
    const { user, router, api } = await renderApp('/main/event', { as: 'player' });
    act(() => void showNotice('info.loginSuc', 'success'));
    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(
      await screen.findByText('Do you want to log out of the current account?'),
    ).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/main/home'));
    expect(api.requests.some((r) => r.url === '/api/user/logout')).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    // The signed-in session's "Login successful." does not outlive it.
    expect(screen.queryByText('Login successful.')).not.toBeInTheDocument();
  });
});
