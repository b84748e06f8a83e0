// The console dashboard over the real server (docs/console.md#dashboards, ADR 0055): orders in
// known amounts and currencies, moved through the orders repository's transitions and through
// the sandbox payment and refund webhooks, answer exact per-day revenue per unit, order counts,
// the funnel, delivery lag percentiles, failures and top products; the rollup equals a direct
// aggregate of the orders; the game filter narrows; bad ranges and other roles are refused.
import { randomUUID } from 'node:crypto';
import {
  consoleApi,
  ErrorCode,
  prefixedEventName,
  ServerOrderStatus,
  type DashboardResult,
} from '@hc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSandboxPayload } from '../src/adapters/payments/sandbox-signature';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { purgeAnalytics } from '../src/modules/analytics/analytics.purge';
import { createOrdersRepository } from '../src/modules/orders/orders.repository';
import { makeAccount } from './support/auth-fixtures';
import type { WebhookAnswer } from './support/call';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { createTestApp, type TestApp } from './support/helper';
import { seedPlayer } from './support/players';

const { Unpaid, Paid, Delivered, Refunded, Closed } = ServerOrderStatus;
const DAY = 86_400;
const at = (iso: string) => new Date(`${iso}Z`);
const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const A = midnight('2026-01-10');
const B = midnight('2026-01-11');
const C = midnight('2026-01-12');
const OTHER_GAME = 77;

interface Product {
  id: number;
  gameId: number;
  cp: string;
}

