// Records over the real server (docs/product/account.md#top-up-history, docs/product/hc-point.md#hc-point-record, docs/product/api.md#account-calls
// /api/order/record, /api/order/coin/record, and their bad-input cases): only the
// caller's rows, newest first, status / order-number / date filters, paging, and the HC Point
// movements read from the ledger after a credit and a spend.
import { api, ErrorCode, ServerOrderStatus, type CallBody } from '@hc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { creditHcPoint } from '../src/modules/wallet/wallet.service';
import { call, invalidBody } from './support/call';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';
import { startDemoGame, type TestDemoGame } from './support/demo-game';

const { Unpaid, Delivered, Failed, Closed, Paid } = ServerOrderStatus;
const GAME_PACK = 'pack_adventurer';
const COIN_PACK = 'hc_500';

interface Player {
  accountId: number;
  uid: number;
  token: string;
  roleId: string;
}

const at = (iso: string) => new Date(iso);
const secondsOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe.each(testDatabases())('records on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, { env: { ...game.env } });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });
  async function player(): Promise<Player> {
    const a = await makeAccount(t.database.db);
    const uid = await createAccountsRepository(t.database.db).bindGameAccount(a.id, 1);
    const json = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
    return { accountId: a.id, uid, token: json.result.token, roleId: `r-${uid}-1` };
  }

  /** An order created through webCreate at `when` (the test clock), then set to `status`. */
  async function order(
    p: Player,
    when: string,
    over: { cp_goods_id?: string; channel_code?: string } = {},
    status?: ServerOrderStatus,
  ): Promise<string> {
    t.clock.set(at(when));
    const json = await call(
      t.app,
      api.orderWebCreate,
      {
        role_id: p.roleId,
        server_id: 1,
        cp_goods_id: GAME_PACK,
        channel_code: 'card',
        role_name: 'x',
        server_name: 'y',
        ...over,
      },
      { token: p.token, gameId: 1 },
    );
    expect(json.code).toBe(ErrorCode.Ok);
    const id = json.result.sdk_order_id;
    if (status !== undefined)
      await t.database.db
        .updateTable('orders')
        .set({ status })
        .where('sdk_order_id', '=', id)
        .execute();
    return id;
  }

  const records = (p: Player, body: CallBody<typeof api.orderRecord>) =>
    call(t.app, api.orderRecord, body, { token: p.token, gameId: 1 });
  const ids = (page: { result: { list: Array<{ sdk_order_id: string }> } }) =>
    page.result.list.map((r) => r.sdk_order_id);

  describe('order record', () => {
    let a: Player;
    let b: Player;
    let o: Record<'unpaid' | 'delivered' | 'failed' | 'closed' | 'paid', string>;
    let othersOrder: string;

    beforeAll(async () => {
      a = await player();
      b = await player();
      // Creating an HC Point order needs the balance (docs/product/hc-point.md).
      await t.database.db.transaction().execute((trx) =>
        creditHcPoint(trx, {
          gameAccountId: a.uid,
          basic: 499,
          present: 0,
          idempotencyKey: `record-${a.uid}:credit`,
        }),
      );
      o = {
        unpaid: await order(a, '2026-01-10T10:00:00Z'),
        delivered: await order(a, '2026-01-11T10:00:00Z', { cp_goods_id: COIN_PACK }, Delivered),
        failed: await order(a, '2026-01-12T10:00:00Z', {}, Failed),
        closed: await order(a, '2026-01-13T10:00:00Z', {}, Closed),
        paid: await order(a, '2026-01-14T10:00:00Z', { channel_code: 'epoint' }, Paid),
      };
      othersOrder = await order(b, '2026-01-14T11:00:00Z', {}, Delivered);
    });

    it("lists only the caller's orders, newest first, with every row field", async () => {
      const json = await records(a, {});
      expect(json.code).toBe(ErrorCode.Ok);
      expect(json.result).toMatchObject({ total: 5, page: 1, size: 10 });
      expect(ids(json)).toEqual([o.paid, o.closed, o.failed, o.delivered, o.unpaid]);
      expect(ids(json)).not.toContain(othersOrder);
      const [paidRow] = json.result.list;
      expect(paidRow).toMatchObject({
        status: Paid,
        channel_name: 'HC Point',
        create_ts: secondsOf('2026-01-14T10:00:00Z'),
        game_name: 'Demo Game',
        uid: a.uid,
        order_type: 'game',
        currency: 'USD',
      });
      expect(paidRow?.server_name).not.toBe('y'); // from the game, not the client
      expect(paidRow?.amount).toBeGreaterThan(0);
      expect(json.result.list[3]).toMatchObject({
        order_type: 'coin',
        channel_name: 'Visa / Mastercard',
      });

      const theirs = await records(b, {});
      expect(ids(theirs)).toEqual([othersOrder]);
    });

    it("never finds another account's order, even by its number", async () => {
      const json = await records(a, { sdk_order_id: othersOrder });
      expect(json.result).toMatchObject({ total: 0, list: [] });
      const own = await records(a, { sdk_order_id: o.failed });
      expect(ids(own)).toEqual([o.failed]);
    });

    it('filters by server status; 3 and 4 both match the "failed" tag; 1 never matches 6', async () => {
      const by = async (status: CallBody<typeof api.orderRecord>['status']) =>
        ids(await records(a, { status }));
      expect(await by(Unpaid)).toEqual([o.unpaid]);
      expect(await by(Paid)).toEqual([o.paid]);
      expect(await by(Delivered)).toEqual([o.delivered]);
      expect(await by(Failed)).toEqual([o.closed, o.failed]);
      expect(await by(Closed)).toEqual([o.closed, o.failed]);
      expect(await by(ServerOrderStatus.Refunded)).toEqual([]);
    });

    it('pages with total; a page past the end is empty', async () => {
      const p1 = await records(a, { page: 1, size: 2 });
      expect(ids(p1)).toEqual([o.paid, o.closed]);
      expect(p1.result).toMatchObject({ total: 5, page: 1, size: 2 });
      expect(ids(await records(a, { page: 2, size: 2 }))).toEqual([o.failed, o.delivered]);
      expect(ids(await records(a, { page: 3, size: 2 }))).toEqual([o.unpaid]);
      const past = await records(a, { page: 4, size: 2 });
      expect(past.result).toMatchObject({ total: 5, list: [] });
    });

    it('filters by date range, both ends inclusive, combined with status', async () => {
      const range = {
        begin: secondsOf('2026-01-11T00:00:00Z'),
        end: secondsOf('2026-01-12T23:59:59Z'),
      };
      expect(ids(await records(a, range))).toEqual([o.failed, o.delivered]);
      const exact = secondsOf('2026-01-13T10:00:00Z');
      expect(ids(await records(a, { begin: exact, end: exact }))).toEqual([o.closed]);
      expect(ids(await records(a, { begin: exact }))).toEqual([o.paid, o.closed]);
      expect(ids(await records(a, { end: exact - 1 }))).toEqual([o.failed, o.delivered, o.unpaid]);
      expect(ids(await records(a, { ...range, status: Failed }))).toEqual([o.failed]);
    });

    it('refuses begin after end, a size beyond 100 and an unknown status', async () => {
      const bad = async (body: unknown) => await records(a, invalidBody(body));
      const reversed = await bad({ begin: 200, end: 100 });
      expect(reversed.code).toBe(ErrorCode.InvalidParams);
      expect(reversed.data).toMatchObject({
        issues: [{ path: 'end', message: 'end must not be before begin' }],
      });
      expect((await bad({ size: 101 })).code).toBe(ErrorCode.InvalidParams);
      expect((await bad({ status: 7 })).code).toBe(ErrorCode.InvalidParams);
      expect((await bad({ status: 0 })).code).toBe(ErrorCode.InvalidParams);
      expect((await bad({ status: '2' })).code).toBe(ErrorCode.InvalidParams);
      expect((await bad({ page: 0 })).code).toBe(ErrorCode.InvalidParams);
      expect((await records(a, { begin: 100, end: 100 })).code).toBe(ErrorCode.Ok);
    });

    it('answers 203 tokenFail without a session', async () => {
      const anon = await call(t.app, api.orderRecord, {}, { gameId: 1 });
      expect(anon.status).toBe(203);
      expect(anon.code).toBe(ErrorCode.tokenFail);
    });
  });

  describe('HC Point record', () => {
    const coins = (p: Player, body: CallBody<typeof api.orderCoinRecord> = {}) =>
      call(t.app, api.orderCoinRecord, body, { token: p.token, gameId: 1 });

    async function invariants() {
      const { db } = t.database;
      const total = await sql<{ total: string }>`
        select coalesce(sum(amount), 0)::text as total from ledger_entries`.execute(db);
      expect(total.rows[0]?.total).toBe('0');
      const drift = await sql<{ id: number }>`
        select a.id from ledger_accounts a
        left join ledger_entries e on e.ledger_account_id = a.id
        group by a.id having a.balance <> coalesce(sum(e.amount), 0)`.execute(db);
      expect(drift.rows).toEqual([]);
    }

    it('shows a credit and a spend with change, running balance and type', async () => {
      t.clock.set(at('2026-01-15T07:59:00Z')); // sign in at the time the orders are made
      const p = await player();
      const other = await player();
      expect((await coins(p)).result).toMatchObject({ total: 0, list: [] });

      const coinOrder = await order(p, '2026-01-15T08:00:00Z', { cp_goods_id: COIN_PACK });
      await t.database.db.transaction().execute((trx) =>
        creditHcPoint(trx, {
          gameAccountId: p.uid,
          basic: 500,
          present: 50,
          idempotencyKey: `${coinOrder}:credit`,
        }),
      );
      await t.database.db.transaction().execute((trx) =>
        creditHcPoint(trx, {
          gameAccountId: other.uid,
          basic: 900,
          present: 0,
          idempotencyKey: `other-${other.uid}:credit`,
        }),
      );
      const gameOrder = await order(p, '2026-01-15T08:05:00Z', { channel_code: 'epoint' });
      const pay = await call(
        t.app,
        api.paymentOrderEpointPay,
        { paymentId: gameOrder },
        { token: p.token, gameId: 1 },
      );
      expect(pay.result.status).toBe(Paid);

      const json = await coins(p);
      expect(json.code).toBe(ErrorCode.Ok);
      expect(json.result).toMatchObject({ total: 2, page: 1, size: 10 });
      expect(json.result.list.map(({ create_ts: _ts, ...r }) => r)).toEqual([
        { sdk_order_id: gameOrder, change: -499, balance: 51, type: 'expense' },
        { sdk_order_id: coinOrder, change: 550, balance: 550, type: 'income' },
      ]);
      const now = Math.floor(Date.now() / 1000);
      for (const r of json.result.list) expect(Math.abs(r.create_ts - now)).toBeLessThan(600);

      // The other player's credit never shows; theirs shows only theirs.
      expect((await coins(other)).result.list).toEqual([
        expect.objectContaining({ sdk_order_id: `other-${other.uid}`, change: 900, balance: 900 }),
      ]);

      // Paging and dates.
      const second = await coins(p, { page: 2, size: 1 });
      expect(second.result).toMatchObject({ total: 2, page: 2, size: 1 });
      expect(ids(second)).toEqual([coinOrder]);
      expect((await coins(p, { begin: now - 3600, end: now + 3600 })).result.total).toBe(2);
      expect((await coins(p, { begin: now + 3600 })).result).toMatchObject({
        total: 0,
        list: [],
      });
      expect((await coins(p, { end: now - 3600 })).result.total).toBe(0);
      const reversed = await coins(p, { begin: now, end: now - 1 });
      expect(reversed.code).toBe(ErrorCode.InvalidParams);
      expect((await coins(p, { size: 101 })).code).toBe(ErrorCode.InvalidParams);
      await invariants();
    });

    it('answers 203 tokenFail without a session', async () => {
      const anon = await call(t.app, api.orderCoinRecord, {}, { gameId: 1 });
      expect(anon.status).toBe(203);
      expect(anon.code).toBe(ErrorCode.tokenFail);
    });
  });

  it('answers the customer-support link from config (docs/product/api.md#system-calls /api/setting/crmUrl)', async () => {
    const anon = await call(t.app, api.settingCrmUrl, {}, { gameId: 1 });
    expect(anon).toMatchObject({
      code: ErrorCode.Ok,
      result: { crm_url: t.config.customerServiceUrl },
    });
    expect(t.config.customerServiceUrl.length).toBeGreaterThan(0);
  });
});
