// The dashboard page with a mocked answer: the default range goes to the call, the cards show
// per-currency totals, the funnel and delivery figures; the game filter asks again; a chart's
// CSV is built from the answer with formula-safe cells.
import { consoleApi, type DashboardResult } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { refuse, renderConsole } from '../../test/render';
import { csvCell, revenueSeries, toCsv } from './dashboard-data';

const path = consoleApi.consoleDashboardGet.path;
const A = Date.parse('2026-01-10T00:00:00Z') / 1000;
const DAY = 86_400;

const answer: DashboardResult = {
  from: A,
  to: A + 2 * DAY,
  gameId: null,
  games: [
    { id: 1, name: 'Demo Game' },
    { id: 2, name: '=Evil Game' },
  ],
  revenue: [
    {
      day: A,
      gameId: 1,
      provider: 'stripe',
      currency: 'USD',
      paidCount: 3,
      grossAmount: 1497,
      refundedCount: 1,
      refundedAmount: 499,
      netAmount: 998,
    },
    {
      day: A + DAY,
      gameId: 2,
      provider: 'sandbox',
      currency: 'JPY',
      paidCount: 1,
      grossAmount: 1200,
      refundedCount: 0,
      refundedAmount: 0,
      netAmount: 1200,
    },
  ],
  orders: [
    { day: A, created: 5, paid: 3, delivered: 2, refunded: 1 },
    { day: A + DAY, created: 1, paid: 1, delivered: 1, refunded: 0 },
  ],
  funnel: { topupViews: 120, buyRequests: 12, ordersCreated: 6, ordersPaid: 4, ordersDelivered: 3 },
  delivery: {
    paid: 4,
    delivered: 3,
    lagP50Seconds: 20,
    lagP95Seconds: 41.25,
    failed: 1,
    failureRate: 0.25,
  },
  topByRevenue: [
    {
      productId: 3,
      gameId: 1,
      names: { 'en-US': 'Adventurer pack' },
      currency: 'USD',
      paidCount: 3,
      grossAmount: 1497,
      netAmount: 998,
    },
  ],
  topByCount: [
    {
      productId: 3,
      gameId: 1,
      names: { 'en-US': 'Adventurer pack' },
      currency: 'USD',
      paidCount: 3,
      grossAmount: 1497,
      netAmount: 998,
    },
  ],
};

describe('dashboard page', () => {
  it(
    'renders the cards of a mocked answer and asks again for one game',
    { timeout: 30_000 },
    async () => {
      vi.useFakeTimers({ now: new Date('2026-01-11T12:00:00Z'), toFake: ['Date'] });
      const { user, api } = renderConsole('/dashboard', { [path]: () => answer });

      // The charts are a lazy chunk: the first render waits for it.
      const totals = await screen.findByRole(
        'region',
        { name: 'Totals per currency' },
        { timeout: 15_000 },
      );
      expect(within(totals).getByText('$14.97')).toBeVisible();
      expect(within(totals).getByText('$9.98')).toBeVisible();
      expect(within(totals).getAllByText('¥1,200')).toHaveLength(2);
      const first = api.calls.find((c) => c.path === path)?.body;
      // The last 30 UTC days, today (2026-01-11) included.
      expect(first).toEqual({
        from: Date.parse('2025-12-13T00:00:00Z') / 1000,
        to: Date.parse('2026-01-12T00:00:00Z') / 1000,
      });

      const funnel = screen.getByRole('region', { name: 'Top-up funnel' });
      expect(within(funnel).getByText('Top-up page views')).toBeVisible();
      expect(within(funnel).getByText('120')).toBeVisible();
      const delivery = screen.getByRole('region', { name: 'Delivery' });
      expect(within(delivery).getByText(/^20\s?s$/)).toBeVisible();
      expect(within(delivery).getByText('25%')).toBeVisible();
      expect(within(delivery).getByText('3 of 4')).toBeVisible();
      const products = screen.getByRole('region', { name: 'Top products' });
      // The first currency (JPY) has no top product; by orders lists every currency.
      expect(within(products).getByText('No products sold in these days.')).toBeVisible();
      await user.click(within(products).getByText('By orders'));
      expect(await within(products).findByText('Adventurer pack (USD)')).toBeVisible();

      await user.click(screen.getByLabelText('Game', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'Demo Game', hidden: true }));
      await waitFor(() =>
        expect(api.calls.filter((c) => c.path === path).at(-1)?.body).toMatchObject({ gameId: 1 }),
      );
      vi.useRealTimers();
    },
  );

  it('downloads a chart as CSV built from the answer', { timeout: 30_000 }, async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        blobs.push(b);
        return 'blob:dash';
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderConsole('/dashboard', { [path]: () => answer });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Download the data of “Revenue per day” as CSV' },
        { timeout: 15_000 },
      ),
    );
    expect(click).toHaveBeenCalled();
    const text = await blobs[0]!.text();
    expect(text).toContain('day,game_id,game,channel,currency,paid_orders');
    expect(text).toContain('2026-01-10,1,Demo Game,stripe,USD,3,1497,1,499,998');
    expect(text).toContain("2026-01-11,2,'=Evil Game,sandbox,JPY,1,1200,0,0,1200");
    click.mockRestore();
  });

  it('shows the error of a refused call', async () => {
    renderConsole('/dashboard', { [path]: () => refuse('DashboardRangeInvalid') });
    expect(await screen.findByRole('alert')).toHaveTextContent(/at most 366 days/);
  });
});

describe('dashboard data', () => {
  it('writes formula-safe CSV cells', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+x')).toBe("'+x");
    expect(csvCell('-x')).toBe("'-x");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell(-5)).toBe('-5');
    expect(toCsv(['a'], [[null]])).toBe('a\r\n\r\n');
  });

  it('keeps one series per game of one currency, in major units, zero days included', () => {
    const s = revenueSeries(answer, 'USD', 'gross', 'game', {
      day: (d) => String(d),
      game: (id) => `game ${id}`,
      channel: (p) => p,
    });
    expect(s.series).toEqual([{ key: 'g1', label: 'game 1' }]);
    expect(s.rows).toEqual([
      { day: String(A), dayStart: A, g1: 14.97 },
      { day: String(A + DAY), dayStart: A + DAY, g1: 0 },
    ]);
  });
});
