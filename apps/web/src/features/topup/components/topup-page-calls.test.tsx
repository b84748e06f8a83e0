// The top-up page's other calls and messages over a stubbed API: the role report (and the
// remembered choice), the rebate campaign timed by the server's clock, unpaid orders with
// "resume payment" and "cancel", each load failure with its own message and a retry, "choose a
// role", "failed to initiate payment", and code 20002 forgetting a stale game
// (docs/product/top-up.md, docs/product/errors.md#outcome-and-failure-messages, docs/product/session.md#code-20002).
import { ErrorCode, STORAGE_KEYS, type OrderRecordRow, type RebateInfo } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { appStore } from '../../../lib/app-store';
import {
  businessError,
  envelope,
  playerUinfo,
  testConfig,
  type RecordedRequest,
} from '../../../test/api-stub';
import { currentUrl, renderApp } from '../../../test/render-app';
import { bodyOf, orderDetail, reported, servers, topupPageCalls } from './topup-fixtures';

type Handlers = Record<string, (r: RecordedRequest) => Response | Promise<Response>>;
const T = { timeout: 5000 };
const HOUR = 3600;

function openTopup(handlers: Handlers = {}) {
  return renderApp('/main/recharge', {
    as: 'player',
    handlers: {
      ...topupPageCalls,
      '/api/order/detail': () => envelope(orderDetail()),
      ...handlers,
    },
  });
}

type App = Awaited<ReturnType<typeof openTopup>>;
const requestsTo = (app: App, path: string) => app.api.requests.filter((r) => r.url === path);
const radio = (name: RegExp) => screen.findByRole('radio', { name }, T);

const unpaidRow = (over: Partial<OrderRecordRow> = {}): OrderRecordRow => ({
  sdk_order_id: 'ORD-7',
  name: 'Gem Chest',
  amount: 1999,
  currency: 'USD',
  status: 1,
  channel_name: 'Card',
  create_ts: 1_767_225_600,
  game_name: 'Dragon Saga',
  server_name: 'S1 Dawn',
  role_name: 'Aria',
  uid: 5001,
  order_type: 'game',
  ...over,
});
const page = (list: OrderRecordRow[], total = list.length) =>
  envelope({ list, total, page: 1, size: 5 });

describe('top-up page: role report', () => {
  it('reports the chosen role and remembers it for the next visit', async () => {
    const app = await openTopup();
    await app.user.click(await radio(/S1 Dawn/));
    await app.user.click(screen.getByRole('radio', { name: /Aria/ }));
    await waitFor(() => expect(requestsTo(app, '/api/character/info/select')).toHaveLength(1));
    expect(bodyOf(requestsTo(app, '/api/character/info/select')[0]!)).toEqual({
      server_id: 1,
      role_id: 'r-100',
    });
    await waitFor(() =>
      expect(
        JSON.parse(window.localStorage.getItem(STORAGE_KEYS.serverRoles) ?? '{}'),
      ).toMatchObject({
        selected: { server_id: 1, role_id: 'r-100' },
      }),
    );
    expect(screen.queryByTestId('topup-report-error')).toBeNull();
    app.unmount();

    // Next visit: the reported role is chosen already, and its packs load.
    const again = await openTopup();
    expect(await radio(/Aria/)).toBeChecked();
    expect(screen.getByRole('radio', { name: /S1 Dawn/ })).toBeChecked();
    expect(await screen.findByRole('radio', { name: /Gem Pouch/ }, T)).toBeVisible();
    expect(requestsTo(again, '/api/character/info/select')).toHaveLength(0);
  });

  it('says "failed to report role information" with the reason, and retries', async () => {
    let calls = 0;
    const app = await openTopup({
      '/api/character/info/select': (r) =>
        ++calls === 1 ? businessError(ErrorCode.RoleNotFound, 'gone') : envelope(reported(r)),
    });
    await app.user.click(await radio(/S1 Dawn/));
    await app.user.click(screen.getByRole('radio', { name: /Aria/ }));
    const alert = await screen.findByTestId('topup-report-error', {}, T);
    expect(alert).toHaveTextContent('Failed to report role information.');
    expect(alert).toHaveTextContent('The role does not exist.');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('topup-report-error')).toBeNull());
    expect(calls).toBe(2);
  });
});

