// Reconciliation of provider settlements against orders (docs/console.md#finance-reconciliation):
// the sandbox's own report (fetched, downloaded and uploaded) with planted mismatches, Stripe
// balance transaction CSV and PayPal STL fixtures mirroring the real formats, the Stripe API
// through a local server speaking Stripe's protocol (with pagination), malformed files, the
// actions on differences (idempotent, audited) and role refusals.
import {
  api,
  CONSOLE_COOKIE,
  CONSOLE_CSRF_HEADER,
  consoleApi,
  ErrorCode,
  ServerOrderStatus,
  toUnixSeconds,
  type ReconciliationDifference,
  type ReconciliationRun,
} from '@hc/contract';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersTable } from '../src/db/schema';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { login, makeAccount } from './support/auth-fixtures';
import { call } from './support/call';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';
import { GAME_PACK, GAME_PACK_PRICE, payBySandboxWebhook } from './support/players';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { startStripeStub } from './support/stripe-stub';

const STRIPE_KEY = 'sk_test_reconciliation';

/** A local server speaking PayPal's token and Transaction Search protocol (two pages). */
function startPaypalStub() {
  const requests: URL[] = [];
  const state = { fail: false, pages: [] as unknown[][] };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    req.resume();
    req.on('end', () => {
      if (url.pathname === '/v1/oauth2/token')
        return send(200, { access_token: 'A21AA-token', expires_in: 32_400 });
      if (req.headers.authorization !== 'Bearer A21AA-token') return send(401, {});
      if (url.pathname !== '/v1/reporting/transactions') return send(404, {});
      if (state.fail) return send(503, { name: 'SERVICE_UNAVAILABLE' });
      const page = Number(url.searchParams.get('page') ?? '1');
      return send(200, {
        transaction_details: state.pages[page - 1] ?? [],
        page,
        total_pages: state.pages.length,
      });
    });
  });
  return { server, requests, state };
}
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

