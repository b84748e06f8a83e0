// /main/account/recharge (docs/product/account.md#top-up-history, docs/product/api.md#account-calls, docs/product/errors.md#error-catalogue): rows with
// links and status tags, filters sent to /api/order/record (filter 4 as 2, dates as seconds,
// order number), pagination, the mobile cards, empty and error states.
import { ErrorCode, toUnixSeconds } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { businessError, envelope, type RecordedRequest } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { bodyOf, orderRows, page } from './account-fixtures';

type Handlers = Record<string, (r: RecordedRequest) => Response | Promise<Response>>;
const T = { timeout: 5000 };
const PATH = '/api/order/record';

function openRecords(handlers: Handlers = {}) {
  return renderApp('/main/account/recharge', {
    as: 'player',
    handlers: { [PATH]: () => envelope(page(orderRows)), ...handlers },
  });
}
type App = Awaited<ReturnType<typeof openRecords>>;
const bodies = (app: App) => app.api.requests.filter((r) => r.url === PATH).map(bodyOf);
const lastBody = (app: App) => bodies(app).at(-1);

describe('top-up records', () => {
  it('lists orders with every column, USD amounts, status tags and links to the detail', async () => {
    const app = await openRecords();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Top-up history' }, T),
    ).toBeVisible();
    const rows = await screen.findAllByTestId('order-record-row', {}, T);
    expect(rows).toHaveLength(2);
    const headers = within(screen.getByTestId('order-records'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Order number',
      'Item',
      'Amount',
      'Status',
      'Payment method',
      'Game',
      'Server',
      'Role',
      'UID',
      'Order type',
      'Time',
    ]);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'ORD-1001' })).toHaveAttribute(
      'href',
      '/main/recharge/detail/ORD-1001',
    );
    expect(rows[0]).toHaveTextContent('$4.99');
    expect(first.getByTestId('record-status')).toHaveTextContent('Completed');
    expect(rows[0]).toHaveTextContent('Game pack');
    expect(rows[0]).toHaveTextContent('S1 Dawn');
    expect(rows[0]).toHaveTextContent('Aria');
    expect(rows[0]).toHaveTextContent('5001');
    // Server 6 (paid, not yet delivered) reads "processing" (docs/decisions/0009-order-status-meaning.md).
    expect(within(rows[1]!).getByTestId('record-status')).toHaveTextContent('Processing');
    expect(rows[1]).toHaveTextContent('HC Point pack');
    expect(lastBody(app)).toEqual({ page: 1, size: 10 });
    expect(screen.getByTestId('record-total')).toHaveTextContent('Total: 2');
  });

  it('sends client filter 4 (completed) as server status 2, and 2 (paid) as 6', async () => {
    const app = await openRecords();
    await screen.findAllByTestId('order-record-row', {}, T);
    await app.user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await waitFor(() => expect(lastBody(app)).toEqual({ page: 1, size: 10, status: 2 }));
    await app.user.selectOptions(screen.getByLabelText('Status'), 'Refunded');
    await waitFor(() => expect(lastBody(app)).toEqual({ page: 1, size: 10, status: 5 }));
    await app.user.selectOptions(screen.getByLabelText('Status'), 'Paid');
    await waitFor(() => expect(lastBody(app)).toEqual({ page: 1, size: 10, status: 6 }));
    const sent = bodies(app).length;
    await app.user.selectOptions(screen.getByLabelText('Status'), 'All statuses');
    // The unfiltered first page is the cached first answer: shown again without a new status.
    expect(await screen.findAllByTestId('order-record-row', {}, T)).toHaveLength(2);
    expect(
      bodies(app)
        .slice(sent)
        .every((b) => !('status' in b)),
    ).toBe(true);
  });

  it('searches by order number', async () => {
    const app = await openRecords();
    await screen.findAllByTestId('order-record-row', {}, T);
    await app.user.type(screen.getByLabelText('Order number'), ' ORD-1002 ');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastBody(app)).toEqual({ page: 1, size: 10, sdk_order_id: 'ORD-1002' }),
    );
  });

  it('sends a picked date range as Unix seconds of the local day start and end', async () => {
    const app = await openRecords();
    await screen.findAllByTestId('order-record-row', {}, T);
    const today = dayjs();
    const first = today.startOf('month');
    await app.user.click(screen.getByRole('button', { name: 'Date' }));
    await app.user.click(
      await screen.findByRole('button', { name: first.format('D MMMM YYYY') }, T),
    );
    await app.user.click(screen.getByRole('button', { name: today.format('D MMMM YYYY') }));
    const begin = toUnixSeconds(new Date(first.year(), first.month(), 1));
    const end = toUnixSeconds(new Date(today.year(), today.month(), today.date(), 23, 59, 59));
    await waitFor(() => expect(lastBody(app)).toEqual({ page: 1, size: 10, begin, end }));
  });

  it('pages through the records and goes back to page 1 when a filter changes', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({
      ...orderRows[0]!,
      sdk_order_id: `ORD-${2000 + i}`,
    }));
    const app = await openRecords({
      [PATH]: (r) => {
        const at = (bodyOf(r).page as number) ?? 1;
        return envelope(
          page(
            many.map((row) => ({ ...row, sdk_order_id: `${row.sdk_order_id}-p${at}` })),
            25,
            at,
          ),
        );
      },
    });
    await screen.findAllByTestId('order-record-row', {}, T);
    expect(screen.getByTestId('record-total')).toHaveTextContent('Total: 25');
    await app.user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastBody(app)).toEqual({ page: 3, size: 10 }));
    expect(await screen.findByRole('link', { name: 'ORD-2000-p3' }, T)).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(lastBody(app)).toEqual({ page: 2, size: 10 }));
    await app.user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(lastBody(app)).toEqual({ page: 1, size: 10, status: 3 }));
  });

  it('shows readable cards instead of the table on mobile', async () => {
    window.innerWidth = 390;
    await openRecords();
    const cards = await screen.findAllByTestId('order-record-card', {}, T);
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(cards[0]!);
    expect(card.getByText('Gem Pouch')).toBeVisible();
    expect(card.getByRole('link', { name: 'ORD-1001' })).toHaveAttribute(
      'href',
      '/main/recharge/detail/ORD-1001',
    );
    expect(card.getByText('Order type')).toBeVisible();
    expect(card.getByText('$4.99')).toBeVisible();
  });

  it('says when there are no records and points to the Top-up Center', async () => {
    await openRecords({ [PATH]: () => envelope(page([])) });
    const empty = await screen.findByTestId('record-empty', {}, T);
    expect(empty).toHaveTextContent('No top-up records found.');
    expect(within(empty).getByRole('link', { name: 'Top-up Center' })).toHaveAttribute(
      'href',
      '/main/recharge',
    );
  });

  it('offers to clear the filters when nothing matches them', async () => {
    const app = await openRecords({
      [PATH]: (r) => envelope(page('status' in bodyOf(r) ? [] : orderRows)),
    });
    await screen.findAllByTestId('order-record-row', {}, T);
    await app.user.selectOptions(screen.getByLabelText('Status'), 'Refunded');
    const empty = await screen.findByTestId('record-empty', {}, T);
    expect(empty).toHaveTextContent('Try another status, date range or order number.');
    await app.user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findAllByTestId('order-record-row', {}, T)).toHaveLength(2);
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('shows "Failed to get the order list" when the call fails (docs/product/errors.md#outcome-and-failure-messages), and retries', async () => {
    let fail = true;
    const app = await openRecords({
      [PATH]: () =>
        fail ? businessError(ErrorCode.SystemBusy, 'busy') : envelope(page(orderRows)),
    });
    const error = await screen.findByTestId('record-error', {}, T);
    expect(error).toHaveTextContent('Failed to get the order list.');
    expect(error).toHaveAttribute('role', 'alert');
    fail = false;
    await app.user.click(within(error).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findAllByTestId('order-record-row', {}, T)).toHaveLength(2);
  });
});
