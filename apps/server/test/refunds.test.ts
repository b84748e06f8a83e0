// Refunds end to end over the real server (docs/decisions/0019-refund-debt.md, docs/game-gateway.md, docs/payments.md; ADR 0019): the
// sandbox refund webhook moves an order to refunded (5); an HC Point pack's points are taken
// back, a shortfall becomes a debt settled by the next credit; a game pack's items are taken
// back from the demo game once; replays change nothing; the operator CLI `refund` command.
import { randomUUID } from 'node:crypto';
import { api, ServerOrderStatus } from '@hc/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGameGateway } from '../src/adapters/game-gateway/client';
import type { GameGateway } from '../src/adapters/game-gateway/types';
import { createPaymentProviders, type PaymentProviders } from '../src/adapters/payments';
import { signSandboxPayload } from '../src/adapters/payments/sandbox-signature';
import { refund } from '../src/commands/refund';
import type { CommandContext } from '../src/commands/types';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { createTakebackHandler } from '../src/modules/orders/refunds';
import { createJobQueue, type Job } from '../src/jobs/queue';
import { creditHcPoint, createWalletService } from '../src/modules/wallet/wallet.service';
import { createWorkerLoop } from '../src/worker';
import { call, type WebhookAnswer } from './support/call';
import { testContainer } from './support/container';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { expectLedgerInvariants } from './support/ledger';

const { Unpaid, Delivered, Refunded, Paid } = ServerOrderStatus;
/** $4.99: gems 330, gold 20000, scrolls 3; no rebate. */
const GAME_PACK = 'pack_adventurer';
/** $19.99 game pack: 5 % rebate = 99 HC Point (present). */
const REBATE_PACK = 'pack_hero';
/** $4.99: 500 basic + 25 present. */
const COIN_PACK = 'hc_500';

interface Player {
  accountId: number;
  uid: number;
  token: string;
  roleId: string;
}

