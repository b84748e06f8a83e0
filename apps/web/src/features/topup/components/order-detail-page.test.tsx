// The order status screen (docs/product/top-up.md#order-status-screen, docs/product/top-up.md#order-lifecycle, docs/decisions/0009-order-status-meaning.md): labels and
// texts per status, server 6 reads "processing" (never "unpaid"), order not found, the actions,
// and polling that runs while the order is open and stops at a final status.
import { ErrorCode } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessError, envelope } from '../../../test/api-stub';
import { currentUrl, renderApp } from '../../../test/render-app';
import { bodyOf, orderDetail } from './topup-fixtures';
import * as orderStatus from '../utils/order-status';

type OrderStatusModule = typeof orderStatus;

// Poll fast in tests; the real interval (3 s) is checked below.
vi.mock('../utils/order-status', async (importOriginal) => ({
  ...(await importOriginal<OrderStatusModule>()),
  ORDER_POLL_MS: 80,
}));

const T = { timeout: 5000 };

function openOrder(detail: () => Response, id = 'ORD-1') {
  return renderApp(`/main/recharge/detail/${id}`, {
    as: 'player',
    handlers: { '/api/order/detail': detail },
  });
}

const statusBadge = () => screen.findByTestId('order-status', {}, T);
const detailCalls = (app: Awaited<ReturnType<typeof openOrder>>) =>
  app.api.requests.filter((r) => r.url === '/api/order/detail').length;

describe('order detail page', () => {
  it('polls every 3 s in the app', async () => {
    const actual = await vi.importActual<OrderStatusModule>('../utils/order-status');
    expect(actual.ORDER_POLL_MS).toBe(3000);
    expect(orderStatus.ORDER_POLL_MS).toBe(80);
  });

  it('shows an unpaid order with its fields, the docs/product/top-up.md#order-lifecycle text and a pay button', async () => {
    const app = await openOrder(() => envelope(orderDetail()));
    expect(await statusBadge()).toHaveTextContent('Unpaid');
    expect(screen.getByTestId('order-status-text')).toHaveTextContent(
      'The recharge is not complete yet. Please pay in time.',
    );
    for (const text of [
      'ORD-1',
      'Gem Pouch',
      '$4.99',
      'Card',
      'player01',
      'Dragon Saga',
      'S1 Dawn',
      'Aria',
    ]) {
      expect(screen.getByText(text)).toBeVisible();
    }
    expect(within(screen.getByTestId('order-timeline')).getByText('Order created')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      'https://pay.example.com/checkout/ORD-1',
    );
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('target', '_blank');
    expect(bodyOf(app.api.requests.find((r) => r.url === '/api/order/detail')!)).toEqual({
      sdk_order_id: 'ORD-1',
    });
    await app.user.click(screen.getByRole('link', { name: 'Continue recharging' }));
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/recharge'));
  });

  it('shows a paid, undelivered order (server 6) as processing, never unpaid', async () => {
    await openOrder(() =>
      envelope(
        orderDetail({
          status: 6,
          timeline: [
            { status: 1, ts: 1_767_225_600 },
            { status: 6, ts: 1_767_225_660 },
          ],
        }),
      ),
    );
    expect(await statusBadge()).toHaveTextContent('Processing');
    expect(screen.queryByText('Unpaid')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(
      within(screen.getByTestId('order-timeline')).getByText('Payment received'),
    ).toBeVisible();
  });

  it.each([
    [3, 'Failed', 'This order was not paid. Please submit a new order.'],
    [4, 'Failed', 'This order was not paid. Please submit a new order.'],
    [
      2,
      'Completed',
      'Congratulations! Your recharge was successful and the items have arrived in the game.',
    ],
    [5, 'Refunded', 'This order has been refunded.'],
  ] as const)('server status %s shows "%s" and its text', async (status, label, text) => {
    await openOrder(() => envelope(orderDetail({ status, pay_url: null })));
    expect(await statusBadge()).toHaveTextContent(label);
    expect(screen.getByTestId('order-status-text')).toHaveTextContent(text);
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it('says "order not found" for OrderNotFound', async () => {
    const app = await openOrder(() => businessError(ErrorCode.OrderNotFound, 'not found'), 'NOPE');
    const box = await screen.findByTestId('order-not-found', {}, T);
    expect(within(box).getByText('Order not found')).toBeVisible();
    // Back from payment with a number that names no order of the player.
    expect(within(box).getByText('The payment order number is wrong.')).toBeVisible();
    expect(within(box).getByRole('link', { name: 'Back to personal center' })).toHaveAttribute(
      'href',
      '/main/account/user',
    );
    expect(detailCalls(app)).toBe(1);
  });

  it('polls while unpaid/processing and stops at a final status', async () => {
    const sequence = [1, 6, 2] as const;
    let served = 0;
    const app = await openOrder(() => {
      const status = sequence[Math.min(served, sequence.length - 1)]!;
      served += 1;
      return envelope(
        orderDetail({ status, pay_url: status === 1 ? 'https://pay.example.com/x' : null }),
      );
    });
    expect(await statusBadge()).toHaveTextContent('Unpaid');
    await waitFor(
      () => expect(screen.getByTestId('order-status')).toHaveTextContent('Completed'),
      T,
    );
    const settled = detailCalls(app);
    expect(settled).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(detailCalls(app)).toBe(settled);
  });

  it('shows the amount in the order’s own currency, never converted to USD (ADR 0045)', async () => {
    await openOrder(() =>
      envelope(orderDetail({ status: 2, pay_url: null, amount: 1250, currency: 'EUR' })),
    );
    await statusBadge();
    const amount = screen.getByText('€12.50');
    expect(amount).toBeVisible();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('refreshes on demand', async () => {
    const app = await openOrder(() => envelope(orderDetail({ status: 2, pay_url: null })));
    await statusBadge();
    const before = detailCalls(app);
    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(detailCalls(app)).toBe(before + 1));
  });
});
