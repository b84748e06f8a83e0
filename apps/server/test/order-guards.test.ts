// Guards on order creation and payment events (ADR 0031, docs/payments.md), over the real server
// with the sandbox provider's signed webhooks:
// - a player's open unpaid orders are capped and the same item is the same order; creations are
//   rate-limited per player; the worker's payment check is fair under a flood;
// - a refund that arrives before its payment ends the order refunded with nothing delivered or
//   credited, whatever the order of arrival;
// - an event must name the order's recorded payment; a refund above the price is refused;
// - two creates with one Idempotency-Key make one checkout and answer one URL.
import { randomUUID } from 'node:crypto';
import { api, ErrorCode, ServerOrderStatus, type CallBody } from '@hc/contract';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaymentProviders,
  type PaymentProvider,
  type PaymentProviders,
} from '../src/adapters/payments';
import { signSandboxPayload } from '../src/adapters/payments/sandbox-signature';
import { buildApp } from '../src/app';
import { runSeedSteps } from '../src/db/seed';
import { demoSeedSteps } from '../src/db/seeds/demo';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { createWalletService } from '../src/modules/wallet/wallet.service';
import type { createWorkerLoop } from '../src/worker';
import { call, type WebhookAnswer } from './support/call';
import { testWorker } from './support/container';
import { login, makeAccount } from './support/auth-fixtures';
import { openTestDatabase, testDatabases } from './support/databases';
import { createTestApp, testClock, testConfig, type TestApp } from './support/helper';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { expectLedgerInvariants } from './support/ledger';

const { Unpaid, Paid, Delivered, Refunded } = ServerOrderStatus;
const GAME_PACK = 'pack_adventurer';
const COIN_PACK = 'hc_500';
/** Every (item, method) a player can order on Dawn: more than the cap of open orders. */
const ITEMS = [
  'pack_starter',
  'pack_adventurer',
  'pack_monthly',
  'pack_hero',
  'hc_100',
  'hc_500',
  'hc_1000',
  'hc_2000',
];
const METHODS = ['card', 'paypal'];

interface Player {
  accountId: number;
  uid: number;
  token: string;
  roleId: string;
}

