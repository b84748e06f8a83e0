// ePointNum in the app state (docs/product/session.md#user-info): loaded for the game account, reloaded
// when gameAccountId changes and on refreshHcPoint(), shown in the header and on the account
// page; a failure shows getEPointOverageFail and logs the error (docs/product/errors.md#outcome-and-failure-messages).
import { ErrorCode } from '@hc/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../../../lib/app-store';
import { businessError, envelope } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { bodyOf, page } from './account-fixtures';

const T = { timeout: 5000 };
const accountBalance = () => screen.getByTestId('account-balance');
/** The balance element is replaced as it loads: wait on fresh queries. */
const waitForBalance = (text: string) =>
  waitFor(() => expect(accountBalance()).toHaveTextContent(text), T);
const handlers = {
  '/api/user/real/info/query': () => envelope({ info: null }),
  '/api/setting/crmUrl': () => envelope({ crm_url: 'https://crm.example.com/p/5001' }),
  '/api/order/coin/record': () => envelope(page([])),
};

describe('ePointNum', () => {
  it('shows the balance in the header and on the account page, and reloads it for a new game account', async () => {
    const balances: Record<number, { basicNum: number; presentNum: number }> = {
      5001: { basicNum: 100, presentNum: 20 },
      6001: { basicNum: 40, presentNum: 2 },
    };
    const app = await renderApp('/main/account/user', {
      as: 'player',
      handlers: {
        ...handlers,
        '/api/operate/epoint/balance': (r) =>
          envelope(balances[bodyOf(r).userId as number] ?? { basicNum: 0, presentNum: 0 }),
      },
    });
    const header = await screen.findByTestId('header-balance', {}, T);
    expect(header).toHaveTextContent('120');
    expect(header).toHaveAttribute('href', '/main/account/epoint');
    expect(header).toHaveAccessibleName('HC Point balance: 120');
    await waitForBalance('120 HC Point');
    expect(appStore.getState().userInfo.ePointNum).toBe(120);

    const balanceCalls = () =>
      app.api.requests.filter((r) => r.url === '/api/operate/epoint/balance');
    const before = balanceCalls().length;
    act(() => appStore.setUserInfo({ gameAccountId: 6001 }));
    await waitForBalance('42 HC Point');
    expect(screen.getByTestId('header-balance')).toHaveTextContent('42');
    expect(balanceCalls().length).toBe(before + 1);
    expect(bodyOf(balanceCalls().at(-1)!)).toEqual({ userId: 6001 });
  });

  it('reloads on refreshHcPoint() and keeps the known amount meanwhile', async () => {
    let basic = 100;
    const app = await renderApp('/main/account/user', {
      as: 'player',
      handlers: {
        ...handlers,
        '/api/operate/epoint/balance': () => envelope({ basicNum: basic, presentNum: 20 }),
      },
    });
    await waitForBalance('120 HC Point');
    basic = 500;
    act(() => appStore.refreshHcPoint());
    expect(accountBalance()).toHaveTextContent('120 HC Point');
    await waitForBalance('520 HC Point');
    expect(
      app.api.requests.filter((r) => r.url === '/api/operate/epoint/balance').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('shows getEPointOverageFail and logs the error when the balance query fails', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp('/main/account/user', {
      as: 'player',
      handlers: {
        ...handlers,
        '/api/operate/epoint/balance': () => businessError(ErrorCode.SystemBusy, 'busy'),
      },
    });
    await waitFor(() => expect(accountBalance()).toHaveAttribute('data-state', 'failed'), T);
    expect(accountBalance()).toHaveRole('alert');
    expect(accountBalance()).toHaveTextContent('Failed to get the HC Point balance.');
    expect(errorLog).toHaveBeenCalledWith('HC Point balance query failed', expect.anything());
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(appStore.getState().hcPointStatus).toBe('failed');
  });
});
