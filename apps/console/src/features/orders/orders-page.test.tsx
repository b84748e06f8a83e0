// Orders: the address bar's filter reaches the list call (dates as Unix seconds, money in minor
// units), the order page shows the delivery attempts, and Refund sends the reason.
import { consoleApi, consoleExamples } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../test/render';
import { filterOf } from './orders-page';

const ex = consoleExamples;

describe('orders section', () => {
  it('turns the typed filter into the call filter', () => {
    const f = filterOf({
      orderNumber: ' HC1 ',
      player: 'demo',
      status: '6',
      channel: 'epoint',
      gameId: '1',
      serverId: 'x',
      from: '2026-01-01',
      to: '2026-01-01',
      currency: 'usd',
      amountMin: '4.99',
      amountMax: '',
    });
    expect(f).toMatchObject({
      orderNumber: 'HC1',
      player: 'demo',
      status: 6,
      channel: 'epoint',
      gameId: 1,
      currency: 'USD',
      amountMin: 499,
    });
    expect(f.serverId).toBeUndefined();
    expect((f.to ?? 0) - (f.from ?? 0)).toBe(86_400);
  });

  it('lists orders, opens one and refunds it with a reason', async () => {
    const { user, api } = renderConsole('/orders?status=6', {
      [consoleApi.consoleOrdersList.path]: () => ex.consoleOrdersList.result,
      [consoleApi.consoleOrdersGet.path]: () => ex.consoleOrdersGet.result,
      [consoleApi.consoleOrdersRefund.path]: () => ex.consoleOrdersRefund.result,
    });
    const row = await screen.findByTestId('order-row');
    expect(api.calls.find((c) => c.path === consoleApi.consoleOrdersList.path)?.body).toMatchObject(
      { status: 6 },
    );
    await user.click(
      within(row).getByRole('button', { name: 'Open order HC20260101A1B2C3D4E5F6' }),
    );
    const job = await screen.findByTestId('order-job');
    expect(within(job).getByText('Gave up')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Charged twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund in full' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === consoleApi.consoleOrdersRefund.path)?.body).toEqual({
        sdkOrderId: 'HC20260101A1B2C3D4E5F6',
        reason: 'Charged twice',
      }),
    );
    expect(await screen.findByText('The order is refunded.')).toBeVisible();
  });
});