describe.each(testDatabases())('order guards on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  let worker: ReturnType<typeof createWorkerLoop>;

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, { env: { ...game.env, GATEWAY_TIMEOUT_MS: '3000' } });
    worker = testWorker(t);
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  const db = () => t.database.db;

  async function player(app: TestApp = t): Promise<Player> {
    const a = await makeAccount(app.database.db);
    const uid = await createAccountsRepository(app.database.db).bindGameAccount(a.id, 1);
    const json = await login(app.app, app.config.payloadKey, 'account', a.account, a.password);
    return { accountId: a.id, uid, token: json.result.token, roleId: `r-${uid}-1` };
  }

  async function create(
    p: Player,
    over: Partial<CallBody<typeof api.orderWebCreate>> = {},
    headers: Record<string, string> = {},
    app: TestApp = t,
  ) {
    return call(
      app.app,
      api.orderWebCreate,
      {
        role_id: p.roleId,
        server_id: 1,
        cp_goods_id: GAME_PACK,
        channel_code: 'card',
        role_name: '',
        server_name: '',
        ...over,
      },
      { token: p.token, gameId: 1, headers },
    );
  }

  const orderRow = (id: string) =>
    db().selectFrom('orders').selectAll().where('sdk_order_id', '=', id).executeTakeFirstOrThrow();

  const openUnpaid = async (p: Player) =>
    (
      await db()
        .selectFrom('orders')
        .select('sdk_order_id')
        .where('account_id', '=', p.accountId)
        .where('status', '=', Unpaid)
        .execute()
    ).map((o) => o.sdk_order_id);

  /** A sandbox webhook as the sandbox signs it; the payment id is the order's unless given. */
  async function webhook(
    type: string,
    order: string,
    over: { paymentId?: string; amount?: number; id?: string } = {},
  ) {
    const row = await orderRow(order);
    const body = JSON.stringify({
      id: over.id ?? `evt_${randomUUID()}`,
      type,
      data: {
        payment_id: over.paymentId ?? row.provider_ref,
        order_id: order,
        amount: over.amount ?? row.price,
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
    expect(res.statusCode).toBe(200);
    const json = res.json<WebhookAnswer>();
    return { code: json.code, outcome: json.result.outcome };
  }

  const timeline = async (id: string) =>
    (
      await db()
        .selectFrom('order_events')
        .innerJoin('orders', 'orders.id', 'order_events.order_id')
        .select('order_events.status')
        .where('orders.sdk_order_id', '=', id)
        .orderBy('order_events.id')
        .execute()
    ).map((e) => e.status);

  const transfersOf = async (id: string) =>
    (
      await db()
        .selectFrom('ledger_transfers')
        .select('idempotency_key')
        .where('idempotency_key', 'like', `${id}:%`)
        .execute()
    ).length;

  describe('creation limits', () => {
    it('30 concurrent creates of different items leave at most ORDER_MAX_UNPAID unpaid orders', async () => {
      const p = await player();
      const combos = ITEMS.flatMap((item) => METHODS.map((method) => [item, method] as const));
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => {
          const [item, method] = combos[i % combos.length] ?? ['pack_starter', 'card'];
          return create(p, { cp_goods_id: item, channel_code: method });
        }),
      );
      const open = await openUnpaid(p);
      expect(open).toHaveLength(t.config.orderMaxUnpaid);
      for (const a of answers) {
        if (a.code === ErrorCode.Ok) expect(open).toContain(a.result.sdk_order_id);
        else {
          expect(a.code).toBe(ErrorCode.TooManyRequests);
          expect(a.data.retry_after).toBeGreaterThanOrEqual(1);
        }
      }
    });

    it('the same item, role and method again is the same order and checkout; another method is not', async () => {
      const p = await player();
      const first = await create(p);
      const again = await create(p);
      expect(first.code).toBe(ErrorCode.Ok);
      expect(again.result).toEqual(first.result);
      expect(first.result.pay_url).toMatch(/\/pay\/sandbox\/sbx_/);
      const paypal = await create(p, { channel_code: 'paypal' });
      expect(paypal.result.sdk_order_id).not.toBe(first.result.sdk_order_id);
      const checkouts = await db()
        .selectFrom('sandbox_payments')
        .select('id')
        .where('order_ref', '=', first.result.sdk_order_id)
        .execute();
      expect(checkouts).toHaveLength(1);
      // Once paid, the same item is a new order.
      expect((await webhook('payment.succeeded', first.result.sdk_order_id)).outcome).toBe('paid');
      const next = await create(p);
      expect(next.code).toBe(ErrorCode.Ok);
      expect(next.result.sdk_order_id).not.toBe(first.result.sdk_order_id);
    });

    it('a 2,000-request flood makes at most the cap of orders and is cut by the rate limit', async () => {
      const p = await player();
      const before = (await db().selectFrom('orders').select('id').execute()).length;
      const combos = ITEMS.flatMap((item) => METHODS.map((method) => [item, method] as const));
      const codes: number[] = [];
      for (let sent = 0; sent < 2000; sent += 50) {
        const batch = await Promise.all(
          Array.from({ length: 50 }, (_, i) => {
            const [item, method] = combos[(sent + i) % combos.length] ?? ['pack_starter', 'card'];
            return create(p, { cp_goods_id: item, channel_code: method });
          }),
        );
        codes.push(...batch.map((a) => a.code));
      }
      const after = (await db().selectFrom('orders').select('id').execute()).length;
      expect(after - before).toBe(t.config.orderMaxUnpaid);
      expect(codes.filter((c) => c === ErrorCode.Ok).length).toBeLessThanOrEqual(
        t.config.orderCreatesPerMinute,
      );
      expect(codes.filter((c) => c === ErrorCode.TooManyRequests).length).toBeGreaterThanOrEqual(
        2000 - t.config.orderCreatesPerMinute,
      );
      // The next minute the player may ask again and gets an open order back. Which five
      // item/method pairs won the flood depends on the database's scheduling: ask for one of them.
      t.clock.advance(60_000);
      const open = await db()
        .selectFrom('orders')
        .select(['cp_goods_id', 'channel_code', 'sdk_order_id'])
        .where('account_id', '=', p.accountId)
        .executeTakeFirstOrThrow();
      const again = await create(p, {
        cp_goods_id: open.cp_goods_id,
        channel_code: open.channel_code,
      });
      expect(again.code).toBe(ErrorCode.Ok);
      expect(again.result.sdk_order_id).toBe(open.sdk_order_id);
    });

    it('a flood of due unpaid orders cannot keep the payment check from an order whose webhook was lost', async () => {
      // More unpaid orders with a checkout than one sweep takes, all due before ours.
      const flooder = await player();
      const seed = (await create(flooder, { cp_goods_id: 'pack_monthly' })).result.sdk_order_id;
      const { id: _id, ...copy } = await orderRow(seed);
      for (let i = 0; i < 120; i++)
        await db()
          .insertInto('orders')
          .values({
            ...copy,
            sdk_order_id: `${seed}F${i}`,
            item_names: JSON.stringify(copy.item_names),
            items: JSON.stringify(copy.items),
            provider_ref: `sbx_flood_${i}`,
          })
          .execute();
      t.clock.advance(60_000);
      // The player pays on the checkout page, but the webhook never arrives.
      const p = await player();
      const lost = (await create(p)).result.sdk_order_id;
      const row = await orderRow(lost);
      await db()
        .updateTable('sandbox_payments')
        .set({ status: 'paid', method: 'card' })
        .where('id', '=', row.provider_ref ?? '')
        .execute();
      t.clock.advance((t.config.worker.paymentCheckAfterMinutes + 1) * 60_000);
      // Every due order is looked at once within this many sweeps of 50, ours included.
      const due = (
        await db()
          .selectFrom('orders')
          .select('id')
          .where('status', '=', Unpaid)
          .where('provider_ref', 'is not', null)
          .execute()
      ).length;
      for (let i = 0; i < Math.ceil(due / 50); i++) await worker.sweep();
      expect((await orderRow(lost)).status).toBe(Paid);
    });
  });

  describe('events out of order', () => {
    it('a refund before the payment: the game pack ends refunded and nothing reaches the game', async () => {
      const p = await player();
      const id = (await create(p)).result.sdk_order_id;
      expect((await webhook('payment.refunded', id)).outcome).toBe('deferred');
      expect((await orderRow(id)).status).toBe(Unpaid);
      expect((await webhook('payment.succeeded', id)).outcome).toBe('paid');
      expect((await orderRow(id)).status).toBe(Refunded);
      expect(await timeline(id)).toEqual([Unpaid, Paid, Refunded]);
      await worker.runJobs();
      t.clock.advance(120_000);
      await worker.runJobs();
      expect(game.state.grant(`order:${id}`)).toBeUndefined();
      expect(game.state.takebackRecord(`order:${id}`)).toBeUndefined();
      expect((await orderRow(id)).status).toBe(Refunded);
      const events = await db()
        .selectFrom('payment_events')
        .select('outcome')
        .where('order_id', '=', (await orderRow(id)).id)
        .orderBy('id')
        .execute();
      expect(events.map((e) => e.outcome)).toEqual(['refunded', 'paid']);
    });

    it('a refund before the payment of an HC Point pack: nothing is credited, the ledger is untouched', async () => {
      const p = await player();
      const id = (await create(p, { cp_goods_id: COIN_PACK })).result.sdk_order_id;
      expect((await webhook('payment.refunded', id)).outcome).toBe('deferred');
      expect((await webhook('payment.succeeded', id)).outcome).toBe('paid');
      expect((await orderRow(id)).status).toBe(Refunded);
      expect(await transfersOf(id)).toBe(0);
      expect(await createWalletService({ db: db() }).getBalance(p.uid)).toEqual({
        basicNum: 0,
        presentNum: 0,
      });
    });

    it('a kept refund survives the process: the worker finds the payment later and the order ends refunded', async () => {
      const p = await player();
      const id = (await create(p, { cp_goods_id: COIN_PACK })).result.sdk_order_id;
      expect((await webhook('payment.refunded', id)).outcome).toBe('deferred');
      // Paid at the provider, webhook lost: the worker (another service instance) finds it.
      const row = await orderRow(id);
      await db()
        .updateTable('sandbox_payments')
        .set({ status: 'paid', method: 'card' })
        .where('id', '=', row.provider_ref ?? '')
        .execute();
      t.clock.advance((t.config.worker.paymentCheckAfterMinutes + 1) * 60_000);
      for (let i = 0; i < 10 && (await orderRow(id)).status === Unpaid; i++) await worker.sweep();
      expect((await orderRow(id)).status).toBe(Refunded);
      expect(await transfersOf(id)).toBe(0);
    });

    it('the usual order still works: payment, then refund', async () => {
      const p = await player();
      const id = (await create(p, { cp_goods_id: COIN_PACK })).result.sdk_order_id;
      expect((await webhook('payment.succeeded', id)).outcome).toBe('paid');
      expect((await orderRow(id)).status).toBe(Delivered);
      expect((await webhook('payment.refunded', id)).outcome).toBe('refunded');
      expect((await orderRow(id)).status).toBe(Refunded);
      expect(await createWalletService({ db: db() }).getBalance(p.uid)).toEqual({
        basicNum: 0,
        presentNum: 0,
      });
    });
  });

  describe('events that do not fit the order', () => {
    it("order B's payment sent for order A is recorded and refused; A does not move", async () => {
      const p = await player();
      const a = (await create(p)).result.sdk_order_id;
      const b = (await create(p, { cp_goods_id: 'pack_starter' })).result.sdk_order_id;
      const bRef = (await orderRow(b)).provider_ref ?? '';
      const paid = await webhook('payment.succeeded', a, { paymentId: bRef, amount: 499 });
      expect(paid).toEqual({ code: ErrorCode.InvalidParams, outcome: 'ref_mismatch' });
      expect((await orderRow(a)).status).toBe(Unpaid);
      const declined = await webhook('payment.declined', a, { paymentId: bRef });
      expect(declined.outcome).toBe('ref_mismatch');
      expect((await orderRow(a)).status).toBe(Unpaid);
      // Paid with its own reference, then a refund naming B's payment: A stays paid.
      expect((await webhook('payment.succeeded', a)).outcome).toBe('paid');
      expect((await webhook('payment.refunded', a, { paymentId: bRef })).outcome).toBe(
        'ref_mismatch',
      );
      expect((await orderRow(a)).status).toBe(Paid);
      const stored = await db()
        .selectFrom('payment_events')
        .select('outcome')
        .where('order_id', '=', (await orderRow(a)).id)
        .execute();
      expect(stored.filter((e) => e.outcome === 'ref_mismatch')).toHaveLength(3);
    });

    it('a refund larger than the price is refused with an alert; the order does not move', async () => {
      const p = await player();
      const id = (await create(p, { cp_goods_id: COIN_PACK })).result.sdk_order_id;
      expect((await webhook('payment.succeeded', id)).outcome).toBe('paid');
      const price = (await orderRow(id)).price;
      const logged = t.logs.length;
      expect(await webhook('payment.refunded', id, { amount: price + 1 })).toEqual({
        code: ErrorCode.InvalidParams,
        outcome: 'refund_exceeds_payment',
      });
      expect((await orderRow(id)).status).toBe(Delivered);
      expect(
        t.logs
          .slice(logged)
          .some((l) => l.level >= 50 && /refund larger than the payment/.test(l.msg ?? '')),
      ).toBe(true);
      // Before the payment too: refused at once, never kept.
      const q = await player();
      const other = (await create(q, { cp_goods_id: COIN_PACK })).result.sdk_order_id;
      expect((await webhook('payment.refunded', other, { amount: price * 2 })).outcome).toBe(
        'refund_exceeds_payment',
      );
      expect((await webhook('payment.succeeded', other)).outcome).toBe('paid');
      expect((await orderRow(other)).status).toBe(Delivered);
      // A partial refund is recorded and left to an operator (docs/payments.md).
      expect((await webhook('payment.refunded', id, { amount: price - 1 })).outcome).toBe(
        'amount_mismatch',
      );
      expect((await orderRow(id)).status).toBe(Delivered);
      expect(await createWalletService({ db: db() }).getBalance(p.uid)).toEqual({
        basicNum: 500,
        presentNum: 25,
      });
    });
  });

  describe('one checkout per order', () => {
    let gated: TestApp;
    let checkouts = 0;
    let gate: Promise<void> = Promise.resolve();
    let release: () => void = () => undefined;
    let onEnter: () => void = () => undefined;

    /** Closes the gate; resolves once a createCheckout is waiting at it. */
    function closeGate(): Promise<void> {
      gate = new Promise<void>((r) => {
        release = r;
      });
      return new Promise<void>((r) => {
        onEnter = r;
      });
    }

    /** The sandbox, whose createCheckout waits at the gate. */
    function gatedProviders(base: PaymentProviders): PaymentProviders {
      const sandbox = base.byName('sandbox');
      if (sandbox === undefined) throw new Error('sandbox provider expected');
      const slow: PaymentProvider = {
        ...sandbox,
        name: 'sandbox',
        async createCheckout(input) {
          checkouts += 1;
          onEnter();
          await gate;
          return sandbox.createCheckout(input);
        },
      };
      return {
        forMethod: () => slow,
        byName: (name) => (name === 'sandbox' ? slow : base.byName(name)),
        all: () => [slow],
      };
    }

    beforeAll(async () => {
      const database = await openTestDatabase(kind);
      await runSeedSteps(database, demoSeedSteps);
      const clock = testClock();
      const config = testConfig({ ...game.env, GATEWAY_TIMEOUT_MS: '3000' });
      const logger = pino({ level: 'silent' });
      const providers = gatedProviders(
        createPaymentProviders({ config, db: database.db, clock, log: logger }),
      );
      const app = await buildApp(config, { database, clock, logger, providers });
      await app.ready();
      gated = { app, database, clock, config, logs: [] };
    });
    afterAll(async () => {
      release();
      await gated.app.close();
      await gated.database.close();
    });

    it('two concurrent creates with one Idempotency-Key make one checkout and answer one URL', async () => {
      const p = await player(gated);
      const key = { 'idempotency-key': `k-${randomUUID()}` };
      const entered = closeGate();
      const first = create(p, {}, key, gated);
      await entered;
      // The first request is inside the provider call; the second arrives now.
      const second = create(p, {}, key, gated);
      const third = create(p, {}, {}, gated);
      await new Promise((r) => setTimeout(r, 200));
      release();
      const [a, b, c] = await Promise.all([first, second, third]);
      expect(a.code).toBe(ErrorCode.Ok);
      expect(b.result).toEqual(a.result);
      expect(c.result).toEqual(a.result);
      expect(a.result.pay_url).toMatch(/\/pay\/sandbox\/sbx_/);
      expect(checkouts).toBe(1);
      const rows = await gated.database.db
        .selectFrom('sandbox_payments')
        .select('id')
        .where('order_ref', '=', a.result.sdk_order_id)
        .execute();
      expect(rows).toHaveLength(1);
    });
  });
});
