// Orders in the console over the real server (docs/console.md#support-and-finance-orders, ADR
// 0053): each filter narrows the list, keyset paging, the order page (timeline, webhook events,
// delivery attempts, audit), re-delivery of a dead delivery once the game is back, refunds
// through the sandbox provider and to the HC Point wallet (idempotent), the CSV export with
// formula cells neutralised, and refusals (roles, states, bad filters) that change nothing.
import { consoleApi, ErrorCode, ServerOrderStatus, type OrdersFilter } from '@hc/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrdersConsoleRepository } from '../src/modules/orders/console/orders-console.repository';
import { createWalletService } from '../src/modules/wallet/wallet.service';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testWorker } from './support/container';
import { testDatabases } from './support/databases';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { createTestApp, type TestApp } from './support/helper';
import { expectLedgerInvariants } from './support/ledger';
import { seedPlayer, type SeededPlayer } from './support/players';

const { Unpaid, Paid, Delivered, Refunded } = ServerOrderStatus;

describe.each(testDatabases())('console orders on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  let worker: ReturnType<typeof testWorker>;
  let a: SeededPlayer;
  let b: SeededPlayer;
  let support: ConsoleClient;
  let finance: ConsoleClient;
  let content: ConsoleClient;
  let operations: ConsoleClient;

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, {
      env: {
        ...game.env,
        DEV_OUTBOX: 'true',
        DELIVERY_MAX_ATTEMPTS: '3',
        DELIVERY_BACKOFF_BASE_MS: '1000',
        DELIVERY_BACKOFF_MAX_MS: '4000',
        GATEWAY_TIMEOUT_MS: '3000',
      },
    });
    worker = testWorker(t);
    a = await seedPlayer(t, 'OrdA');
    b = await seedPlayer(t, 'OrdB');
    await worker.runJobs();
    support = await signInOperator(t, ['support']);
    finance = await signInOperator(t, ['finance']);
    content = await signInOperator(t, ['content']);
    operations = await signInOperator(t, ['operations']);
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  const db = () => t.database.db;
  const orderRow = (id: string) =>
    db().selectFrom('orders').selectAll().where('sdk_order_id', '=', id).executeTakeFirstOrThrow();
  const uidOf = async (p: SeededPlayer) =>
    (
      await db()
        .selectFrom('game_accounts')
        .select('uid')
        .where('id', '=', p.uid)
        .executeTakeFirstOrThrow()
    ).uid;
  const auditOf = (sdkOrderId: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `order:${sdkOrderId}`)
      .orderBy('id')
      .execute();
  const list = (f: Partial<OrdersFilter> & { cursor?: number; size?: number }, as = support) =>
    consoleCall(t.app, consoleApi.consoleOrdersList, { playerKind: 'auto', size: 50, ...f }, as);
  const numbers = async (f: Partial<OrdersFilter>) => {
    const r = await list(f);
    expect(r.code).toBe(ErrorCode.Ok);
    return (r.result?.list ?? []).map((o) => o.sdkOrderId).sort();
  };
  const sorted = (...ids: string[]) => [...ids].sort();
  const get = (sdkOrderId: string, as = support) =>
    consoleCall(t.app, consoleApi.consoleOrdersGet, { sdkOrderId }, as);
  const redeliver = (sdkOrderId: string, reason = 'The game is back up after maintenance') =>
    consoleCall(t.app, consoleApi.consoleOrdersRedeliver, { sdkOrderId, reason }, support);
  const refund = (sdkOrderId: string, as = finance) =>
    consoleCall(
      t.app,
      consoleApi.consoleOrdersRefund,
      { sdkOrderId, reason: 'The player was charged by mistake' },
      as,
    );

  it('each filter narrows the list', async () => {
    const allA = sorted(a.orders.paidCard, a.orders.unpaid, a.orders.paidEpoint);
    const allB = sorted(b.orders.paidCard, b.orders.unpaid, b.orders.paidEpoint);
    // Player: login name (any case), account id, game uid; auto finds each.
    expect(await numbers({ player: a.account })).toEqual(allA);
    expect(await numbers({ player: a.account.toUpperCase(), playerKind: 'account' })).toEqual(allA);
    expect(await numbers({ player: String(a.accountId), playerKind: 'accountId' })).toEqual(allA);
    expect(await numbers({ player: String(a.accountId) })).toEqual(allA);
    expect(await numbers({ player: await uidOf(b), playerKind: 'uid' })).toEqual(allB);
    expect(await numbers({ player: 'no-such-player-at-all' })).toEqual([]);
    // Status, channel and order number.
    expect(await numbers({ player: a.account, status: Unpaid })).toEqual([a.orders.unpaid]);
    expect(await numbers({ player: a.account, status: Delivered })).toEqual(
      sorted(a.orders.paidCard, a.orders.paidEpoint),
    );
    expect(await numbers({ player: a.account, channel: 'epoint' })).toEqual([a.orders.paidEpoint]);
    expect(await numbers({ player: a.account, channel: 'sandbox' })).toEqual(
      sorted(a.orders.paidCard, a.orders.unpaid),
    );
    expect(await numbers({ orderNumber: b.orders.paidCard })).toEqual([b.orders.paidCard]);
    // Game and server: one of B's orders on server 2.
    await db()
      .updateTable('orders')
      .set({ server_id: 2 })
      .where('sdk_order_id', '=', b.orders.unpaid)
      .execute();
    expect(await numbers({ player: b.account, serverId: 2 })).toEqual([b.orders.unpaid]);
    expect(await numbers({ player: b.account, gameId: 1, serverId: 1 })).toEqual(
      sorted(b.orders.paidCard, b.orders.paidEpoint),
    );
    expect(await numbers({ player: b.account, gameId: 2 })).toEqual([]);
    // Amount range in a currency.
    await db()
      .updateTable('orders')
      .set({ price: 1999 })
      .where('sdk_order_id', '=', b.orders.unpaid)
      .execute();
    const card = await orderRow(b.orders.paidCard);
    expect(await numbers({ player: b.account, currency: card.currency, amountMin: 1000 })).toEqual([
      b.orders.unpaid,
    ]);
    expect(
      await numbers({ player: b.account, currency: card.currency, amountMin: 1, amountMax: 999 }),
    ).toContain(b.orders.paidCard);
    expect(await numbers({ player: b.account, currency: 'JPY' })).toEqual([]);
    // Date range: one of A's orders ten days earlier.
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const earlier = new Date((now - 10 * 86_400) * 1000);
    await sql`update orders set created_at = ${earlier} where sdk_order_id = ${a.orders.unpaid}`.execute(
      db(),
    );
    expect(
      await numbers({ player: a.account, from: now - 11 * 86_400, to: now - 9 * 86_400 }),
    ).toEqual([a.orders.unpaid]);
    expect(await numbers({ player: a.account, from: now - 86_400 })).toEqual(
      sorted(a.orders.paidCard, a.orders.paidEpoint),
    );
    // Unusable filters: refused, clearly.
    const noCurrency = await list({ amountMin: 100 });
    expect(noCurrency.code).toBe(ErrorCode.OrdersFilterInvalid);
    expect(noCurrency.data).toMatchObject({ reason: 'amount_without_currency' });
    expect((await list({ from: now, to: now - 1 })).code).toBe(ErrorCode.OrdersFilterInvalid);
    expect((await list({ status: 9 })).code).toBe(ErrorCode.InvalidParams);
  });

  it('pages newest first with a keyset cursor, ties broken by id', async () => {
    const seen: string[] = [];
    let cursor: number | undefined;
    for (let i = 0; i < 5; i++) {
      const r = await list({
        player: b.account,
        size: 1,
        ...(cursor === undefined ? {} : { cursor }),
      });
      expect(r.code).toBe(ErrorCode.Ok);
      seen.push(...(r.result?.list ?? []).map((o) => o.sdkOrderId));
      if (r.result?.nextCursor === null) break;
      cursor = r.result?.nextCursor;
    }
    const whole = (await list({ player: b.account })).result?.list.map((o) => o.sdkOrderId);
    expect(seen).toEqual(whole);
    expect(new Set(seen).size).toBe(3);
    // The export's batched walk reads the same rows in the same order.
    const walked: string[] = [];
    const repo = createOrdersConsoleRepository(db());
    for await (const r of repo.each(
      { player: { accountIds: [b.accountId], gameAccountIds: [] } },
      2,
    ))
      walked.push(r.sdk_order_id);
    expect(walked).toEqual(whole);
  });

  it('shows the order page: timeline, references, webhook events, delivery attempts', async () => {
    const r = await get(a.orders.paidCard, finance);
    expect(r.code).toBe(ErrorCode.Ok);
    const d = r.result;
    expect(d?.order).toMatchObject({
      sdkOrderId: a.orders.paidCard,
      account: a.account,
      provider: 'sandbox',
      gameId: 1,
      gameName: 'Demo Game',
    });
    expect(d?.timeline.map((e) => e.status)).toEqual([Unpaid, Paid, Delivered]);
    const row = await orderRow(a.orders.paidCard);
    expect(d?.references.checkoutId).toBe(row.provider_ref);
    expect(d?.webhookEvents).toEqual([
      expect.objectContaining({ provider: 'sandbox', type: 'payment.succeeded', outcome: 'paid' }),
    ]);
    expect(d?.jobs.find((j) => j.kind === 'deliver')).toMatchObject({ state: 'done', attempts: 1 });
    expect(d?.actions).toEqual({ redeliver: false, refund: true });
    expect((await get('HC-NO-SUCH-ORDER')).code).toBe(ErrorCode.ConsoleOrderNotFound);
  });

  it('re-delivers a dead delivery once the game is back, and refuses other states', async () => {
    const c = await seedPlayer(t, 'OrdC');
    game.setSwitches({ failureRate: 1 });
    for (let i = 0; i < 4; i++) {
      await worker.runJobs();
      t.clock.advance(60_000);
    }
    game.setSwitches({ failureRate: 0 });
    const id = c.orders.paidCard;
    expect((await orderRow(id)).status).toBe(Paid);
    const page = (await get(id)).result;
    const dead = page?.jobs.find((j) => j.kind === 'deliver');
    expect(dead).toMatchObject({ state: 'dead', attempts: 3 });
    expect(dead?.lastError).toBeTruthy();
    expect(page?.actions.redeliver).toBe(true);

    // Refusals change nothing: delivered, unpaid, a reason too short.
    const delivered = await redeliver(a.orders.paidCard);
    expect(delivered.code).toBe(ErrorCode.OrderRedeliverNotAllowed);
    expect(delivered.data).toMatchObject({ reason: 'delivered' });
    expect((await redeliver(c.orders.unpaid)).data).toMatchObject({ reason: 'not_paid' });
    expect((await redeliver(id, 'x')).code).toBe(ErrorCode.InvalidParams);
    expect((await redeliver('HC-NO-SUCH-ORDER')).code).toBe(ErrorCode.ConsoleOrderNotFound);
    expect(await auditOf(a.orders.paidCard)).toEqual([]);

    const queued = await redeliver(id);
    expect(queued.code).toBe(ErrorCode.Ok);
    expect(queued.result?.job).toMatchObject({ state: 'pending', attempts: 0 });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'order.redeliver', actor: support.name });
    expect(entry?.before).toMatchObject({ jobState: 'dead', attempts: 3 });
    expect(entry?.after).toMatchObject({ reason: 'The game is back up after maintenance' });
    await worker.runJobs();
    expect((await orderRow(id)).status).toBe(Delivered);
    expect(game.state.grant(`order:${id}`)?.applied).toBe(1);
    expect((await redeliver(id)).data).toMatchObject({ reason: 'delivered' });
    await worker.runJobs();
  });

  it('refunds a sandbox-paid order through the provider, once', async () => {
    const id = a.orders.paidCard;
    // Paid at the sandbox, as its checkout page marks it (seedPlayer only sent the webhook).
    await db()
      .updateTable('sandbox_payments')
      .set({ status: 'paid', method: 'card' })
      .where('order_ref', '=', id)
      .execute();
    const r = await refund(id);
    expect(r.data).toBeUndefined();
    expect(r.code).toBe(ErrorCode.Ok);
    expect(r.result).toMatchObject({ outcome: 'refunded', status: Refunded, provider: 'sandbox' });
    expect(r.result?.refundId).toMatch(/^rf_/);
    expect((await orderRow(id)).status).toBe(Refunded);
    const sandbox = await db()
      .selectFrom('sandbox_payments')
      .select('status')
      .where('order_ref', '=', id)
      .executeTakeFirstOrThrow();
    expect(sandbox.status).toBe('refunded');
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'order.refund', actor: finance.name });
    expect(audit[0]?.after).toMatchObject({ reason: 'The player was charged by mistake' });
    // Twice: nothing changes, the answer says so.
    const again = await refund(id, support);
    expect(again.result).toMatchObject({ outcome: 'already_refunded', status: Refunded });
    expect(await auditOf(id)).toHaveLength(1);
    const page = (await get(id)).result;
    expect(page?.references.refundIds).toEqual([r.result?.refundId]);
    expect(page?.timeline.filter((e) => e.status === Refunded)).toHaveLength(1);
    expect(page?.actions.refund).toBe(false);
    await worker.runJobs();
  });

  it('refunds an HC Point order to the wallet, once', async () => {
    const id = b.orders.paidEpoint;
    const wallet = createWalletService({ db: db() });
    const before = await wallet.getBalance(b.uid);
    const order = await orderRow(id);
    const r = await refund(id);
    expect(r.result).toMatchObject({
      outcome: 'refunded',
      provider: 'epoint',
      returned: order.hc_price,
    });
    const after = await wallet.getBalance(b.uid);
    expect(after.basicNum + after.presentNum).toBe(
      before.basicNum + before.presentNum + (order.hc_price ?? 0),
    );
    expect((await refund(id)).result).toMatchObject({ outcome: 'already_refunded' });
    expect(await wallet.getBalance(b.uid)).toEqual(after);
    // Not paid: refused, nothing changed.
    const unpaid = await refund(a.orders.unpaid);
    expect(unpaid.code).toBe(ErrorCode.OrderRefundNotAllowed);
    expect((await orderRow(a.orders.unpaid)).status).toBe(Unpaid);
    await worker.runJobs();
  });

  it('exports the filter as CSV with formula cells neutralised', async () => {
    await db()
      .updateTable('orders')
      .set({ role_name: '=HYPERLINK("http://evil.example")', item_name: '+cmd|calc' })
      .where('sdk_order_id', '=', b.orders.paidCard)
      .execute();
    const r = await consoleCall(
      t.app,
      consoleApi.consoleOrdersExport,
      { player: b.account, playerKind: 'auto' },
      finance,
    );
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^text\/csv/);
    const lines = r.text.trim().split('\n');
    expect(lines[0]).toBe(
      'order_number,created_at,paid_at,status,account_id,account,game_id,server_id,server_name,role_name,item_name,kind,price,currency,hc_price,channel,provider',
    );
    expect(lines).toHaveLength(4);
    const row = lines.find((l) => l.startsWith(b.orders.paidCard));
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(row).toContain(",'+cmd|calc,");
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'order.export')
      .execute();
    expect(audit).toHaveLength(1);
    const bad = await consoleCall(
      t.app,
      consoleApi.consoleOrdersExport,
      { amountMax: 5, playerKind: 'auto' },
      finance,
    );
    expect(bad.code).toBe(ErrorCode.OrdersFilterInvalid);
  });

  it('refuses operators without the support or finance role', async () => {
    for (const who of [content, operations]) {
      expect((await list({}, who)).code).toBe(ErrorCode.ConsoleForbidden);
      expect((await get(b.orders.paidCard, who)).code).toBe(ErrorCode.ConsoleForbidden);
      expect((await refund(b.orders.paidCard, who)).code).toBe(ErrorCode.ConsoleForbidden);
      const exp = await consoleCall(
        t.app,
        consoleApi.consoleOrdersExport,
        { playerKind: 'auto' },
        who,
      );
      expect(exp.code).toBe(ErrorCode.ConsoleForbidden);
      expect(exp.status).toBe(403);
    }
    expect((await orderRow(b.orders.paidCard)).status).toBe(Delivered);
    expect(await auditOf(b.orders.paidCard)).toEqual([]);
  });
});