describe.each(testDatabases())('console reconciliation on %s', (kind) => {
  const stub = startStripeStub(STRIPE_KEY);
  const paypal = startPaypalStub();
  let t: TestApp;
  let game: TestDemoGame;
  let finance: ConsoleClient;
  let support: ConsoleClient;
  let player: { token: string; roleId: string };
  let baseOrderId: number;

  beforeAll(async () => {
    stub.server.listen(0, '127.0.0.1');
    await once(stub.server, 'listening');
    const { port } = stub.server.address() as AddressInfo;
    paypal.server.listen(0, '127.0.0.1');
    await once(paypal.server, 'listening');
    const paypalPort = (paypal.server.address() as AddressInfo).port;
    game = await startDemoGame();
    t = await createTestApp(kind, {
      env: {
        ...game.env,
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: 'whsec_reconciliation',
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
        PAYPAL_CLIENT_ID: 'paypal-client',
        PAYPAL_CLIENT_SECRET: 'paypal-secret',
        PAYPAL_WEBHOOK_ID: 'WH-reconciliation',
        PAYPAL_BASE_URL: `http://127.0.0.1:${paypalPort}`,
      },
    });
    finance = await signInOperator(t, ['finance']);
    support = await signInOperator(t, ['support']);
    const a = await makeAccount(t.database.db);
    const uid = await createAccountsRepository(t.database.db).bindGameAccount(a.id, 1);
    const signedIn = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
    player = { token: signedIn.result.token, roleId: `r-${uid}-1` };
    baseOrderId = (
      await db()
        .selectFrom('orders')
        .select('id')
        .where('sdk_order_id', '=', await createOrder())
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
    await new Promise<void>((r) => stub.server.close(() => r()));
    await new Promise<void>((r) => paypal.server.close(() => r()));
  });

  const db = () => t.database.db;

  /** A new sandbox card order of the game pack (the previous one must not be open). */
  async function createOrder(): Promise<string> {
    const created = await call(
      t.app,
      api.orderWebCreate,
      {
        role_id: player.roleId,
        server_id: 1,
        cp_goods_id: GAME_PACK,
        channel_code: 'card',
        role_name: '',
        server_name: '',
      },
      { token: player.token, gameId: 1 },
    );
    expect(created.code).toBe(ErrorCode.Ok);
    return created.result.sdk_order_id;
  }

  /** An order like the first one, with other numbers, provider and state. */
  async function cloneOrder(over: Partial<Insertable<OrdersTable>>): Promise<number> {
    const base = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', baseOrderId)
      .executeTakeFirstOrThrow();
    const { id: _id, ...rest } = base;
    const row = await db()
      .insertInto('orders')
      .values({
        ...rest,
        items: JSON.stringify(base.items),
        item_names: JSON.stringify(base.item_names),
        idempotency_key: null,
        ...over,
      } as Insertable<OrdersTable>)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function upload(bytes: Buffer, client: ConsoleClient = finance, type = 'text/csv') {
    const res = await t.app.inject({
      method: 'POST',
      url: consoleApi.consoleReconciliationImport.path,
      headers: {
        cookie: `${CONSOLE_COOKIE}=${client.token}`,
        [CONSOLE_CSRF_HEADER]: client.csrfToken,
        'content-type': type,
      },
      payload: bytes,
    });
    return res.json<{ code: number; result: ReconciliationRun; data?: unknown }>();
  }

  async function differences(runId: number): Promise<ReconciliationDifference[]> {
    const r = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationDifferences,
      { runId, page: 1, size: 100 },
      finance,
    );
    expect(r.code).toBe(0);
    return r.result?.list ?? [];
  }

  const countRows = async (table: 'reconciliation_runs' | 'audit_log') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const statusOf = async (sdk: string) =>
    Number(
      (
        await db()
          .selectFrom('orders')
          .select('status')
          .where('sdk_order_id', '=', sdk)
          .executeTakeFirstOrThrow()
      ).status,
    );

  it('reads a Stripe balance transactions CSV: one difference of each kind, fees and payouts skipped', async () => {
    const at = (hhmm: string) => new Date(`2026-01-15T${hhmm}:00Z`);
    const paid = { provider: 'stripe', status: ServerOrderStatus.Paid, price: 499 };
    await cloneOrder({
      ...paid,
      sdk_order_id: 'HCSTRIPE0001',
      provider_ref: 'cs_s1',
      payment_ref: 'pi_s1',
      paid_at: at('08:11'),
    });
    await cloneOrder({
      ...paid,
      sdk_order_id: 'HCSTRIPE0002',
      provider_ref: 'cs_s2',
      status: ServerOrderStatus.Closed,
      paid_at: null,
    });
    await cloneOrder({
      ...paid,
      sdk_order_id: 'HCSTRIPE0003',
      provider_ref: 'cs_s3',
      payment_ref: 'pi_s3',
      paid_at: at('08:41'),
    });
    await cloneOrder({
      ...paid,
      sdk_order_id: 'HCSTRIPE0004',
      provider_ref: 'cs_s4',
      payment_ref: 'pi_s4',
      paid_at: at('08:51'),
    });
    await cloneOrder({
      ...paid,
      sdk_order_id: 'HCSTRIPE0005',
      provider_ref: 'cs_s5',
      payment_ref: 'pi_s5',
      paid_at: at('08:30'),
    });

    const answer = await upload(fixture('stripe-balance-transactions.csv'));
    expect(answer.code).toBe(0);
    const run = answer.result;
    expect(run).toMatchObject({
      provider: 'stripe',
      source: 'upload',
      format: 'stripe_csv',
      periodFrom: toUnixSeconds(at('08:10')),
      periodTo: toUnixSeconds(at('09:30')) + 1,
      lines: 5,
      matched: 2,
      differences: 4,
      open: 4,
      createdBy: finance.name,
    });
    expect(run.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    const found = (await differences(run.id)).map((d) => [d.kind, d.orderRef, d.providerAmount]);
    expect(found.sort()).toEqual(
      [
        ['provider_only', 'HCSTRIPE0002', 499],
        ['amount_mismatch', 'HCSTRIPE0003', 999],
        ['refund_provider_only', 'HCSTRIPE0004', 499],
        ['portal_only', 'HCSTRIPE0005', null],
      ].sort(),
    );
    const onlyMismatch = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationDifferences,
      { runId: run.id, kind: 'amount_mismatch', page: 1, size: 10 },
      finance,
    );
    expect(onlyMismatch.result?.list.map((d) => d.orderRef)).toEqual(['HCSTRIPE0003']);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `reconciliation_run:${run.id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['reconciliation.run']);
  });

  it('reads a PayPal settlement report (STL): invoice ids name the orders, T0400 is skipped', async () => {
    const paid = { provider: 'paypal', channel_code: 'paypal', price: 499 };
    await cloneOrder({
      ...paid,
      sdk_order_id: 'HCPAYPAL0001',
      provider_ref: '5O190127TN3647151',
      payment_ref: '8RC01234AB5678901',
      status: ServerOrderStatus.Delivered,
      paid_at: new Date('2026-01-15T09:00:02Z'),
    });
    await cloneOrder({
      ...paid,
      sdk_order_id: 'HCPAYPAL0002',
      provider_ref: '5O190127TN3647152',
      status: ServerOrderStatus.Unpaid,
      paid_at: null,
    });
    const answer = await upload(fixture('paypal-settlement-STL-20260116.A.01.011.CSV'));
    expect(answer.code).toBe(0);
    expect(answer.result).toMatchObject({
      provider: 'paypal',
      format: 'paypal_stl',
      periodFrom: toUnixSeconds(new Date('2026-01-15T08:00:00Z')),
      periodTo: toUnixSeconds(new Date('2026-01-16T08:00:00Z')),
      lines: 3,
      matched: 1,
      differences: 2,
    });
    const found = (await differences(answer.result.id)).map((d) => [
      d.kind,
      d.orderRef,
      d.providerRef,
    ]);
    expect(found.sort()).toEqual(
      [
        ['provider_only', 'HCPAYPAL0002', '9XY01234AB5678902'],
        ['refund_provider_only', 'HCPAYPAL0001', '1RF01234AB5678903'],
      ].sort(),
    );
  });

  it('refuses a malformed file with its line number and stores nothing', async () => {
    const runs = await countRows('reconciliation_runs');
    const audits = await countRows('audit_log');
    const stl = fixture('paypal-settlement-STL-20260116.A.01.011.CSV')
      .toString()
      .replace('"CR","499","USD","DR","47"', '"CR","4.99","USD","DR","47"');
    const bad = await upload(Buffer.from(stl));
    expect(bad.code).toBe(ErrorCode.ReconciliationFileInvalid);
    expect(bad.data).toMatchObject({ line: 5 });
    expect(String((bad.data as { message: string }).message)).toContain('Gross Transaction Amount');

    const csv = fixture('stripe-balance-transactions.csv')
      .toString()
      .replace('2026-01-15 08:40', 'yesterday');
    const badTime = await upload(Buffer.from(csv));
    expect([badTime.code, (badTime.data as { line: number }).line]).toEqual([
      ErrorCode.ReconciliationFileInvalid,
      4,
    ]);
    const unknown = await upload(Buffer.from('hello,world\n1,2\n'));
    expect([unknown.code, (unknown.data as { line: number }).line]).toEqual([
      ErrorCode.ReconciliationFileInvalid,
      1,
    ]);
    const quotes = await upload(Buffer.from('id,Type,Created (UTC)\n"unterminated,charge\n'));
    expect(quotes.code).toBe(ErrorCode.ReconciliationFileInvalid);
    const missing = fixture('paypal-settlement-STL-20260116.A.01.011.CSV')
      .toString()
      .replace('"SC","4"', '"SC","5"');
    const badCount = await upload(Buffer.from(missing));
    expect([badCount.code, (badCount.data as { line: number }).line]).toEqual([
      ErrorCode.ReconciliationFileInvalid,
      10,
    ]);
    expect(await countRows('reconciliation_runs')).toBe(runs);
    expect(await countRows('audit_log')).toBe(audits);
  });

  it('fetches Stripe balance transactions page by page and applies a payment through the webhook path', async () => {
    const day = new Date('2026-01-20T00:00:00Z');
    const sec = toUnixSeconds(day);
    await cloneOrder({
      provider: 'stripe',
      sdk_order_id: 'HCSTRIPE0101',
      provider_ref: 'cs_api_1',
      payment_ref: 'pi_api_1',
      status: ServerOrderStatus.Delivered,
      price: 499,
      paid_at: new Date((sec + 600) * 1000),
    });
    await cloneOrder({
      provider: 'stripe',
      sdk_order_id: 'HCSTRIPE0102',
      provider_ref: 'cs_api_2',
      status: ServerOrderStatus.Closed,
      price: 499,
      paid_at: null,
    });
    const charge = (n: number, intent: string, orderId: string | null, created: number) => ({
      id: `txn_api_${n}`,
      object: 'balance_transaction',
      type: 'charge',
      amount: 499,
      fee: 44,
      net: 455,
      currency: 'usd',
      created,
      source: {
        id: `ch_api_${n}`,
        object: 'charge',
        payment_intent: intent,
        metadata: orderId === null ? {} : { order_id: orderId },
      },
    });
    // Newest first, as Stripe lists: 120 fees then the two charges, so the charges are on page 2.
    for (let i = 0; i < 120; i++)
      stub.balanceTransactions.push({
        id: `txn_fee_${i}`,
        object: 'balance_transaction',
        type: 'stripe_fee',
        amount: -1,
        fee: 0,
        net: -1,
        currency: 'usd',
        created: sec + 3000 - i,
        source: null,
      });
    stub.balanceTransactions.push(charge(2, 'pi_api_2', 'HCSTRIPE0102', sec + 700));
    stub.balanceTransactions.push(charge(1, 'pi_api_1', null, sec + 600));
    stub.requests.length = 0;

    const fetched = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationFetch,
      { provider: 'stripe', from: sec, to: sec + 86_400 },
      finance,
    );
    expect(fetched.code).toBe(0);
    expect(fetched.result).toMatchObject({
      source: 'fetch',
      format: 'api',
      lines: 2,
      matched: 1,
      differences: 1,
    });
    const listed = stub.requests.filter((r) => r.path === '/v1/balance_transactions');
    expect(listed).toHaveLength(2);
    expect(listed[0]?.query.get('created[gte]')).toBe(String(sec));
    expect(listed[0]?.query.get('created[lt]')).toBe(String(sec + 86_400));
    expect(listed[0]?.query.get('starting_after')).toBeNull();
    expect(listed[1]?.query.get('starting_after')).toBe('txn_fee_99');

    const [diff] = await differences(fetched.result?.id ?? 0);
    expect(diff).toMatchObject({
      kind: 'provider_only',
      orderRef: 'HCSTRIPE0102',
      providerRef: 'pi_api_2',
    });
    const audits = await countRows('audit_log');
    const applied = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationApply,
      { id: diff!.id },
      finance,
    );
    expect(applied.result).toMatchObject({
      status: 'resolved',
      resolution: 'payment_applied',
      resolvedBy: finance.name,
    });
    expect(await statusOf('HCSTRIPE0102')).toBe(ServerOrderStatus.Paid);
    const order = await db()
      .selectFrom('orders')
      .select(['payment_ref'])
      .where('sdk_order_id', '=', 'HCSTRIPE0102')
      .executeTakeFirstOrThrow();
    expect(order.payment_ref).toBe('pi_api_2');
    const event = await db()
      .selectFrom('payment_events')
      .select(['outcome'])
      .where('event_id', '=', `reconciliation:${diff!.id}`)
      .execute();
    expect(event.map((e) => e.outcome)).toEqual(['paid']);
    expect(await countRows('audit_log')).toBe(audits + 1);
    // Again: the same answer, nothing changes.
    const again = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationApply,
      { id: diff!.id },
      finance,
    );
    expect(again.result).toEqual(applied.result);
    expect(await countRows('audit_log')).toBe(audits + 1);
  });

  it('fetches PayPal Transaction Search page by page; refuses a failing provider and bad periods', async () => {
    const sec = toUnixSeconds(new Date('2026-01-22T00:00:00Z'));
    await cloneOrder({
      provider: 'paypal',
      channel_code: 'paypal',
      sdk_order_id: 'HCPAYPAL0101',
      provider_ref: '7PP0101',
      payment_ref: '3CAP0101',
      status: ServerOrderStatus.Delivered,
      price: 499,
      paid_at: new Date((sec + 300) * 1000),
    });
    const info = (id: string, code: string, value: string, invoice?: string) => ({
      transaction_info: {
        transaction_id: id,
        transaction_event_code: code,
        transaction_initiation_date: '2026-01-22T00:05:00+0000',
        transaction_amount: { currency_code: 'USD', value },
        ...(invoice === undefined ? {} : { invoice_id: invoice }),
      },
    });
    paypal.state.pages = [
      [info('3CAP0101', 'T0006', '4.99'), info('9FEE', 'T0400', '-10.00')],
      [info('3CAP0102', 'T0006', '4.99', 'HC_UNKNOWN_PAYPAL')],
    ];
    paypal.requests.length = 0;
    const fetched = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationFetch,
      { provider: 'paypal', from: sec, to: sec + 86_400 },
      finance,
    );
    expect(fetched.result).toMatchObject({
      provider: 'paypal',
      lines: 2,
      matched: 1,
      differences: 1,
    });
    const searches = paypal.requests.filter((u) => u.pathname === '/v1/reporting/transactions');
    expect(searches.map((u) => u.searchParams.get('page'))).toEqual(['1', '2']);
    expect(searches[0]?.searchParams.get('start_date')).toBe('2026-01-22T00:00:00-0000');
    expect(searches[0]?.searchParams.get('end_date')).toBe('2026-01-22T23:59:59-0000');
    const [diff] = await differences(fetched.result?.id ?? 0);
    expect(diff).toMatchObject({
      kind: 'provider_only',
      orderRef: 'HC_UNKNOWN_PAYPAL',
      orderId: null,
    });

    const runs = await countRows('reconciliation_runs');
    paypal.state.fail = true;
    const failed = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationFetch,
      { provider: 'paypal', from: sec, to: sec + 86_400 },
      finance,
    );
    paypal.state.fail = false;
    expect(failed.code).toBe(ErrorCode.ReconciliationFetchFailed);
    const empty = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationFetch,
      { provider: 'stripe', from: 2000, to: 1000 },
      finance,
    );
    expect(empty.code).toBe(ErrorCode.ReconciliationPeriodInvalid);
    const tooLong = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationFetch,
      { provider: 'paypal', from: sec, to: sec + 32 * 86_400 },
      finance,
    );
    expect(tooLong.code).toBe(ErrorCode.ReconciliationPeriodInvalid);
    expect(await countRows('reconciliation_runs')).toBe(runs);
  });

  describe('the sandbox report', () => {
    let from: number;
    let to: number;
    let paidHere: string;
    let paidThere: string;
    let refundedThere: string;

    async function paySandbox(sdk: string, notify: boolean) {
      const order = await db()
        .selectFrom('orders')
        .select('provider_ref')
        .where('sdk_order_id', '=', sdk)
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('sandbox_payments')
        .set({ status: 'paid', method: 'card', updated_at: t.clock.now() })
        .where('id', '=', order.provider_ref ?? '')
        .execute();
      if (notify) await payBySandboxWebhook(t, sdk, GAME_PACK_PRICE);
      return order.provider_ref ?? '';
    }

    beforeAll(async () => {
      // A day of its own, away from the demo data and the other runs.
      await paySandbox(
        (
          await db()
            .selectFrom('orders')
            .select('sdk_order_id')
            .where('id', '=', baseOrderId)
            .executeTakeFirstOrThrow()
        ).sdk_order_id,
        true,
      );
      t.clock.set(new Date('2026-03-02T10:00:00Z'));
      // Sessions ended while the clock moved: sign in again.
      finance = await signInOperator(t, ['finance']);
      support = await signInOperator(t, ['support']);
      const a = await makeAccount(t.database.db);
      const uid = await createAccountsRepository(t.database.db).bindGameAccount(a.id, 1);
      const signedIn = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
      player = { token: signedIn.result.token, roleId: `r-${uid}-1` };
      from = toUnixSeconds(t.clock.now()) - 3600;
      to = from + 4 * 3600;
      paidHere = await createOrder();
      await paySandbox(paidHere, true);
      t.clock.advance(60_000);
      refundedThere = await createOrder();
      const refundedRef = await paySandbox(refundedThere, true);
      t.clock.advance(60_000);
      await db()
        .updateTable('sandbox_payments')
        .set({ status: 'refunded', updated_at: t.clock.now() })
        .where('id', '=', refundedRef)
        .execute();
      t.clock.advance(60_000);
      // The planted mismatch: paid at the sandbox, the webhook never arrived.
      paidThere = await createOrder();
      await paySandbox(paidThere, false);
      t.clock.advance(60_000);
    });

    it('downloads the sandbox settlement CSV of a period', async () => {
      const r = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationSandboxReport,
        { from, to },
        finance,
      );
      expect(r.status).toBe(200);
      expect(String(r.headers['content-type'])).toMatch(/^text\/csv/);
      const lines = r.text.trim().split('\n');
      expect(lines.slice(0, 3)).toEqual([
        'payment_id,order_id,type,amount,currency,method,occurred_at',
        `,,period_start,,,,${new Date(from * 1000).toISOString()}`,
        `,,period_end,,,,${new Date(to * 1000).toISOString()}`,
      ]);
      expect(lines.slice(3).map((l) => l.split(',').slice(1, 5).join(','))).toEqual([
        `${paidHere},payment,499,USD`,
        `${refundedThere},payment,499,USD`,
        `${refundedThere},refund,-499,USD`,
        `${paidThere},payment,499,USD`,
      ]);
    });

    it('fetches the sandbox: exactly the planted payment and the refund at the sandbox only', async () => {
      const r = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationFetch,
        { provider: 'sandbox', from, to },
        finance,
      );
      expect(r.result).toMatchObject({ provider: 'sandbox', lines: 4, matched: 2, differences: 2 });
      const found = (await differences(r.result?.id ?? 0)).map((d) => [d.kind, d.orderRef]);
      expect(found.sort()).toEqual(
        [
          ['provider_only', paidThere],
          ['refund_provider_only', refundedThere],
        ].sort(),
      );
    });

    it('applies the refund here, once; resolves with a note; refuses actions that do not fit', async () => {
      const r = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationFetch,
        { provider: 'sandbox', from, to },
        finance,
      );
      const diffs = await differences(r.result?.id ?? 0);
      const refund = diffs.find((d) => d.kind === 'refund_provider_only')!;
      const payment = diffs.find((d) => d.kind === 'provider_only')!;
      expect(await statusOf(refundedThere)).not.toBe(ServerOrderStatus.Refunded);
      const applied = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationApply,
        { id: refund.id, note: 'Refunded in the sandbox' },
        finance,
      );
      expect(applied.result).toMatchObject({
        status: 'resolved',
        resolution: 'refund_applied',
        note: 'Refunded in the sandbox',
        portalStatus: ServerOrderStatus.Refunded,
      });
      expect(await statusOf(refundedThere)).toBe(ServerOrderStatus.Refunded);
      const audits = await countRows('audit_log');
      const again = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationApply,
        { id: refund.id },
        finance,
      );
      expect(again.result).toEqual(applied.result);
      expect(await countRows('audit_log')).toBe(audits);

      const resolved = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationResolve,
        { id: payment.id, note: 'Checked with the player: paid twice' },
        finance,
      );
      expect(resolved.result).toMatchObject({
        status: 'resolved',
        resolution: 'noted',
        resolvedBy: finance.name,
        note: 'Checked with the player: paid twice',
      });
      expect(await statusOf(paidThere)).not.toBe(ServerOrderStatus.Paid);
      const second = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationResolve,
        { id: payment.id, note: 'another note' },
        finance,
      );
      expect(second.result?.note).toBe('Checked with the player: paid twice');
      const audit = await db()
        .selectFrom('audit_log')
        .select(['action', 'actor'])
        .where('target', 'in', [
          `reconciliation_difference:${refund.id}`,
          `reconciliation_difference:${payment.id}`,
        ])
        .orderBy('id')
        .execute();
      expect(audit).toEqual([
        { action: 'reconciliation.apply_refund', actor: finance.name },
        { action: 'reconciliation.resolve', actor: finance.name },
      ]);

      // A fresh run: the refund is now on both sides; applying the payment of the planted order works.
      const next = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationFetch,
        { provider: 'sandbox', from, to },
        finance,
      );
      const nextDiffs = await differences(next.result?.id ?? 0);
      expect(nextDiffs.map((d) => d.kind)).toEqual(['provider_only']);
      const notFitting = await upload(
        Buffer.from(
          (
            await consoleCall(
              t.app,
              consoleApi.consoleReconciliationSandboxReport,
              { from, to },
              finance,
            )
          ).text
            .split('\n')
            .filter((l) => !l.includes(paidHere))
            .join('\n'),
        ),
      );
      const portalOnly = (await differences(notFitting.result.id)).find(
        (d) => d.kind === 'portal_only',
      )!;
      expect(portalOnly.orderRef).toBe(paidHere);
      const refused = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationApply,
        { id: portalOnly.id },
        finance,
      );
      expect(refused.code).toBe(ErrorCode.ReconciliationActionNotAllowed);
      const missing = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationApply,
        { id: 987_654 },
        finance,
      );
      expect(missing.code).toBe(ErrorCode.ReconciliationDifferenceNotFound);

      const pay = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationApply,
        { id: nextDiffs[0]!.id },
        finance,
      );
      expect(pay.result?.resolution).toBe('payment_applied');
      expect(await statusOf(paidThere)).toBe(ServerOrderStatus.Paid);
    });
    it('lists exactly the one planted difference of an uploaded sandbox report', async () => {
      // Everything agrees now (the actions above): a fresh fetch finds nothing.
      const clean = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationFetch,
        { provider: 'sandbox', from, to },
        finance,
      );
      expect(clean.result).toMatchObject({ lines: 4, matched: 4, differences: 0 });
      const downloaded = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationSandboxReport,
        { from, to },
        finance,
      );
      const planted = downloaded.text.replace(`${paidHere},payment,499`, `${paidHere},payment,599`);
      expect(planted).not.toBe(downloaded.text);
      const uploaded = await upload(Buffer.from(planted));
      expect(uploaded.result).toMatchObject({
        provider: 'sandbox',
        format: 'sandbox_csv',
        periodFrom: from,
        periodTo: to,
        lines: 4,
        matched: 3,
        differences: 1,
      });
      const found = await differences(uploaded.result.id);
      expect(found.map((d) => [d.kind, d.orderRef, d.providerAmount, d.portalAmount])).toEqual([
        ['amount_mismatch', paidHere, 599, 499],
      ]);
      // An extra paid line with no order: exactly that one.
      const extra = `${downloaded.text}sbx_planted_1,HC_NO_SUCH_ORDER,payment,499,USD,card,${new Date(
        (from + 60) * 1000,
      ).toISOString()}\n`;
      const second = await upload(Buffer.from(extra));
      const extraFound = await differences(second.result.id);
      expect(extraFound.map((d) => [d.kind, d.orderRef, d.orderId, d.providerRef])).toEqual([
        ['provider_only', 'HC_NO_SUCH_ORDER', null, 'sbx_planted_1'],
      ]);
      const refused = await consoleCall(
        t.app,
        consoleApi.consoleReconciliationApply,
        { id: extraFound[0]!.id },
        finance,
      );
      expect(refused.code).toBe(ErrorCode.ReconciliationActionNotAllowed);
    });
  });

  it('lists runs newest first, and refuses operators without finance', async () => {
    const list = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationRunsList,
      { page: 1, size: 5 },
      finance,
    );
    expect(list.code).toBe(0);
    const ids = list.result?.list.map((r) => r.id) ?? [];
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const got = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationRunsGet,
      { id: ids[0]! },
      finance,
    );
    expect(got.result?.id).toBe(ids[0]);
    const none = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationRunsGet,
      { id: 987_654 },
      finance,
    );
    expect(none.code).toBe(ErrorCode.ReconciliationRunNotFound);

    const runs = await countRows('reconciliation_runs');
    const refused = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationRunsList,
      { page: 1, size: 5 },
      support,
    );
    expect([refused.status, refused.code]).toEqual([403, ErrorCode.ConsoleForbidden]);
    const refusedUpload = await upload(fixture('stripe-balance-transactions.csv'), support);
    expect(refusedUpload.code).toBe(ErrorCode.ConsoleForbidden);
    const refusedFetch = await consoleCall(
      t.app,
      consoleApi.consoleReconciliationFetch,
      { provider: 'sandbox', from: 0, to: 3600 },
      support,
    );
    expect(refusedFetch.code).toBe(ErrorCode.ConsoleForbidden);
    expect(await countRows('reconciliation_runs')).toBe(runs);
    const owner = await signInOperator(t, ['owner']);
    expect(
      (
        await consoleCall(
          t.app,
          consoleApi.consoleReconciliationRunsList,
          { page: 1, size: 5 },
          owner,
        )
      ).code,
    ).toBe(0);
  });
});
