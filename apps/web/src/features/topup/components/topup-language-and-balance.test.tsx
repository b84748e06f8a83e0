// The top-up screens: choices and languages across a language switch, the HC Point
// price and a short balance, the pack-load error with a retry, and the header balance after an
// order completes.
import { ServerOrderStatus } from '@hc/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { envelope, type RecordedRequest } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { orderDetail, v2Items, topupPageCalls } from './topup-fixtures';

type Handlers = Record<string, (r: RecordedRequest) => Response | Promise<Response>>;
const T = { timeout: 5000 };

function openTopup(handlers: Handlers = {}) {
  return renderApp('/main/recharge', {
    as: 'player',
    handlers: {
      ...topupPageCalls,
      '/api/order/webCreate': () =>
        envelope({ pay_url: 'https://pay.example.com/checkout/ORD-1', sdk_order_id: 'ORD-1' }),
      ...handlers,
    },
  });
}

type App = Awaited<ReturnType<typeof openTopup>>;

async function chooseAll({ user }: App, pay: 'card' | 'epoint') {
  await user.click(await screen.findByRole('radio', { name: /S1 Dawn/ }, T));
  await user.click(screen.getByRole('radio', { name: /Aria/ }));
  await user.click(await screen.findByRole('radio', { name: /Gem Pouch/ }, T));
  await user.click(await screen.findByTestId(`topup-pay-${pay}`, {}, T));
}

describe('top-up page: language switch, HC Point short, pack-load failure', () => {
  it('keeps server, role, pack and payment across a language switch, asking in the new language', async () => {
    const app = await openTopup({
      '/api/bulletin/top': () =>
        new Promise((resolve) => setTimeout(() => resolve(envelope({ bulletin: null })), 300)),
    });
    await chooseAll(app, 'card');
    await act(() => changeLanguage('de-DE'));
    // The packs, channels and bulletin are asked again, in German.
    await waitFor(() => {
      const german = app.api.requests.filter((r) => r.headers.lang === 'de-DE').map((r) => r.url);
      expect(german).toEqual(
        expect.arrayContaining([
          '/api/bulletin/top',
          '/api/recharge/v2/items',
          '/api/order/webPayChannel',
        ]),
      );
    }, T);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await screen.findByRole('radio', { name: /S1 Dawn/ }, T)).toBeChecked();
    expect(screen.getByRole('radio', { name: /Aria/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Gem Pouch/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Visa/ })).toBeChecked();
    // No German-keyed query went out in English.
    const afterSwitch = app.api.requests.slice(
      app.api.requests.findIndex((r) => r.headers.lang === 'de-DE'),
    );
    expect(afterSwitch.filter((r) => r.headers.lang !== 'de-DE').map((r) => r.url)).toEqual([]);
  });

  it('shows the price in HC Point beside a short balance and disables confirm with the reason', async () => {
    const app = await openTopup({
      '/api/operate/epoint/balance': () => envelope({ basicNum: 90, presentNum: 9 }),
    });
    await chooseAll(app, 'epoint');
    expect(await screen.findByTestId('topup-hc-price', {}, T)).toHaveTextContent('499 HC Point');
    await waitFor(() => expect(screen.getByTestId('topup-balance')).toHaveTextContent('99'), T);
    const confirm = screen.getByTestId('topup-confirm');
    expect(confirm).toBeDisabled();
    expect(screen.getByTestId('topup-hc-short')).toHaveTextContent(
      'You need 400 more HC Point to pay with HC Point.',
    );
    expect(confirm).toHaveAttribute('aria-describedby', 'topup-hc-short-reason');
    expect(app.api.requests.filter((r) => r.url === '/api/order/webCreate')).toEqual([]);

    // Another method: confirm is back.
    await app.user.click(screen.getByRole('radio', { name: /Visa/ }));
    expect(screen.getByTestId('topup-confirm')).toBeEnabled();
    expect(screen.queryByTestId('topup-hc-short')).toBeNull();
  });

  it('keeps confirm enabled when the balance covers the price', async () => {
    const app = await openTopup({
      '/api/operate/epoint/balance': () => envelope({ basicNum: 499, presentNum: 0 }),
    });
    await chooseAll(app, 'epoint');
    await waitFor(() => expect(screen.getByTestId('topup-balance')).toHaveTextContent('499'), T);
    expect(screen.getByTestId('topup-confirm')).toBeEnabled();
    expect(screen.queryByTestId('topup-hc-short')).toBeNull();
  });

  it(
    'shows a pack-load failure in the pack area with a retry that loads them',
    { timeout: 20_000 },
    async () => {
      let failing = true;
      const app = await openTopup({
        '/api/recharge/v2/items': (r) =>
          failing ? new Response('boom', { status: 500 }) : v2Items(r),
      });
      // The packs load with the page, before a server is chosen; after the client's own retries
      // of a transport failure.
      const area = await screen.findByTestId('topup-products-error', {}, { timeout: 10_000 });
      expect(area).toHaveTextContent('Failed to get the item list.');
      // Only here: not repeated further down the page.
      expect(screen.getAllByRole('alert')).toEqual([area]);
      expect(within(area).getByRole('button', { name: 'Try again' })).toBeVisible();
      failing = false;
      await app.user.click(within(area).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('radio', { name: /Gem Pouch/ }, T)).toBeVisible();
      expect(screen.queryByTestId('topup-products-error')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );
});

describe('order page: balance after completion', () => {
  it('reloads the header HC Point balance when it sees the order completed', async () => {
    let delivered = false;
    const app = await renderApp('/main/recharge/detail/ORD-1', {
      as: 'player',
      handlers: {
        '/api/order/detail': () =>
          envelope(
            orderDetail({
              name: '500 HC Point',
              status: delivered ? ServerOrderStatus.Delivered : ServerOrderStatus.Paid,
            }),
          ),
        '/api/operate/epoint/balance': () =>
          envelope({ basicNum: delivered ? 500 : 0, presentNum: delivered ? 25 : 0 }),
      },
    });
    const chip = await screen.findByTestId('header-balance', {}, T);
    expect(chip).toHaveAttribute('data-value', '0');
    delivered = true;
    await app.user.click(await screen.findByTestId('order-refresh', {}, T));
    await waitFor(
      () => expect(screen.getByTestId('header-balance')).toHaveAttribute('data-value', '525'),
      T,
    );
  });
});
