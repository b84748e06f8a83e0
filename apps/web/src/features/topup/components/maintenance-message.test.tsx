// The operator's maintenance message on the top-up page (docs/console.md#games-and-servers): a
// server under maintenance shows it under its name (still not choosable); a serverMaintenance
// answer to "confirm order" shows it under the translated error; a language change asks for the
// server list again (the message comes in the request's language).
import { ErrorCode } from '@hc/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessError, envelope, type RecordedRequest } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { changeLanguage } from '../../../lib/i18n';
import { channels, orderDetail, quietSideCalls, servers, v2Items } from './topup-fixtures';

const T = { timeout: 5000 };
const MESSAGE = 'Back at 10:00 UTC after the update.';
const MESSAGE_ZH = '更新后于 UTC 10:00 恢复。';

function openTopup(handlers: Record<string, (r: RecordedRequest) => Response> = {}) {
  return renderApp('/main/recharge', {
    as: 'player',
    handlers: {
      ...quietSideCalls,
      '/api/user/webRole': (r) =>
        envelope({
          list: servers.map((s) =>
            s.server_id === 2
              ? { ...s, maintenance_message: r.headers.lang === 'zh-CN' ? MESSAGE_ZH : MESSAGE }
              : s,
          ),
        }),
      '/api/recharge/v2/items': v2Items,
      '/api/order/webPayChannel': () => envelope({ list: channels }),
      '/api/order/detail': () => envelope(orderDetail()),
      ...handlers,
    },
  });
}

afterEach(async () => {
  await act(() => changeLanguage('en-US'));
});

describe('maintenance message on the top-up page', () => {
  it('shows the message under the server in maintenance, which stays disabled', async () => {
    await openTopup();
    const storm = await screen.findByRole('radio', { name: /S2 Storm/ }, T);
    expect(storm).toBeDisabled();
    const note = await screen.findByTestId('topup-server-2-maintenance', {}, T);
    expect(note).toHaveTextContent(MESSAGE);
    expect(screen.getByTestId('topup-server-2')).toHaveTextContent('Maintenance');
    // Open servers carry no note.
    expect(screen.queryByTestId('topup-server-1-maintenance')).toBeNull();
  });

  it('asks again in the new language when the player changes it', async () => {
    const app = await openTopup();
    await screen.findByText(MESSAGE, {}, T);
    await act(() => changeLanguage('zh-CN'));
    expect(await screen.findByText(MESSAGE_ZH, {}, T)).toBeVisible();
    const langs = app.api.requests
      .filter((r) => r.url === '/api/user/webRole')
      .map((r) => r.headers.lang);
    expect(langs).toContain('zh-CN');
  });

  it('shows the message of a serverMaintenance answer under the translated error', async () => {
    const app = await openTopup({
      '/api/order/webCreate': () =>
        businessError(ErrorCode.serverMaintenance, 'maintenance', {
          maintenance_message: MESSAGE,
        }),
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    await app.user.click(await screen.findByRole('radio', { name: /S1 Dawn/ }, T));
    await app.user.click(screen.getByRole('radio', { name: /Aria/ }));
    await app.user.click(await screen.findByRole('radio', { name: /Gem Pouch/ }, T));
    await app.user.click(await screen.findByRole('radio', { name: /Visa/ }, T));
    await app.user.click(screen.getByRole('button', { name: 'Confirm order' }));
    const alert = await screen.findByTestId('topup-error', {}, T);
    expect(
      within(alert).getByText('The server is under maintenance. Please try again later.'),
    ).toBeVisible();
    await waitFor(() => expect(within(alert).getByTestId('topup-error-detail')).toBeVisible());
    expect(within(alert).getByTestId('topup-error-detail')).toHaveTextContent(MESSAGE);
  });
});