describe.each(testDatabases())('console dashboard on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  let finance: ConsoleClient;
  let seq = 0;
  let accountId: number;
  let gameAccountId: number;
  let usdPack: Product;
  let eurPack: Product;
  let jpyPack: Product;

  const db = () => t.database.db;

  async function order(
    name: string,
    o: {
      product: Product;
      price: number;
      currency: string;
      provider: string;
      created: string;
      paid?: string;
      delivered?: string;
      refunded?: string;
      closed?: string;
    },
  ) {
    const repo = createOrdersRepository(db());
    const created = at(o.created);
    const row = await repo.insertUnpaid(
      {
        sdk_order_id: `DASH${++seq}${randomUUID().slice(0, 8)}`,
        account_id: accountId,
        game_account_id: gameAccountId,
        game_id: o.product.gameId,
        server_id: 1,
        server_name: 'S1',
        role_id: 'r-1',
        role_name: 'Role',
        product_id: o.product.id,
        cp_goods_id: o.product.cp,
        kind: 'game',
        item_name: o.product.cp,
        item_names: JSON.stringify({ 'en-US': o.product.cp }),
        items: '[]',
        price: o.price,
        currency: o.currency,
        hc_price: o.provider === 'epoint' ? o.price : null,
        channel_code: o.provider === 'epoint' ? 'epoint' : 'card',
        provider: o.provider,
        status: Unpaid,
        expires_at: new Date(created.getTime() + 3600_000),
        created_at: created,
        updated_at: created,
      },
      created,
    );
    const move = async (
      from: readonly (1 | 2 | 3 | 4 | 5 | 6)[],
      to: 1 | 2 | 3 | 4 | 5 | 6,
      when: string,
      extra: object = {},
    ) => {
      await db()
        .transaction()
        .execute(async (trx) =>
          expect(await createOrdersRepository(trx).transition(row, from, to, at(when), extra)).toBe(
            true,
          ),
        );
    };
    if (o.paid !== undefined) await move([Unpaid], Paid, o.paid, { paidAt: at(o.paid) });
    if (o.delivered !== undefined)
      await move([Paid], Delivered, o.delivered, { completedAt: at(o.delivered) });
    if (o.refunded !== undefined) await move([Paid, Delivered], Refunded, o.refunded);
    if (o.closed !== undefined) await move([Unpaid], Closed, o.closed);
    return row.id;
  }

  async function event(name: 'show_page' | 'buy_request', iso: string, page: string, gameId = 1) {
    await sql`insert into analytics_events (event_at, device_id, sid, seq, event, page, game_id)
      values (${at(iso)}, ${`dev-${++seq}`}, ${'sid'}, ${seq}, ${prefixedEventName(name)},
        ${page}, ${gameId})`.execute(db());
  }

  async function dashboard(body: { from?: number; to?: number; gameId?: number }) {
    const reply = await consoleCall(t.app, consoleApi.consoleDashboardGet, body, finance);
    expect(reply.code, JSON.stringify(reply)).toBe(ErrorCode.Ok);
    return reply.result;
  }

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, { env: { ...game.env, GATEWAY_TIMEOUT_MS: '3000' } });
    finance = await signInOperator(t, ['finance']);
    const a = await makeAccount(db());
    accountId = a.id;
    gameAccountId = await createAccountsRepository(db()).bindGameAccount(a.id, 1);
    await sql`insert into games (id, name, icon, platforms, sort)
      values (${OTHER_GAME}, 'Dashboard Game', '', '{}', 9)`.execute(db());
    const product = async (gameId: number, cp: string, price: number, currency: string) => {
      const r = await db()
        .insertInto('products')
        .values({
          game_id: gameId,
          cp_goods_id: cp,
          kind: 'game',
          names: JSON.stringify({ 'en-US': `Pack ${cp}`, 'zh-CN': `礼包 ${cp}` }),
          price,
          currency,
          icon: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(r.id), gameId, cp };
    };
    usdPack = await product(1, 'dash_usd', 499, 'USD');
    eurPack = await product(OTHER_GAME, 'dash_eur', 999, 'EUR');
    jpyPack = await product(1, 'dash_jpy', 1200, 'JPY');

    const usd = { product: usdPack, price: 499, currency: 'USD' };
    const eur = { product: eurPack, price: 999, currency: 'EUR' };
    const jpy = { product: jpyPack, price: 1200, currency: 'JPY' };
    // Day A (2026-01-10).
    await order('o1', {
      ...usd,
      provider: 'sandbox',
      created: '2026-01-10T10:00:00',
      paid: '2026-01-10T10:01:00',
      delivered: '2026-01-10T10:01:05',
    });
    await order('o2', {
      ...usd,
      provider: 'stripe',
      created: '2026-01-10T11:00:00',
      paid: '2026-01-10T11:00:00',
      delivered: '2026-01-10T11:00:15',
      refunded: '2026-01-11T08:00:00',
    });
    await order('o3', {
      ...eur,
      provider: 'paypal',
      created: '2026-01-10T12:00:00',
      paid: '2026-01-10T12:00:00',
      delivered: '2026-01-10T12:00:25',
    });
    await order('o4', {
      ...jpy,
      provider: 'sandbox',
      created: '2026-01-10T23:59:00',
      paid: '2026-01-10T23:59:50',
      delivered: '2026-01-11T00:00:20',
    });
    await order('o5', {
      ...usd,
      provider: 'sandbox',
      created: '2026-01-10T13:00:00',
      closed: '2026-01-10T15:00:00',
    });
    // Day B (2026-01-11).
    await order('o6', {
      ...jpy,
      provider: 'sandbox',
      created: '2026-01-11T09:00:00',
      paid: '2026-01-11T09:00:00',
      delivered: '2026-01-11T09:00:45',
    });
    await order('o7', {
      ...usd,
      provider: 'epoint',
      created: '2026-01-11T09:30:00',
      paid: '2026-01-11T09:30:00',
      delivered: '2026-01-11T09:30:10',
    });
    const dead = await order('o8', {
      ...usd,
      provider: 'sandbox',
      created: '2026-01-11T10:00:00',
      paid: '2026-01-11T10:00:00',
    });
    await db()
      .insertInto('jobs')
      .values({
        kind: 'deliver',
        dedupe_key: `deliver:${dead}`,
        order_id: dead,
        payload: '{}',
        state: 'dead',
      })
      .execute();
    // Created on day B, paid and refunded on day C (2026-01-12).
    await order('o9', {
      ...eur,
      provider: 'stripe',
      created: '2026-01-11T23:00:00',
      paid: '2026-01-12T01:00:00',
      refunded: '2026-01-12T02:00:00',
    });

    await event('show_page', '2026-01-10T09:00:00', '/main/recharge');
    await event('show_page', '2026-01-10T09:01:00', '/main/recharge');
    await event('show_page', '2026-01-11T09:00:00', '/main/recharge', OTHER_GAME);
    await event('show_page', '2026-01-10T09:02:00', '/main/home');
    await event('buy_request', '2026-01-10T09:03:00', '/main/recharge');
    await event('buy_request', '2026-01-11T09:03:00', '/main/recharge', OTHER_GAME);
    await event('show_page', '2026-01-14T09:00:00', '/main/recharge');
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  it('answers exact revenue per day, game, channel and currency, gross and net', async () => {
    const d = await dashboard({ from: A, to: C + DAY });
    expect(d.from).toBe(A);
    expect(d.to).toBe(C + DAY);
    expect(d.gameId).toBeNull();
    expect(d.games).toContainEqual({ id: OTHER_GAME, name: 'Dashboard Game' });
    const row = (
      day: number,
      gameId: number,
      provider: string,
      currency: string,
      paidCount: number,
      grossAmount: number,
      refundedCount = 0,
      refundedAmount = 0,
    ) => ({
      day,
      gameId,
      provider,
      currency,
      paidCount,
      grossAmount,
      refundedCount,
      refundedAmount,
      netAmount: grossAmount - refundedAmount,
    });
    expect(d.revenue).toEqual([
      row(A, 1, 'sandbox', 'JPY', 1, 1200),
      row(A, 1, 'sandbox', 'USD', 1, 499),
      row(A, 1, 'stripe', 'USD', 1, 499, 1, 499),
      row(A, OTHER_GAME, 'paypal', 'EUR', 1, 999),
      row(B, 1, 'epoint', 'HCP', 1, 499),
      row(B, 1, 'sandbox', 'JPY', 1, 1200),
      row(B, 1, 'sandbox', 'USD', 1, 499),
      row(C, OTHER_GAME, 'stripe', 'EUR', 1, 999, 1, 999),
    ]);
    expect(d.orders).toEqual([
      { day: A, created: 5, paid: 4, delivered: 4, refunded: 1 },
      { day: B, created: 4, paid: 3, delivered: 2, refunded: 0 },
      { day: C, created: 0, paid: 1, delivered: 0, refunded: 1 },
    ]);
  });

  it('answers the funnel, delivery lag percentiles and the failure rate', async () => {
    const d = await dashboard({ from: A, to: C + DAY });
    expect(d.funnel).toEqual({
      topupViews: 3,
      buyRequests: 2,
      ordersCreated: 9,
      ordersPaid: 8,
      ordersDelivered: 6,
    });
    // Lags 5, 10, 15, 25, 30, 45 s (whole seconds: their own buckets): continuous percentiles
    // 20 and 41.25, as percentile_cont would answer.
    expect(d.delivery.paid).toBe(8);
    expect(d.delivery.delivered).toBe(6);
    expect(d.delivery.lagP50Seconds).toBeCloseTo(20, 6);
    expect(d.delivery.lagP95Seconds).toBeCloseTo(41.25, 6);
    expect(d.delivery.failed).toBe(1);
    expect(d.delivery.failureRate).toBeCloseTo(1 / 8, 9);
  });

  it('follows a dead delivery retried and dying again', async () => {
    const job = () =>
      db().updateTable('jobs').where('kind', '=', 'deliver').where('state', '!=', 'done');
    await job().set({ state: 'pending' }).execute();
    expect((await dashboard({ from: A, to: C + DAY })).delivery).toMatchObject({ failed: 0 });
    await job().set({ state: 'dead' }).execute();
    expect((await dashboard({ from: A, to: C + DAY })).delivery).toMatchObject({ failed: 1 });
  });

  it('answers top products per currency by net revenue and by paid orders', async () => {
    const d = await dashboard({ from: A, to: C + DAY });
    const brief = (p: DashboardResult['topByRevenue'][number]) => [
      p.productId,
      p.currency,
      p.paidCount,
      p.grossAmount,
      p.netAmount,
    ];
    expect(d.topByRevenue.map(brief)).toEqual([
      [eurPack.id, 'EUR', 2, 1998, 999],
      [usdPack.id, 'HCP', 1, 499, 499],
      [jpyPack.id, 'JPY', 2, 2400, 2400],
      [usdPack.id, 'USD', 3, 1497, 998],
    ]);
    expect(d.topByCount.map(brief)).toEqual([
      [usdPack.id, 'USD', 3, 1497, 998],
      [eurPack.id, 'EUR', 2, 1998, 999],
      [jpyPack.id, 'JPY', 2, 2400, 2400],
      [usdPack.id, 'HCP', 1, 499, 499],
    ]);
    expect(d.topByRevenue[0]?.names).toEqual({
      'en-US': 'Pack dash_eur',
      'zh-CN': '礼包 dash_eur',
    });
  });

  it('narrows to one game', async () => {
    const d = await dashboard({ from: A, to: C + DAY, gameId: OTHER_GAME });
    expect(d.gameId).toBe(OTHER_GAME);
    expect(d.revenue.map((r) => [r.day, r.currency, r.netAmount])).toEqual([
      [A, 'EUR', 999],
      [C, 'EUR', 0],
    ]);
    expect(d.orders.map((o) => [o.created, o.paid, o.delivered, o.refunded])).toEqual([
      [1, 1, 1, 0],
      [1, 0, 0, 0],
      [0, 1, 0, 1],
    ]);
    expect(d.funnel).toEqual({
      topupViews: 1,
      buyRequests: 1,
      ordersCreated: 2,
      ordersPaid: 2,
      ordersDelivered: 1,
    });
    expect(d.delivery).toMatchObject({ paid: 2, delivered: 1, failed: 0, failureRate: 0 });
    expect(d.delivery.lagP50Seconds).toBeCloseTo(25, 6);
    expect(d.topByCount.map((p) => p.productId)).toEqual([eurPack.id]);
  });

  it('counts payments and refunds made through the webhooks, by default over the last 30 days', async () => {
    const before = await dashboard({});
    const today = midnight('2026-01-15');
    expect(before.to).toBe(today + DAY);
    expect(before.from).toBe(today + DAY - 30 * DAY);
    expect(before.orders).toHaveLength(30);
    // The fixture: a card order paid by the sandbox webhook, an order paid with HC Point.
    const player = await seedPlayer(t, 'Dash');
    const after = await dashboard({});
    const ofToday = (d: DashboardResult) => d.revenue.filter((r) => r.day === today);
    expect(ofToday(before)).toEqual([]);
    expect(ofToday(after).map((r) => [r.provider, r.currency, r.paidCount, r.grossAmount])).toEqual(
      [
        ['epoint', 'HCP', 1, 499],
        ['sandbox', 'USD', 1, 499],
      ],
    );
    const row = await db()
      .selectFrom('orders')
      .select(['provider_ref', 'price', 'currency'])
      .where('sdk_order_id', '=', player.orders.paidCard)
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'payment.refunded',
      data: {
        payment_id: row.provider_ref,
        order_id: player.orders.paidCard,
        amount: row.price,
        currency: row.currency,
        method: 'card',
      },
    });
    const ts = Math.floor(t.clock.now().getTime() / 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signSandboxPayload(
          t.config.payments.sandbox.webhookSecret,
          ts,
          body,
        ),
      },
      payload: body,
    });
    expect(res.json<WebhookAnswer>().result.outcome).toBe('refunded');
    const refunded = await dashboard({});
    expect(
      ofToday(refunded).find((r) => r.provider === 'sandbox' && r.currency === 'USD'),
    ).toMatchObject({ paidCount: 1, grossAmount: 499, refundedAmount: 499, netAmount: 0 });
    expect(refunded.orders.at(-1)).toMatchObject({ day: today, created: 3, paid: 2, refunded: 1 });
  });

  it('keeps the rollup equal to a direct aggregate of the orders', async () => {
    const rollup = await sql<Record<string, unknown>>`
      select day::text as day, game_id, product_id, provider, currency,
        created_count::int as created, paid_count::int as paid, gross_amount::bigint as gross,
        refunded_count::int as refunded, refunded_amount::bigint as refunded_amount,
        delivered_count::int as delivered
      from report_order_daily
      where created_count <> 0 or paid_count <> 0
      order by 1, 2, 3, 4, 5`.execute(db());
    const direct = await sql<Record<string, unknown>>`
      with contributions as (
        select (created_at at time zone 'UTC')::date as day, game_id, product_id, provider,
          case when provider = 'epoint' then 'HCP' else currency end as currency,
          1 as created, 0 as paid, 0 as gross, 0 as refunded, 0 as refunded_amount, 0 as delivered
        from orders
        union all
        select (paid_at at time zone 'UTC')::date, game_id, product_id, provider,
          case when provider = 'epoint' then 'HCP' else currency end,
          0, 1, case when provider = 'epoint' then hc_price else price end,
          case when status = ${Refunded} then 1 else 0 end,
          case when status = ${Refunded} then
            case when provider = 'epoint' then hc_price else price end else 0 end,
          case when completed_at is not null then 1 else 0 end
        from orders where paid_at is not null
      )
      select day::text as day, game_id, product_id, provider, currency,
        sum(created)::int as created, sum(paid)::int as paid, sum(gross)::bigint as gross,
        sum(refunded)::int as refunded, sum(refunded_amount)::bigint as refunded_amount,
        sum(delivered)::int as delivered
      from contributions group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`.execute(db());
    const norm = (rows: Array<Record<string, unknown>>) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));
    expect(direct.rows.length).toBeGreaterThan(8);
    expect(norm(rollup.rows)).toEqual(norm(direct.rows));
    const lags = await sql<Record<string, unknown>>`
      select day::text as day, game_id, lag_bucket, orders from report_lag_daily
      where orders <> 0 order by 1, 2, 3`.execute(db());
    const directLags = await sql<Record<string, unknown>>`
      select (paid_at at time zone 'UTC')::date::text as day, game_id,
        report_lag_bucket(extract(epoch from completed_at - paid_at)::double precision) as lag_bucket,
        count(*)::int as orders
      from orders where paid_at is not null and completed_at is not null
      group by 1, 2, 3 order by 1, 2, 3`.execute(db());
    expect(directLags.rows.length).toBeGreaterThan(5);
    expect(norm(lags.rows)).toEqual(norm(directLags.rows));
    const failed = await sql<Record<string, unknown>>`
      select day::text as day, game_id, failed from report_failed_daily where failed <> 0
      order by 1, 2`.execute(db());
    const directFailed = await sql<Record<string, unknown>>`
      select (o.paid_at at time zone 'UTC')::date::text as day, o.game_id, count(*)::int as failed
      from jobs j join orders o on o.id = j.order_id
      where j.kind = 'deliver' and j.state = 'dead' and o.paid_at is not null
      group by 1, 2 order by 1, 2`.execute(db());
    expect(directFailed.rows).toHaveLength(1);
    expect(norm(failed.rows)).toEqual(norm(directFailed.rows));
  });

  it('counts a batch of events in one insert and keeps the funnel of purged days', async () => {
    const D = midnight('2025-12-01');
    const iso = (hh: string) => at(`2025-12-01T${hh}:00:00`);
    const page = '/main/recharge';
    await sql`insert into analytics_events (event_at, device_id, sid, seq, event, page, game_id)
      values (${iso('08')}, 'batch-1', 'sid-b', 1, ${prefixedEventName('show_page')}, ${page}, 1),
        (${iso('09')}, 'batch-2', 'sid-b', 2, ${prefixedEventName('show_page')}, ${page}, 1),
        (${iso('10')}, 'batch-3', 'sid-b', 3, ${prefixedEventName('show_page')}, ${page}, null),
        (${iso('11')}, 'batch-4', 'sid-b', 4, ${prefixedEventName('buy_request')}, ${page}, 1)
      `.execute(db());
    const funnel = async (gameId?: number) =>
      (await dashboard({ from: D, to: D + DAY, gameId })).funnel;
    expect(await funnel()).toMatchObject({ topupViews: 3, buyRequests: 1 });
    expect(await funnel(1)).toMatchObject({ topupViews: 2, buyRequests: 1 });

    const rollup = await sql<Record<string, unknown>>`
      select day::text as day, game_id, event, page, events::int as events
      from report_event_daily order by 1, 2, 3, 4`.execute(db());
    const direct = await sql<Record<string, unknown>>`
      select (event_at at time zone 'UTC')::date::text as day, coalesce(game_id, 0) as game_id,
        event, page, count(*)::int as events
      from analytics_events group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(db());
    expect(direct.rows.length).toBeGreaterThan(4);
    expect(rollup.rows).toEqual(direct.rows);

    // The retention purge deletes the events; the dashboard still has their days.
    const purged = await purgeAnalytics(db(), new Date(), 1);
    expect(purged.events).toBeGreaterThanOrEqual(direct.rows.length);
    expect(await funnel()).toMatchObject({ topupViews: 3, buyRequests: 1 });
    expect((await dashboard({ from: A, to: C + DAY })).funnel).toMatchObject({
      topupViews: 3,
      buyRequests: 2,
    });
  });

  it('refuses a range that is reversed, empty, not whole days or longer than 366 days', async () => {
    for (const body of [
      { from: C, to: A },
      { from: A, to: A },
      { from: A + 3600, to: C },
      { from: A - 367 * DAY, to: A },
      { from: midnight('2025-01-01') },
    ]) {
      const reply = await consoleCall(t.app, consoleApi.consoleDashboardGet, body, finance);
      expect(reply.code, JSON.stringify(body)).toBe(ErrorCode.DashboardRangeInvalid);
      expect(reply.data).toEqual({ maxDays: 366 });
    }
    const longest = await dashboard({ from: A - 365 * DAY, to: A + DAY });
    expect(longest.orders).toHaveLength(366);
  });

  it('answers finance and owners only', async () => {
    for (const roles of [['support'], ['content'], ['operations']] as const) {
      const client = await signInOperator(t, roles);
      const reply = await consoleCall(t.app, consoleApi.consoleDashboardGet, {}, client);
      expect(reply.code).toBe(ErrorCode.ConsoleForbidden);
      expect(reply.status).toBe(403);
    }
    const owner = await signInOperator(t, ['owner']);
    const reply = await consoleCall(t.app, consoleApi.consoleDashboardGet, {}, owner);
    expect(reply.code).toBe(ErrorCode.Ok);
    const anonymous = await consoleCall(t.app, consoleApi.consoleDashboardGet, {}, null);
    expect(anonymous.code).not.toBe(ErrorCode.Ok);
  });
});
