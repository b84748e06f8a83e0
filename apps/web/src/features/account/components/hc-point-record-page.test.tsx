// /main/account/epoint (docs/product/hc-point.md#hc-point-record, docs/product/api.md#account-calls, docs/product/errors.md#error-catalogue): income and expense told apart
// (label, sign, colour class), balance after each movement, order number; date range and
// pagination sent to /api/order/coin/record; mobile cards; empty and error states.
import { ErrorCode } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError, envelope, type RecordedRequest } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { bodyOf, hcPointRows, page } from './account-fixtures';

type Handlers = Record<string, (r: RecordedRequest) => Response | Promise<Response>>;
const T = { timeout: 5000 };
const PATH = '/api/order/coin/record';

function openHcPoint(handlers: Handlers = {}) {
  return renderApp('/main/account/epoint', {
    as: 'player',
    handlers: { [PATH]: () => envelope(page(hcPointRows)), ...handlers },
  });
}

describe('HC Point records', () => {
  it('shows income and expense apart, with the balance after and the order number', async () => {
    const app = await openHcPoint();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'HC Point record' }, T),
    ).toBeVisible();
    const rows = await screen.findAllByTestId('coin-record-row', {}, T);
    expect(rows).toHaveLength(2);

    const income = within(rows[0]!);
    expect(rows[0]).toHaveAttribute('data-type', 'income');
    expect(income.getByTestId('coin-type')).toHaveTextContent('Income');
    expect(income.getByTestId('coin-change')).toHaveTextContent('+1,100');
    expect(income.getByTestId('coin-change').className).toMatch(/income/);
    expect(income.getByTestId('coin-balance')).toHaveTextContent('1,220');
    expect(rows[0]).toHaveTextContent('ORD-1002');

    const expense = within(rows[1]!);
    expect(rows[1]).toHaveAttribute('data-type', 'expense');
    expect(expense.getByTestId('coin-type')).toHaveTextContent('Spent');
    expect(expense.getByTestId('coin-change')).toHaveTextContent('\u2212300');
    expect(expense.getByTestId('coin-change').className).toMatch(/expense/);
    expect(expense.getByTestId('coin-balance')).toHaveTextContent('920');
    expect(rows[1]).toHaveTextContent('ORD-1003');

    const sent = app.api.requests.filter((r) => r.url === PATH).map(bodyOf);
    expect(sent.at(-1)).toEqual({ page: 1, size: 10 });
    // The current balance sits above the record.
    await waitFor(() =>
      expect(screen.getByTestId('account-balance')).toHaveTextContent('120 HC Point'),
    );
  });

  it('asks for the next page', async () => {
    const app = await openHcPoint({
      [PATH]: (r) => envelope(page(hcPointRows, 12, (bodyOf(r).page as number) ?? 1)),
    });
    await screen.findAllByTestId('coin-record-row', {}, T);
    await app.user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(
        app.api.requests
          .filter((r) => r.url === PATH)
          .map(bodyOf)
          .at(-1),
      ).toEqual({
        page: 2,
        size: 10,
      }),
    );
  });

  it('shows cards on mobile', async () => {
    window.innerWidth = 390;
    await openHcPoint();
    const cards = await screen.findAllByTestId('coin-record-card', {}, T);
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards[1]!).getByTestId('coin-change')).toHaveTextContent('\u2212300');
    expect(within(cards[1]!).getByText('Balance after')).toBeVisible();
  });

  it('says when there are no records and points to the Top-up Center', async () => {
    await openHcPoint({ [PATH]: () => envelope(page([])) });
    const empty = await screen.findByTestId('record-empty', {}, T);
    expect(empty).toHaveTextContent('No HC Point records found.');
    expect(within(empty).getByRole('link', { name: 'Top-up Center' })).toHaveAttribute(
      'href',
      '/main/recharge',
    );
  });

  it('shows "Failed to get the HC Point records" when the call fails (docs/product/errors.md#outcome-and-failure-messages)', async () => {
    await openHcPoint({ [PATH]: () => businessError(ErrorCode.SystemBusy, 'busy') });
    expect(await screen.findByTestId('record-error', {}, T)).toHaveTextContent(
      'Failed to get the HC Point records.',
    );
  });
});
