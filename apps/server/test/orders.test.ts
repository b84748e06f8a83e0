// Orders end to end over the real server (docs/product/top-up.md#top-up-screen, docs/product/top-up.md#order-statuses, docs/product/top-up.md#order-lifecycle, docs/product/api.md#top-up-calls webCreate,
// epoint pay, docs/product/errors.md#error-catalogue): creation checks, the sandbox webhook, the delivery worker
// against the demo game, HC Point packs and payment, expiry, faults and races.
import { randomUUID } from 'node:crypto';
import { api, ErrorCode, ServerOrderStatus } from '@hc/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signSandboxPayload } from '../src/adapters/payments/sandbox-signature';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { creditHcPoint, createWalletService } from '../src/modules/wallet/wallet.service';
import type { createWorkerLoop } from '../src/worker';
import { call, type WebhookAnswer } from './support/call';
import { testWorker } from './support/container';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { expectLedgerInvariants } from './support/ledger';

const { Unpaid, Delivered, Failed, Closed, Paid } = ServerOrderStatus;
const GAME_PACK = 'pack_adventurer';
const COIN_PACK = 'hc_500';

interface Player {
  accountId: number;
  uid: number;
  token: string;
  roleId: string;
}

describe.each(testDatabases())('orders on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  let worker: ReturnType<typeof createWorkerLoop>;

  beforeAll(async () => {
    // A fixed random source for the fault switches, so the fault test below sees the same faults
    // on every run.
    game = await startDemoGame({ random: seededRandom(20261127) });
    t = await createTestApp(kind, {
      env: {
        ...game.env,
        DEV_OUTBOX: 'true',
        DELIVERY_MAX_ATTEMPTS: '4',
        DELIVERY_BACKOFF_BASE_MS: '1000',
        DELIVERY_BACKOFF_MAX_MS: '8000',
        GATEWAY_TIMEOUT_MS: '3000',
      },
    });
    worker = makeWorker();
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  /** A worker over the test app; `maxAttempts` overrides DELIVERY_MAX_ATTEMPTS (4 here). */
  function makeWorker(maxAttempts?: number) {
    const config =
      maxAttempts === undefined
        ? t.config
        : { ...t.config, worker: { ...t.config.worker, deliveryMaxAttempts: maxAttempts } };
    return testWorker(t, config);
  }
  /** A fresh account with a game account (uid) and one role on Dawn (server 1). */
  async function player(): Promise<Player> {
    const { database, app, config } = t;
    const a = await makeAccount(database.db);
    const uid = await createAccountsRepository(database.db).bindGameAccount(a.id, 1);
    const json = await login(app, config.payloadKey, 'account', a.account, a.password);
    return { accountId: a.id, uid, token: json.result.token, roleId: `r-${uid}-1` };
  }

  /** HC Point for the player (creating an HC Point order needs the balance, docs/product/hc-point.md). */
  function fund(p: Player, basic: number, present = 0) {
    return t.database.db.transaction().execute((trx) =>
      creditHcPoint(trx, {
        gameAccountId: p.uid,
        basic,
        present,
        idempotencyKey: `fund:${randomUUID()}`,
      }),
    );
  }

  function create(p: Player, over: Record<string, unknown> = {}, headers = {}) {
    return call(
      t.app,
      api.orderWebCreate,
      {
        role_id: p.roleId,
        server_id: 1,
        cp_goods_id: GAME_PACK,
        channel_code: 'card',
        role_name: 'client says X',
        server_name: 'client says Y',
        ...over,
      },
      { token: p.token, gameId: 1, headers },
    );
  }

  async function detail(p: Player, id: string) {
    return call(t.app, api.orderDetail, { sdk_order_id: id }, { token: p.token, gameId: 1 });
  }

  async function orderRow(id: string) {
    return t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('sdk_order_id', '=', id)
      .executeTakeFirstOrThrow();
  }

  const orderCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * A sandbox webhook signed like the sandbox signs it, at the test clock's time; the payment
   * id is the order's recorded checkout unless given.
   */
  async function sandboxWebhook(
    event: {
      id?: string;
      type: string;
      order: string;
      amount: number;
      currency?: string;
      paymentId?: string;
    },
    options: { secret?: string; skewSeconds?: number; tamper?: boolean } = {},
  ) {
    const recorded = await t.database.db
      .selectFrom('orders')
      .select('provider_ref')
      .where('sdk_order_id', '=', event.order)
      .executeTakeFirst();
    const body = JSON.stringify({
      id: event.id ?? `evt_${randomUUID()}`,
      type: event.type,
      data: {
        payment_id: event.paymentId ?? recorded?.provider_ref ?? `sbx_test_${event.order}`,
        order_id: event.order,
        amount: event.amount,
        currency: event.currency ?? 'USD',
        method: 'card',
      },
    });
    const ts = Math.floor(t.clock.now().getTime() / 1000) + (options.skewSeconds ?? 0);
    const signature = signSandboxPayload(
      options.secret ?? t.config.payments.sandbox.webhookSecret,
      ts,
      body,
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
      payload: options.tamper ? body.replace('"amount":', '"amount":1') : body,
    });
  }

  async function paid(order: string, amount: number, id?: string) {
    const res = await sandboxWebhook({ id, type: 'payment.succeeded', order, amount });
    expect(res.statusCode).toBe(200);
    return res.json<WebhookAnswer>();
  }

  it('creates an unpaid order with a snapshot: names from the game, not the client', async () => {
    const p = await player();
    const res = await create(p);
    expect(res.code).toBe(0);
    expect(res.result.sdk_order_id).toMatch(/^HC\d{8}[A-Z2-9]{12}$/);
    expect(res.result.pay_url).toMatch(/\/pay\/sandbox\/sbx_/);
    const d = await detail(p, res.result.sdk_order_id);
    expect(d.result).toMatchObject({
      status: Unpaid,
      amount: 499,
      server_name: 'Dawn',
      role_name: `Hero${p.uid}`,
      pay_url: res.result.pay_url,
    });
    expect(d.result.timeline.map((e) => e.status)).toEqual([Unpaid]);
  });

  it("shows item and channel names in the reader's language, from the creation snapshot", async () => {
    const p = await player();
    await fund(p, 499);
    const id = (await create(p, { channel_code: 'epoint' })).result.sdk_order_id;
    const read = (lang: string) =>
      call(
        t.app,
        api.orderDetail,
        { sdk_order_id: id },
        { token: p.token, gameId: 1, headers: { lang } },
      );
    const [en, ja] = [await read('en-US'), await read('ja-JP')];
    expect(en.result).toMatchObject({ name: "Adventurer's Satchel", channel_name: 'HC Point' });
    expect(ja.result.channel_name).toBe('HCポイント');
    expect(ja.result.name).not.toBe(en.result.name);
  });

  it('returns the same order for a repeated Idempotency-Key, a new one for a new key', async () => {
    const p = await player();
    const key = { 'idempotency-key': `k-${randomUUID()}` };
    const first = await create(p, {}, key);
    const again = await create(p, {}, key);
    expect(again.result).toEqual(first.result);
    // A new key for another item is a new order (the same item would reuse the open one).
    const other = await create(
      p,
      { cp_goods_id: 'pack_starter' },
      { 'idempotency-key': `k-${randomUUID()}` },
    );
    expect(other.code).toBe(0);
    expect(other.result.sdk_order_id).not.toBe(first.result.sdk_order_id);
    expect((await create(p, {}, { 'idempotency-key': 'bad key' })).code).toBe(
      ErrorCode.InvalidParams,
    );
  });

  it('refuses bad input with a clear code and creates nothing', async () => {
    const p = await player();
    const other = await player();
    await t.database.db
      .insertInto('games')
      .values({ id: 2, name: 'Other Game', icon: '', platforms: ['pc'], sort: 1 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await t.database.db
      .insertInto('products')
      .values({
        game_id: 2,
        cp_goods_id: 'other_pack',
        kind: 'game',
        names: JSON.stringify({ 'en-US': 'Other' }),
        price: 100,
        currency: 'USD',
        icon: '',
      })
      .onConflict((oc) => oc.columns(['game_id', 'cp_goods_id']).doNothing())
      .execute();
    const before = await orderCount();
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ cp_goods_id: 'no_such_pack' }, ErrorCode.ProductNotFound],
      [{ cp_goods_id: 'other_pack' }, ErrorCode.ProductNotFound],
      [{ channel_code: 'bitcoin' }, ErrorCode.PayChannelUnavailable],
      [{ cp_goods_id: COIN_PACK, channel_code: 'epoint' }, ErrorCode.PayChannelUnavailable],
      [{ role_id: other.roleId }, ErrorCode.RoleNotFound],
      [{ server_id: 2 }, ErrorCode.RoleNotFound],
      [{ server_id: 99 }, ErrorCode.RoleNotFound],
      [{ role_id: '' }, ErrorCode.InvalidParams],
    ];
    for (const [over, code] of cases) {
      expect([over, (await create(p, over)).code]).toEqual([over, code]);
    }
    // A server in maintenance (Ember, where the demo game gives this player a role).
    game.state.addRole(p.uid, 3, { role_id: `r-${p.uid}-3`, role_name: 'Ember hero' });
    expect((await create(p, { server_id: 3, role_id: `r-${p.uid}-3` })).code).toBe(
      ErrorCode.serverMaintenance,
    );
    expect(await orderCount()).toBe(before);
  });

  it('pays by sandbox webhook, delivers through the worker, completes and mails a receipt', async () => {
    const p = await player();
    const { result } = await create(p);
    const id = result.sdk_order_id;
    expect((await paid(id, 499)).result.outcome).toBe('paid');
    const mid = await detail(p, id);
    expect(mid.result.status).toBe(Paid);
    expect(mid.result.pay_url).toBeNull();
    await worker.runJobs();
    const done = await detail(p, id);
    expect(done.result.status).toBe(Delivered);
    expect(done.result.timeline.map((e) => e.status)).toEqual([Unpaid, Paid, Delivered]);
    const row = await orderRow(id);
    const inventory = game.state.inventory(p.uid, 1, p.roleId);
    expect(inventory.length).toBeGreaterThan(0);
    expect(inventory).toEqual(
      row.items.map((i): unknown =>
        expect.objectContaining({ item_id: i.item_id, count: i.count }),
      ),
    );
    expect(game.state.grant(`order:${id}`)?.applied).toBe(1);
    const outbox = await t.database.db
      .selectFrom('dev_outbox')
      .select(['recipient', 'subject', 'body'])
      .where('body', 'like', `%${id}%`)
      .execute();
    expect(outbox).toHaveLength(1);
  });

  it('mails the receipt in the language the order was created in (de-DE), en-US otherwise', async () => {
    const de = (await create(await player(), {}, { lang: 'de-DE' })).result.sdk_order_id;
    const unknown = (await create(await player(), {}, { lang: 'fr-FR' })).result.sdk_order_id;
    expect((await orderRow(de)).language).toBe('de-DE');
    expect((await orderRow(unknown)).language).toBe('en-US');
    expect((await paid(de, 499)).result.outcome).toBe('paid');
    expect((await paid(unknown, 499)).result.outcome).toBe('paid');
    await worker.runJobs();
    const receipt = (id: string) =>
      t.database.db
        .selectFrom('dev_outbox')
        .select(['subject', 'body'])
        .where('body', 'like', `%${id}%`)
        .executeTakeFirstOrThrow();
    const german = await receipt(de);
    expect(german.subject).toContain(`Kaufbeleg zu Bestellung ${de}`);
    expect(german.body).toContain('Vielen Dank für Ihren Einkauf');
    expect(german.body).toContain(`Bestellnummer: ${de}`);
    expect(german.body).toContain('Gezahlter Betrag: ');
    const english = await receipt(unknown);
    expect(english.subject).toContain(`receipt for order ${unknown}`);
    expect(english.body).toContain('Thank you for your purchase');
  });

  it('never applies a webhook twice and refuses forged, stale, unknown and mismatched ones', async () => {
    const p = await player();
    const id = (await create(p)).result.sdk_order_id;
    const events = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('payment_events')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await events();
    expect(
      (
        await sandboxWebhook(
          { type: 'payment.succeeded', order: id, amount: 499 },
          { tamper: true },
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await sandboxWebhook(
          { type: 'payment.succeeded', order: id, amount: 499 },
          { secret: 'x'.repeat(32) },
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await sandboxWebhook(
          { type: 'payment.succeeded', order: id, amount: 499 },
          { skewSeconds: -301 },
        )
      ).statusCode,
    ).toBe(400);
    expect(await events()).toBe(before);
    expect((await paid('HC20260101NOSUCHORDER', 499)).code).toBe(ErrorCode.OrderNotFound);
    expect((await paid(id, 1)).code).toBe(ErrorCode.InvalidParams);
    expect((await orderRow(id)).status).toBe(Unpaid);
    const eventId = `evt_${randomUUID()}`;
    expect((await paid(id, 499, eventId)).result.outcome).toBe('paid');
    expect((await paid(id, 499, eventId)).result.outcome).toBe('duplicate');
    expect((await paid(id, 499)).result.outcome).toBe('no_change');
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select('dedupe_key')
      .where('dedupe_key', '=', `deliver:${id}`)
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it('a declined payment ends failed; a later success still pays (money is never dropped)', async () => {
    const p = await player();
    const id = (await create(p)).result.sdk_order_id;
    const res = await sandboxWebhook({ type: 'payment.declined', order: id, amount: 499 });
    expect(res.json<WebhookAnswer>().result.outcome).toBe('failed');
    expect((await detail(p, id)).result.status).toBe(Failed);
    expect((await paid(id, 499)).result.outcome).toBe('paid');
    expect((await orderRow(id)).status).toBe(Paid);
  });

  it('credits an HC Point pack exactly as shown, in the payment transaction', async () => {
    const p = await player();
    const products = await call(t.app, api.orderWebCoinProduct, {}, { token: p.token, gameId: 1 });
    const pack = products.result.list.find((x) => x.cp_goods_id === COIN_PACK);
    expect(pack).toBeDefined();
    const id = (await create(p, { cp_goods_id: COIN_PACK })).result.sdk_order_id;
    await paid(id, pack?.price ?? 0);
    const d = await detail(p, id);
    expect(d.result.status).toBe(Delivered);
    expect(d.result.timeline.map((e) => e.status)).toEqual([Unpaid, Paid, Delivered]);
    const balance = await createWalletService({ db: t.database.db }).getBalance(p.uid);
    expect(balance).toEqual({ basicNum: pack?.amount, presentNum: pack?.gift ?? 0 });
  });

  it('pays a game pack with HC Point: too little changes nothing; enough pays once', async () => {
    const p = await player();
    // Too little is refused at creation (docs/product/hc-point.md, topup-defects.test.ts) and again at payment.
    expect((await create(p, { channel_code: 'epoint' })).code).toBe(
      ErrorCode.ePointNumInsufficient,
    );
    await fund(p, 400, 150);
    const id = (await create(p, { channel_code: 'epoint' })).result.sdk_order_id;
    const pay = () =>
      call(t.app, api.paymentOrderEpointPay, { paymentId: id }, { token: p.token, gameId: 1 });
    const first = await pay();
    expect(first.result).toMatchObject({ status: Paid, balance: { basicNum: 51, presentNum: 0 } });
    const second = await pay();
    expect(second.result).toMatchObject({ status: Paid, balance: { basicNum: 51, presentNum: 0 } });
    const intruder = await player();
    expect(
      (
        await call(
          t.app,
          api.paymentOrderEpointPay,
          { paymentId: id },
          { token: intruder.token, gameId: 1 },
        )
      ).code,
    ).toBe(ErrorCode.OrderNotFound);
    await worker.runJobs();
    expect((await orderRow(id)).status).toBe(Delivered);
  });

  it('shows an order only to its owner', async () => {
    const p = await player();
    const q = await player();
    const id = (await create(p)).result.sdk_order_id;
    expect((await detail(q, id)).code).toBe(ErrorCode.OrderNotFound);
    expect((await detail(p, 'HC20260101NOSUCHORDERX')).code).toBe(ErrorCode.OrderNotFound);
  });

  it('closes unpaid orders after the TTL (shown failed); a late payment is still delivered', async () => {
    const p = await player();
    await fund(p, 499);
    const epoint = (await create(p, { channel_code: 'epoint' })).result.sdk_order_id;
    const card = (await create(p)).result.sdk_order_id;
    t.clock.advance(31 * 60_000);
    await worker.sweep();
    expect((await orderRow(epoint)).status).toBe(Closed);
    expect((await orderRow(card)).status).toBe(Closed);
    expect((await detail(p, card)).result.pay_url).toBeNull();
    expect((await paid(card, 499)).result.outcome).toBe('paid');
    await worker.runJobs();
    expect((await detail(p, card)).result.timeline.map((e) => e.status)).toEqual([
      Unpaid,
      Closed,
      Paid,
      Delivered,
    ]);
    expect(
      (
        await call(
          t.app,
          api.paymentOrderEpointPay,
          { paymentId: epoint },
          { token: p.token, gameId: 1 },
        )
      ).code,
    ).toBe(ErrorCode.OrderNotPayable);
  });

  it('keeps a paid order processing while the game is down and delivers once when it is back', async () => {
    const p = await player();
    const id = (await create(p)).result.sdk_order_id;
    game.setSwitches({ failureRate: 1 });
    await paid(id, 499);
    await worker.runJobs();
    expect((await orderRow(id)).status).toBe(Paid);
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `deliver:${id}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    game.setSwitches({ failureRate: 0 });
    t.clock.advance(10_000);
    await worker.runJobs();
    expect((await orderRow(id)).status).toBe(Delivered);
    expect(game.state.grant(`order:${id}`)?.applied).toBe(1);
  });

  it('moves a job to the dead-letter state after the configured attempts', async () => {
    const p = await player();
    const id = (await create(p)).result.sdk_order_id;
    game.setSwitches({ failureRate: 1 });
    await paid(id, 499);
    for (let i = 0; i < 6; i++) {
      await worker.runJobs();
      t.clock.advance(60_000);
    }
    game.setSwitches({ failureRate: 0 });
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `deliver:${id}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'dead', attempts: 4 });
    expect((await orderRow(id)).status).toBe(Paid);
  });

  if (kind === 'postgres') {
    it('applies one webhook sent 10 times concurrently, mixed with a decline, exactly once', async () => {
      const p = await player();
      const id = (await create(p)).result.sdk_order_id;
      const eventId = `evt_${randomUUID()}`;
      const sends = [
        ...Array.from(
          { length: 10 },
          () => () =>
            sandboxWebhook({ id: eventId, type: 'payment.succeeded', order: id, amount: 499 }),
        ),
        ...Array.from(
          { length: 3 },
          () => () => sandboxWebhook({ type: 'payment.succeeded', order: id, amount: 499 }),
        ),
        () => sandboxWebhook({ type: 'payment.declined', order: id, amount: 499 }),
      ].sort(() => Math.random() - 0.5);
      const outcomes = (await Promise.all(sends.map((s) => s()))).map(
        (r) => r.json<WebhookAnswer>().result.outcome,
      );
      expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
      await Promise.all([worker.runJobs(), worker.runJobs()]);
      expect((await orderRow(id)).status).toBe(Delivered);
      expect(game.state.grant(`order:${id}`)).toMatchObject({ applied: 1 });
      const events = await sql<{ n: string }>`
        select count(*)::text as n from order_events e join orders o on o.id = e.order_id
        where o.sdk_order_id = ${id} and e.status = ${Paid}`.execute(t.database.db);
      expect(events.rows[0]?.n).toBe('1');
    });

    it('delivers every paid order exactly once with 30% failures and apply-then-timeout', async () => {
      const p = await player();
      const ids: string[] = [];
      // Each paid before the next is created (an open order for the same item is reused).
      for (let i = 0; i < 12; i++) {
        const id = (await create(p)).result.sdk_order_id;
        await paid(id, 499);
        ids.push(id);
      }
      game.setSwitches({ failureRate: 0.3, applyThenTimeout: 0.3, hangMs: 0 });
      // Never dead-letter here: every order must end delivered, however unlucky its attempts.
      const patient = makeWorker(1000);
      for (let round = 0; round < 60; round++) {
        await Promise.all([patient.runJobs(), patient.runJobs()]);
        const left = await t.database.db
          .selectFrom('orders')
          .select('id')
          .where('sdk_order_id', 'in', ids)
          .where('status', '!=', Delivered)
          .execute();
        if (left.length === 0) break;
        t.clock.advance(10_000);
      }
      game.setSwitches({ failureRate: 0, applyThenTimeout: 0 });
      // Both faults really happened: some deliveries were refused (a job needed more than one
      // attempt) and some were applied without an answer (the game saw the same delivery again).
      const jobs = await t.database.db
        .selectFrom('jobs')
        .select(['dedupe_key', 'attempts'])
        .where(
          'dedupe_key',
          'in',
          ids.map((id) => `deliver:${id}`),
        )
        .execute();
      expect(jobs.filter((j) => j.attempts > 1).length).toBeGreaterThan(0);
      const resent = ids.filter((id) => (game.state.grant(`order:${id}`)?.requests ?? 0) > 1);
      expect(resent.length).toBeGreaterThan(0);
      for (const id of ids) {
        expect([id, (await orderRow(id)).status]).toEqual([id, Delivered]);
        expect([id, game.state.grant(`order:${id}`)?.applied]).toEqual([id, 1]);
      }
    });

    it('two orders racing for one HC Point balance never overdraw it', async () => {
      const p = await player();
      // Two roles: the same pack for one role would be the same (reused) order.
      game.state.addRole(p.uid, 1, { role_id: `r-${p.uid}-2`, role_name: 'Second hero' });
      // Enough for one of the two (creation checks the balance, docs/product/hc-point.md).
      await fund(p, 600);
      const a = (await create(p, { channel_code: 'epoint' })).result.sdk_order_id;
      const b = (await create(p, { channel_code: 'epoint', role_id: `r-${p.uid}-2` })).result
        .sdk_order_id;
      expect(b).not.toBe(a);
      const results = await Promise.all(
        [a, b, a, b].map((id) =>
          call(t.app, api.paymentOrderEpointPay, { paymentId: id }, { token: p.token, gameId: 1 }),
        ),
      );
      const codes = results.map((r) => r.code);
      expect(codes.filter((c) => c === ErrorCode.ePointNumInsufficient).length).toBeGreaterThan(0);
      const balance = await createWalletService({ db: t.database.db }).getBalance(p.uid);
      expect(balance).toEqual({ basicNum: 101, presentNum: 0 });
    });
  }
});

/** mulberry32: a small deterministic random source in [0, 1). */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