describe('top-up page: rebate campaign', () => {
  /** The server's clock runs two hours ahead of this device's. */
  const serverAhead = {
    '/api/time': () => {
      const ms = Date.now() + 2 * HOUR * 1000;
      return envelope({ ts: Math.floor(ms / 1000), ms });
    },
  };
  const serverNow = () => Math.floor(Date.now() / 1000) + 2 * HOUR;
  const campaign = (over: Partial<RebateInfo> = {}): RebateInfo => ({
    active: true,
    begin_ts: serverNow() - 24 * HOUR,
    end_ts: serverNow() + HOUR + 120,
    tiers: [
      { threshold: 999, currency: 'USD', percent: 5 },
      { threshold: 4999, currency: 'USD', percent: 10 },
    ],
    desc: 'Spring top-up festival',
    ...over,
  });

  it('shows the running campaign near the packs, "ends in" by the server’s clock', async () => {
    const info = campaign();
    await openTopup({ ...serverAhead, '/api/recharge/rebate/info': () => envelope(info) });
    const box = await screen.findByTestId('topup-rebate-campaign', {}, T);
    expect(within(box).getByRole('heading', { name: 'Top-up rebate' })).toBeVisible();
    expect(box).toHaveTextContent('Spring top-up festival');
    expect(box).toHaveTextContent('Top up $9.99 or more: +5% back in HC Point');
    expect(box).toHaveTextContent('Top up $49.99 or more: +10% back in HC Point');
    expect(within(box).getByTestId('topup-rebate-window').querySelectorAll('time')).toHaveLength(2);
    // The device's own clock would say "in 3 hours".
    await waitFor(() =>
      expect(within(box).getByTestId('topup-rebate-ends')).toHaveTextContent('Ends in 1 hour'),
    );
    // Near the packs: in the pack section, above the cards.
    expect(box.parentElement?.closest('.mantine-Paper-root')).toContainElement(
      screen.getByRole('radio', { name: 'Recharge to game' }),
    );
  });

  it('shows nothing when no campaign runs, or when it is over by the server’s clock', async () => {
    const over = campaign({ end_ts: serverNow() - 60 });
    const app = await openTopup({
      ...serverAhead,
      '/api/recharge/rebate/info': () => envelope(over),
    });
    await waitFor(() => expect(requestsTo(app, '/api/recharge/rebate/info')).toHaveLength(1));
    await waitFor(() => expect(requestsTo(app, '/api/time')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('topup-rebate-campaign')).toBeNull();
    app.unmount();
    queryClient.clear();

    const none = { active: false, begin_ts: null, end_ts: null, tiers: [], desc: '' };
    const idle = await openTopup({ '/api/recharge/rebate/info': () => envelope(none) });
    await waitFor(() => expect(requestsTo(idle, '/api/recharge/rebate/info')).toHaveLength(1));
    await radio(/S1 Dawn/);
    expect(screen.queryByTestId('topup-rebate-campaign')).toBeNull();
    expect(screen.queryByTestId('topup-rebate-error')).toBeNull();
  });

  it('says "failed to get the rebate information" with a retry', async () => {
    let calls = 0;
    const app = await openTopup({
      '/api/recharge/rebate/info': () =>
        ++calls === 1 ? businessError(ErrorCode.SystemBusy, 'busy') : envelope(campaign()),
    });
    const alert = await screen.findByTestId('topup-rebate-error', {}, T);
    expect(alert).toHaveTextContent('Failed to get the rebate information.');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('topup-rebate-campaign', {}, T)).toBeVisible();
  });
});

describe('top-up page: unpaid orders', () => {
  it('lists them with "resume payment" and cancels one', async () => {
    let cancelled = false;
    const app = await openTopup({
      '/api/order/record': () =>
        page(
          cancelled
            ? [unpaidRow()]
            : [unpaidRow(), unpaidRow({ sdk_order_id: 'ORD-8', name: 'Gem Pouch', amount: 499 })],
        ),
      '/api/order/cancel': (r) => {
        cancelled = true;
        return envelope({ sdk_order_id: bodyOf(r).sdk_order_id, status: 4 });
      },
    });
    const box = await screen.findByTestId('topup-unpaid', {}, T);
    expect(within(box).getByRole('heading', { name: 'Unpaid orders' })).toBeVisible();
    expect(bodyOf(requestsTo(app, '/api/order/record')[0]!)).toEqual({ status: 1, size: 5 });
    const first = within(box).getByTestId('topup-unpaid-ORD-7');
    expect(first).toHaveTextContent('Gem Chest');
    expect(first).toHaveTextContent('$19.99');
    expect(within(first).getByRole('link', { name: 'Resume payment' })).toHaveAttribute(
      'href',
      '/main/recharge/detail/ORD-7',
    );

    await app.user.click(
      within(box).getByRole('button', { name: 'Cancel the order for Gem Pouch' }),
    );
    await waitFor(() => expect(screen.queryByTestId('topup-unpaid-ORD-8')).toBeNull(), T);
    expect(bodyOf(requestsTo(app, '/api/order/cancel')[0]!)).toEqual({ sdk_order_id: 'ORD-8' });
    expect(screen.getByTestId('topup-unpaid-ORD-7')).toBeVisible();

    await app.user.click(
      within(screen.getByTestId('topup-unpaid-ORD-7')).getByRole('link', {
        name: 'Resume payment',
      }),
    );
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/recharge/detail/ORD-7'));
  });

  it('shows nothing without unpaid orders, and "failed to get unpaid orders" with a retry', async () => {
    let calls = 0;
    const app = await openTopup({
      '/api/order/record': () =>
        ++calls === 1 ? businessError(ErrorCode.SystemBusy, 'busy') : page([]),
    });
    const alert = await screen.findByTestId('topup-unpaid-error', {}, T);
    expect(alert).toHaveTextContent('Failed to get unpaid orders.');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('topup-unpaid-error')).toBeNull());
    expect(screen.queryByTestId('topup-unpaid')).toBeNull();
    expect(calls).toBe(2);
  });
});

