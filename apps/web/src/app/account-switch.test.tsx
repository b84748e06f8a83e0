// A `?hctoken=` link opened while another account is signed in (login CSRF: a link can carry
// anyone's ticket): the player is asked, with both account names, and only "Switch" switches.
import { STORAGE_KEYS } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPendingSwitch } from '../features/session/api/handover';
import { appStore } from '../lib/app-store';
import { envelope, playerUinfo, type RecordedRequest, type UinfoResult } from '../test/api-stub';
import { currentUrl, renderApp } from '../test/render-app';

/** The browser URL (the memory router does not touch window.location). */
function openAt(path: string) {
  window.history.replaceState(null, '', path);
}

const otherUinfo: UinfoResult = {
  ...playerUinfo,
  accid: 2002,
  account: 'player02',
  gameAccountId: 6001,
  userId: 6001,
};

/** tmpWebTokenLogin answers the session of the ticket's account. */
function ticketOf(accid: number, account: string) {
  return {
    token: accid === playerUinfo.accid ? 'tok_a_new' : 'tok_b',
    customer_service: 'https://support.example.com/other',
    accid,
    account,
  };
}

/** uinfo answers the account of the `token` header: tok_test is A (signed in before). */
function uinfoByToken(r: RecordedRequest) {
  if (r.headers.token === 'tok_b') return envelope(otherUinfo);
  return envelope(playerUinfo);
}

const bodyOf = (r: RecordedRequest | undefined) =>
  JSON.parse(typeof r?.init.body === 'string' ? r.init.body : '{}') as unknown;

async function openLinkOfB() {
  openAt('/main/home?x=1&hctoken=TB');
  return renderApp('/main/home?x=1&hctoken=TB', {
    as: 'player',
    handlers: {
      '/api/user/tmpWebTokenLogin': () => envelope(ticketOf(2002, 'player02')),
      '/api/user/uinfo': uinfoByToken,
    },
  });
}

afterEach(() => resetPendingSwitch());

describe('hctoken of another account while signed in', () => {
  it('asks first: a labelled dialog with both account names; A stays signed in meanwhile', async () => {
    const { api } = await openLinkOfB();
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Switch account?' },
      { timeout: 5000 },
    );
    expect(
      within(dialog).getByText(
        'You are signed in as player01. This link signs you in as player02.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Switch to player02' })).toBeInTheDocument();
    // The safe choice has the focus.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Stay as player01' })).toHaveFocus(),
    );
    expect(bodyOf(api.requests.find((r) => r.url === '/api/user/tmpWebTokenLogin'))).toEqual({
      token: 'TB',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok_test');
    expect(appStore.getState().userInfo.account).toBe('player01');
    // Not cleared before the player answers.
    expect(window.location.search).toBe('?x=1&hctoken=TB');
  });

  it('"Stay" keeps A, ends the link\'s session and clears hctoken only', async () => {
    const { api, user, router } = await openLinkOfB();
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    await user.click(within(dialog).getByRole('button', { name: 'Stay as player01' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok_test');
    expect(appStore.getState().userInfo.account).toBe('player01');
    expect(window.location.search).toBe('?x=1');
    await waitFor(() => expect(currentUrl(router)).toBe('/main/home?x=1'), { timeout: 5000 });
    // B's set-aside session is logged out with its own token, never A's.
    await waitFor(() =>
      expect(
        api.requests.filter((r) => r.url === '/api/user/logout').map((r) => r.headers.token),
      ).toEqual(['tok_b']),
    );
  });

  it('Escape answers "Stay" too', async () => {
    const { user } = await openLinkOfB();
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok_test');
    expect(window.location.search).toBe('?x=1');
  });

  it('"Switch" stores B\'s session, loads B and clears hctoken', async () => {
    const { api, user, router } = await openLinkOfB();
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    await user.click(within(dialog).getByRole('button', { name: 'Switch to player02' }));
    await waitFor(() => expect(appStore.getState().userInfo.account).toBe('player02'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok_b');
    expect(appStore.getState().userInfo.accid).toBe(2002);
    expect(window.location.search).toBe('?x=1');
    await waitFor(() => expect(currentUrl(router)).toBe('/main/home?x=1'), { timeout: 5000 });
    expect(api.requests.some((r) => r.url === '/api/user/logout')).toBe(false);
  });
});

describe('hctoken without a question', () => {
  it('signed out: the ticket signs in directly', async () => {
    openAt('/main/home?hctoken=TB');
    await renderApp('/main/home?hctoken=TB', {
      handlers: {
        '/api/user/tmpWebTokenLogin': () => envelope(ticketOf(2002, 'player02')),
        '/api/user/uinfo': uinfoByToken,
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok_b');
    expect(appStore.getState().userInfo.account).toBe('player02');
    expect(window.location.search).toBe('');
  });

  it('signed in, but the account cannot be loaded: no switch, and hctoken stays', async () => {
    openAt('/main/home?x=1&hctoken=TB');
    const { api } = await renderApp('/main/home?x=1&hctoken=TB', {
      as: 'player',
      handlers: {
        '/api/user/tmpWebTokenLogin': () => envelope(ticketOf(2002, 'player02')),
        '/api/user/uinfo': () => new Response('down', { status: 502 }),
      },
    });
    // The link's session is ended, never adopted.
    await waitFor(() =>
      expect(api.requests.find((r) => r.url === '/api/user/logout')?.headers.token).toBe('tok_b'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok_test');
    expect(window.location.search).toBe('?x=1&hctoken=TB');
  });

  it('the same account: its new session is used, no dialog', async () => {
    openAt('/main/home?hctoken=TA');
    await renderApp('/main/home?hctoken=TA', {
      as: 'player',
      handlers: {
        '/api/user/tmpWebTokenLogin': () => envelope(ticketOf(1001, 'player01')),
        '/api/user/uinfo': uinfoByToken,
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok_a_new');
    expect(appStore.getState().userInfo.account).toBe('player01');
    expect(window.location.search).toBe('');
  });
});