describe.each(testDatabases())('refunds on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  let gateway: GameGateway;
  let providers: PaymentProviders;
  let worker: ReturnType<typeof createWorkerLoop>;

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, { env: { ...game.env, GATEWAY_TIMEOUT_MS: '3000' } });
    gateway = createGameGateway({
      gateways: t.config.gateways,
      timeoutMs: t.config.gatewayTimeoutMs,
    });
    providers = createPaymentProviders({
      config: t.config,
      db: t.database.db,
      clock: t.clock,
      log: t.app.log,
    });
    worker = createWorkerLoop(
      testContainer({
        database: t.database,
        log: t.app.log,
        config: t.config,
        clock: t.clock,
        gateway,
        providers,
      }),
    );
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  const db = () => t.database.db;
  const balance = (uid: number) => createWalletService({ db: db() }).getBalance(uid);
  const openDebt = (uid: number) => createWalletService({ db: db() }).openDebt(uid);
  async function player(): Promise<Player> {
    const a = await makeAccount(db());
    const uid = await createAccountsRepository(db()).bindGameAccount(a.id, 1);
    const json = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
    return { accountId: a.id, uid, token: json.result.token, roleId: `r-${uid}-1` };
  }

  async function create(p: Player, cpGoodsId: string, channel = 'card'): Promise<string> {
    const res = await call(
      t.app,
      api.orderWebCreate,
      {
        role_id: p.roleId,
        role_name: 'ignored',
        server_id: 1,
        server_name: 'ignored',
        cp_goods_id: cpGoodsId,
        channel_code: channel,
      },
      { token: p.token, gameId: 1 },
    );
    expect(res.code).toBe(0);
    return res.result.sdk_order_id;
  }

  const orderRow = (id: string) =>
    db().selectFrom('orders').selectAll().where('sdk_order_id', '=', id).executeTakeFirstOrThrow();

  /** A sandbox webhook, signed as the sandbox signs it; payment id = the order's provider_ref. */
  async function webhook(type: string, order: string, eventId = `evt_${randomUUID()}`) {
    const row = await orderRow(order);
    const body = JSON.stringify({
      id: eventId,
      type,
      data: {
        payment_id: row.provider_ref,
        order_id: order,
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
    expect(res.statusCode).toBe(200);
    return res.json<WebhookAnswer>().result.outcome;
  }

  /** Pays at the sandbox (its payment row becomes paid, as the checkout page does) + webhook. */
  async function pay(order: string): Promise<void> {
    const row = await orderRow(order);
    await db()
      .updateTable('sandbox_payments')
      .set({ status: 'paid', method: 'card' })
      .where('id', '=', row.provider_ref ?? '')
      .execute();
    expect(await webhook('payment.succeeded', order)).toBe('paid');
  }

  async function creditSeed(uid: number, basic: number, present: number) {
    await db()
      .transaction()
      .execute((trx) =>
        creditHcPoint(trx, {
          gameAccountId: uid,
          basic,
          present,
          idempotencyKey: `seed:${randomUUID()}`,
        }),
      );
  }

  async function payWithHcPoint(p: Player, order: string) {
    const res = await call(
      t.app,
      api.paymentOrderEpointPay,
      { paymentId: order },
      { token: p.token, gameId: 1 },
    );
    expect(res.code).toBe(0);
  }

  async function timeline(p: Player, order: string) {
    const d = await call(
      t.app,
      api.orderDetail,
      { sdk_order_id: order },
      { token: p.token, gameId: 1 },
    );
    return { status: d.result.status, statuses: d.result.timeline.map((e) => e.status) };
  }

  const inventory = (p: Player) =>
    Object.fromEntries(game.state.inventory(p.uid, 1, p.roleId).map((i) => [i.item_id, i.count]));

  const jobsOf = (order: string) =>
    db()
      .selectFrom('jobs')
      .select(['kind', 'state', 'result'])
      .where('dedupe_key', 'like', `%:${order}`)
      .orderBy('id')
      .execute();

  function commandContext(lines: string[]): CommandContext {
    return {
      container: testContainer({
        config: t.config,
        database: t.database,
        gateway,
        providers,
        clock: t.clock,
        log: t.app.log,
      }),
      out: (line) => void lines.push(line),
    };
  }

  it('takes back a whole HC Point pack: balance back to 0, order refunded on the timeline', async () => {
    const p = await player();
    const id = await create(p, COIN_PACK);
    await pay(id);
    expect(await balance(p.uid)).toEqual({ basicNum: 500, presentNum: 25 });
    expect(await webhook('payment.refunded', id)).toBe('refunded');
    expect(await balance(p.uid)).toEqual({ basicNum: 0, presentNum: 0 });
    expect(await openDebt(p.uid)).toBe(0);
    expect(await timeline(p, id)).toEqual({
      status: Refunded,
      statuses: [Unpaid, Paid, Delivered, Refunded],
    });
    const event = await db()
      .selectFrom('order_events')
      .innerJoin('orders', 'orders.id', 'order_events.order_id')
      .select('order_events.note')
      .where('orders.sdk_order_id', '=', id)
      .where('order_events.status', '=', Refunded)
      .executeTakeFirstOrThrow();
    expect(event.note).toBe('provider_refund');
  });

  it('keeps the balance at 0 when points were spent, records the debt, settles it from the next credit', async () => {
    const p = await player();
    await creditSeed(p.uid, 0, 0);
    const coin = await create(p, COIN_PACK);
    await pay(coin);
    // Spend 499 of the 525 (present first: 25 present + 474 basic) on a game pack.
    const gamePack = await create(p, GAME_PACK, 'epoint');
    await payWithHcPoint(p, gamePack);
    expect(await balance(p.uid)).toEqual({ basicNum: 26, presentNum: 0 });
    expect(await webhook('payment.refunded', coin)).toBe('refunded');
    expect(await balance(p.uid)).toEqual({ basicNum: 0, presentNum: 0 });
    const row = await orderRow(coin);
    const debt = await db()
      .selectFrom('account_debts')
      .selectAll()
      .where('order_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(debt).toMatchObject({ reason: 'refund_shortfall', amount: 499, settled: 0 });
    expect(Number(debt.game_account_id)).toBe(p.uid);

    // The next pack pays the debt first: 525 - 499 = 26 left to the player (present first).
    const next = await create(p, COIN_PACK);
    await pay(next);
    expect(await balance(p.uid)).toEqual({ basicNum: 26, presentNum: 0 });
    expect(await openDebt(p.uid)).toBe(0);
    const settled = await db()
      .selectFrom('account_debts')
      .select(['settled', 'settled_at'])
      .where('id', '=', debt.id)
      .executeTakeFirstOrThrow();
    expect(settled.settled).toBe(499);
    expect(settled.settled_at).not.toBeNull();
    const settlement = await db()
      .selectFrom('ledger_transfers')
      .select('kind')
      .where('idempotency_key', '=', `${next}:credit:debt`)
      .executeTakeFirstOrThrow();
    expect(settlement.kind).toBe('debt_settlement');
  });

  it('settles a large debt over several credits, oldest first, never below zero', async () => {
    const p = await player();
    const a = await create(p, COIN_PACK);
    await pay(a);
    const spend = await create(p, GAME_PACK, 'epoint');
    await payWithHcPoint(p, spend); // 26 basic left
    expect(await webhook('payment.refunded', a)).toBe('refunded'); // debt 499
    await creditSeed(p.uid, 100, 50);
    expect(await balance(p.uid)).toEqual({ basicNum: 0, presentNum: 0 });
    expect(await openDebt(p.uid)).toBe(349);
    await creditSeed(p.uid, 400, 0);
    expect(await balance(p.uid)).toEqual({ basicNum: 51, presentNum: 0 });
    expect(await openDebt(p.uid)).toBe(0);
  });

  it('takes a game pack back from the game once, even when the take-back job runs twice', async () => {
    const p = await player();
    const id = await create(p, GAME_PACK);
    await pay(id);
    await worker.runJobs();
    expect((await orderRow(id)).status).toBe(Delivered);
    expect(inventory(p)).toEqual({ gem: 330, gold: 20000, summon_scroll: 3 });
    // The player used 1 scroll: the game cannot take back 3 of them.
    game.state.consume(p.uid, 1, p.roleId, 'summon_scroll', 1);

    expect(await webhook('payment.refunded', id)).toBe('refunded');
    const job = await db()
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `takeback:${id}`)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('pending');
    // Claimed by hand (only this job), as a worker would: state running under a lease.
    await db()
      .updateTable('jobs')
      .set({
        state: 'running',
        attempts: 1,
        lease_until: new Date(t.clock.now().getTime() + 60_000),
      })
      .where('id', '=', job.id)
      .execute();
    const mine: Job = {
      id: Number(job.id),
      kind: 'takeback',
      dedupeKey: job.dedupe_key,
      orderId: Number(job.order_id),
      payload: {},
      attempts: 1,
    };
    const handler = createTakebackHandler({
      db: db(),
      queue: createJobQueue(db()),
      gateway,
      clock: t.clock,
      log: t.app.log,
    });
    await handler(mine);
    await handler(mine); // a worker that lost its lease runs it again
    expect(inventory(p)).toEqual({ gem: 0, gold: 0, summon_scroll: 0 });
    const record = game.state.takebackRecord(`order:${id}`);
    expect(record).toMatchObject({ applied: 1, requests: 2 });
    expect(record?.result.shortfall).toEqual([
      { item_id: 'summon_scroll', name: expect.any(String) as string, count: 1 },
    ]);
    const done = await db()
      .selectFrom('jobs')
      .select('state')
      .where('dedupe_key', '=', `takeback:${id}`)
      .executeTakeFirstOrThrow();
    expect(done.state).toBe('done');
    expect((await timeline(p, id)).statuses).toEqual([Unpaid, Paid, Delivered, Refunded]);
  });

  it('takes back the rebate of a game pack with its items', async () => {
    const p = await player();
    const id = await create(p, REBATE_PACK);
    await pay(id);
    expect(await balance(p.uid)).toEqual({ basicNum: 0, presentNum: 99 });
    await worker.runJobs();
    expect(await webhook('payment.refunded', id)).toBe('refunded');
    expect(await balance(p.uid)).toEqual({ basicNum: 0, presentNum: 0 });
    await worker.runJobs();
    expect(game.state.takebackRecord(`order:${id}`)).toMatchObject({ applied: 1 });
    expect(inventory(p).hero_token).toBe(0);
  });

  it('a refund before delivery: the deliver job skips it and nothing reaches the game', async () => {
    const p = await player();
    const id = await create(p, GAME_PACK);
    await pay(id);
    expect(await webhook('payment.refunded', id)).toBe('refunded');
    // Both jobs may be claimed in one round: the take-back then waits for the delivery job.
    await worker.runJobs();
    t.clock.advance(120_000);
    await worker.runJobs();
    const jobs = await jobsOf(id);
    expect(jobs.map((j) => [j.kind, j.state])).toEqual([
      ['deliver', 'done'],
      ['takeback', 'done'],
    ]);
    expect(game.state.grant(`order:${id}`)).toBeUndefined();
    expect(game.state.takebackRecord(`order:${id}`)).toBeUndefined();
    expect((await orderRow(id)).status).toBe(Refunded);
  });

  it('a replayed or repeated refund changes nothing the second time', async () => {
    const p = await player();
    const coin = await create(p, COIN_PACK);
    await pay(coin);
    const eventId = `evt_${randomUUID()}`;
    expect(await webhook('payment.refunded', coin, eventId)).toBe('refunded');
    const transfers = async () =>
      (await db().selectFrom('ledger_transfers').select('id').execute()).length;
    const before = await transfers();
    expect(await webhook('payment.refunded', coin, eventId)).toBe('duplicate');
    expect(await webhook('payment.refunded', coin)).toBe('no_change');
    expect(await transfers()).toBe(before);
    expect(await balance(p.uid)).toEqual({ basicNum: 0, presentNum: 0 });

    const g = await create(p, GAME_PACK);
    await pay(g);
    await worker.runJobs();
    expect(await webhook('payment.refunded', g)).toBe('refunded');
    expect(await webhook('payment.refunded', g)).toBe('no_change');
    await worker.runJobs();
    expect((await jobsOf(g)).filter((j) => j.kind === 'takeback')).toHaveLength(1);
    expect(game.state.takebackRecord(`order:${g}`)).toMatchObject({ applied: 1, requests: 1 });
    expect((await timeline(p, g)).statuses.filter((s) => s === Refunded)).toHaveLength(1);
  });

  it('the CLI refunds a card order at the provider and applies it at once; the webhook then changes nothing', async () => {
    const p = await player();
    const id = await create(p, COIN_PACK);
    await pay(id);
    const lines: string[] = [];
    expect(await refund.run(commandContext(lines), [id])).toBe(0);
    expect(lines.join('\n')).toMatch(/refunded at sandbox/);
    expect(lines.join('\n')).toMatch(/HC Point taken back: basic 500, present 25/);
    expect((await orderRow(id)).status).toBe(Refunded);
    const sandbox = await db()
      .selectFrom('sandbox_payments')
      .select('status')
      .where('order_ref', '=', id)
      .executeTakeFirstOrThrow();
    expect(sandbox.status).toBe('refunded');
    expect(await balance(p.uid)).toEqual({ basicNum: 0, presentNum: 0 });
    // The provider's own refund webhook arrives later: nothing moves again.
    expect(await webhook('payment.refunded', id)).toBe('no_change');
    // Refusals: a second run, an unknown order, bad arguments.
    const again: string[] = [];
    expect(await refund.run(commandContext(again), [id])).toBe(1);
    expect(again.join('\n')).toMatch(/status 5/);
    expect(await refund.run(commandContext([]), ['HC20260101NOSUCHORDERX'])).toBe(1);
    await expect(refund.run(commandContext([]), [])).rejects.toThrow(/exactly one/);
    const unpaid = await create(p, GAME_PACK);
    expect(await refund.run(commandContext([]), [unpaid])).toBe(1);
    expect((await orderRow(unpaid)).status).toBe(Unpaid);
  });

  it('the CLI refunds an HC Point-paid game pack: points back, refunded, items taken back', async () => {
    const p = await player();
    await creditSeed(p.uid, 480, 40);
    const id = await create(p, GAME_PACK, 'epoint');
    await payWithHcPoint(p, id);
    expect(await balance(p.uid)).toEqual({ basicNum: 21, presentNum: 0 });
    await worker.runJobs();
    expect(inventory(p).gem).toBe(330);
    const lines: string[] = [];
    expect(await refund.run(commandContext(lines), [id])).toBe(0);
    expect(lines.join('\n')).toMatch(/HC Point returned to the wallet: 499/);
    // Exactly the buckets the payment took: 40 present + 459 basic.
    expect(await balance(p.uid)).toEqual({ basicNum: 480, presentNum: 40 });
    expect((await orderRow(id)).status).toBe(Refunded);
    await worker.runJobs();
    expect(inventory(p).gem).toBe(0);
    expect(game.state.takebackRecord(`order:${id}`)).toMatchObject({ applied: 1 });
    expect(await refund.run(commandContext([]), [id])).toBe(1);
    expect(await balance(p.uid)).toEqual({ basicNum: 480, presentNum: 40 });
  });
});