describe('top-up page: load failures and confirm messages', () => {
  it('says "failed to get the server list" with a retry when no list is known', async () => {
    let calls = 0;
    const app = await openTopup({
      '/api/user/webRole': () =>
        ++calls === 1 ? businessError(ErrorCode.SystemBusy, 'busy') : envelope({ list: servers }),
    });
    const alert = await screen.findByTestId('topup-servers-error', {}, T);
    expect(alert).toHaveTextContent('Failed to get the server list.');
    expect(alert).toHaveTextContent('The system is busy. Please try again later.');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await radio(/S1 Dawn/)).toBeEnabled();
    expect(screen.queryByTestId('topup-servers-error')).toBeNull();
  });

  it('says "failed to get the role list" when the stored list could not be refreshed', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.serverRoles,
      JSON.stringify({ gameId: 1, gameAccountId: 5001, list: servers }),
    );
    await openTopup({ '/api/user/webRole': () => businessError(ErrorCode.SystemBusy, 'busy') });
    const alert = await screen.findByTestId('topup-roles-error', {}, T);
    expect(alert).toHaveTextContent('Failed to get the role list.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    // The stored servers stay usable.
    expect(await radio(/S1 Dawn/)).toBeEnabled();
    expect(screen.queryByTestId('topup-servers-error')).toBeNull();
  });

  it('says "failed to get the item list" in the pack area', async () => {
    await openTopup({
      '/api/recharge/v2/items': () => businessError(ErrorCode.SystemBusy, 'busy'),
    });
    // The packs load with the page: the failure shows before a server is chosen.
    const area = await screen.findByTestId('topup-products-error', {}, T);
    expect(area).toHaveTextContent('Failed to get the item list.');
  });

  it('says "choose a role first" under the disabled confirm when a server is chosen but no role', async () => {
    const app = await openTopup();
    await app.user.click(await radio(/S1 Dawn/));
    await app.user.click(await radio(/Gem Pouch/));
    const confirm = screen.getByRole('button', { name: 'Confirm order' });
    expect(confirm).toBeDisabled();
    expect(screen.getByTestId('topup-confirm-reason')).toHaveTextContent('Choose a role first.');
    expect(confirm).toHaveAttribute('aria-describedby', 'topup-confirm-reason');
    expect(requestsTo(app, '/api/order/webCreate')).toHaveLength(0);
  });

  it('says "failed to initiate payment" with the reason when the order cannot start', async () => {
    const app = await openTopup({
      '/api/order/webCreate': () => businessError(ErrorCode.PayChannelUnavailable, 'off'),
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    await app.user.click(await radio(/S1 Dawn/));
    await app.user.click(screen.getByRole('radio', { name: /Aria/ }));
    await app.user.click(await screen.findByRole('radio', { name: /Gem Pouch/ }, T));
    await app.user.click(await screen.findByRole('radio', { name: /Visa/ }, T));
    await app.user.click(screen.getByRole('button', { name: 'Confirm order' }));
    const alert = await screen.findByTestId('topup-error', {}, T);
    expect(alert).toHaveTextContent('Failed to initiate payment.');
    expect(alert).toHaveTextContent('This payment method is currently unavailable.');
  });
});

describe('top-up page: a game that no longer exists (code 20002)', () => {
  it('goes home, forgets the stale game, and the next calls ask for the default game', async () => {
    const config = {
      ...testConfig,
      games: [
        ...testConfig.games,
        { game_id: 2, name: 'Old Realm', icon: '/img/or.png', platforms: ['pc' as const] },
      ],
    };
    const gameIds: (string | undefined)[] = [];
    const app = await openTopup({
      '/api/setting/init': () => envelope(config),
      '/api/user/uinfo': () => envelope({ ...playerUinfo, gameId: 2 }),
      '/api/user/webRole': (r) => {
        gameIds.push(r.headers.gameid);
        return r.headers.gameid === '2'
          ? businessError(ErrorCode.ContextReset, 'no such game')
          : envelope({ list: servers });
      },
    });
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/home'), T);
    expect(appStore.getState().userInfo.gameId).toBeNull();

    await app.router.navigate('/main/recharge');
    expect(await radio(/S1 Dawn/)).toBeEnabled();
    expect(currentUrl(app.router)).toBe('/main/recharge');
    expect(gameIds.filter((g) => g === '2')).toHaveLength(1);
    expect(gameIds.at(-1)).toBe('1');
  });
});
