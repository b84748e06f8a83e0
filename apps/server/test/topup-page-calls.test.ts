// Calls behind the top-up page's unpaid orders and its game choice: /api/order/cancel
// (docs/product/top-up.md#unpaid-orders) and ContextReset (20002) for a `gameid` header naming no
// game (docs/product/session.md#code-20002, docs/decisions/0006-envelope-and-error-codes.md).
import { api, ErrorCode, ServerOrderStatus, type ApiCall, type CallBody } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { call } from './support/call';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { useTestApp } from './support/helper';
import { GAME_PACK, GAME_PACK_PRICE, payBySandboxWebhook } from './support/players';
import { startDemoGame, type TestDemoGame } from './support/demo-game';

const { Unpaid, Closed, Paid, Delivered } = ServerOrderStatus;
const UNKNOWN_GAME = 4242;

describe.each(testDatabases())('top-up page calls on %s', (kind) => {
  let game: TestDemoGame;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    game = await startDemoGame();
    Object.assign(env, game.env, { GATEWAY_TIMEOUT_MS: '2500' });
  });
  afterAll(async () => {
    await game.close();
  });
  const t = useTestApp(kind, { env });

  async function newPlayer() {
    const { app, config, database } = t.current;
    const a = await makeAccount(database.db);
    const uid = await createAccountsRepository(database.db).bindGameAccount(a.id, 1);
    const l = await login(app, config.payloadKey, 'account', a.account, a.password);
    expect(l.code).toBe(ErrorCode.Ok);
    return { token: l.result.token, uid, roleId: `r-${uid}-1` };
  }

  async function createOrder(p: { token: string; roleId: string }, channel = 'card') {
    const created = await call(
      t.current.app,
      api.orderWebCreate,
      {
        role_id: p.roleId,
        server_id: 1,
        cp_goods_id: GAME_PACK,
        channel_code: channel,
        role_name: '',
        server_name: '',
      },
      { token: p.token, gameId: 1 },
    );
    expect(created.code).toBe(ErrorCode.Ok);
    return created.result.sdk_order_id;
  }

  const cancel = (token: string, id: string) =>
    call(t.current.app, api.orderCancel, { sdk_order_id: id }, { token, gameId: 1 });
  const detail = (token: string, id: string) =>
    call(t.current.app, api.orderDetail, { sdk_order_id: id }, { token, gameId: 1 });
  const unpaid = (token: string) =>
    call(t.current.app, api.orderRecord, { status: Unpaid, size: 100 }, { token });

  describe('/api/order/cancel', () => {
    it('closes an unpaid order of the player, once, and it leaves the unpaid list', async () => {
      const p = await newPlayer();
      const id = await createOrder(p);
      expect((await unpaid(p.token)).result.list.map((r) => r.sdk_order_id)).toEqual([id]);

      const first = await cancel(p.token, id);
      expect(first.code).toBe(ErrorCode.Ok);
      expect(first.result).toEqual({ sdk_order_id: id, status: Closed });
      // Idempotent: again, and twice at once, the same answer and no second timeline step.
      const again = await Promise.all([cancel(p.token, id), cancel(p.token, id)]);
      expect(again.map((r) => [r.code, r.result.status])).toEqual([
        [ErrorCode.Ok, Closed],
        [ErrorCode.Ok, Closed],
      ]);
      const shown = await detail(p.token, id);
      expect(shown.result.status).toBe(Closed);
      expect(shown.result.pay_url).toBeNull();
      expect(shown.result.timeline.map((s) => s.status)).toEqual([Unpaid, Closed]);
      expect((await unpaid(p.token)).result.list).toEqual([]);
    });

    it('cancels concurrently with one timeline step only', async () => {
      const p = await newPlayer();
      const id = await createOrder(p);
      const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(p.token, id)));
      expect(new Set(answers.map((r) => `${r.code}:${r.result.status}`))).toEqual(
        new Set([`0:${Closed}`]),
      );
      const events = await t.current.database.db
        .selectFrom('order_events')
        .innerJoin('orders', 'orders.id', 'order_events.order_id')
        .select(['order_events.status', 'order_events.note'])
        .where('orders.sdk_order_id', '=', id)
        .orderBy('order_events.id')
        .execute();
      expect(events).toEqual([
        { status: Unpaid, note: null },
        { status: Closed, note: 'cancelled' },
      ]);
    });

    it('leaves a paid order as it is and answers its status', async () => {
      const p = await newPlayer();
      const id = await createOrder(p);
      await payBySandboxWebhook(t.current, id, GAME_PACK_PRICE);
      const answer = await cancel(p.token, id);
      expect(answer.code).toBe(ErrorCode.Ok);
      expect([Paid, Delivered]).toContain(answer.result.status);
      expect((await detail(p.token, id)).result.status).toBe(answer.result.status);
    });

    it('answers OrderNotFound for an unknown order or another player’s, which stays unpaid', async () => {
      const a = await newPlayer();
      const b = await newPlayer();
      const id = await createOrder(a);
      expect((await cancel(b.token, id)).code).toBe(ErrorCode.OrderNotFound);
      expect((await cancel(b.token, 'HC-NOPE-1')).code).toBe(ErrorCode.OrderNotFound);
      expect((await detail(a.token, id)).result.status).toBe(Unpaid);
      const anonymous = await call(t.current.app, api.orderCancel, { sdk_order_id: id });
      expect(anonymous.status).toBe(203);
    });
  });

  describe('a gameid naming no game', () => {
    const ask = <C extends ApiCall>(c: C, body: CallBody<C>, token?: string, gameId?: number) =>
      call(t.current.app, c, body, { token, gameId });

    it('answers ContextReset on every call that reads the game, never the first game', async () => {
      const p = await newPlayer();
      const role = { server_id: 1, role_id: p.roleId };
      const answers = {
        uinfo: await ask(api.userUinfo, {}, p.token, UNKNOWN_GAME),
        webRole: await ask(api.userWebRole, {}, p.token, UNKNOWN_GAME),
        select: await ask(api.characterInfoSelect, role, p.token, UNKNOWN_GAME),
        packs: await ask(api.orderWebProduct, role, p.token, UNKNOWN_GAME),
        coinPacks: await ask(api.orderWebCoinProduct, {}, undefined, UNKNOWN_GAME),
        items: await ask(api.rechargeV2Items, role, p.token, UNKNOWN_GAME),
        rebate: await ask(api.rechargeRebateInfo, {}, undefined, UNKNOWN_GAME),
        coinRecord: await ask(api.orderCoinRecord, {}, p.token, UNKNOWN_GAME),
        create: await ask(
          api.orderWebCreate,
          {
            ...role,
            cp_goods_id: GAME_PACK,
            channel_code: 'card',
            role_name: '',
            server_name: '',
          },
          p.token,
          UNKNOWN_GAME,
        ),
      };
      for (const [name, answer] of Object.entries(answers)) {
        expect([name, answer.status, answer.code]).toEqual([name, 200, ErrorCode.ContextReset]);
      }
    });

    it('still serves a known game, and no header falls back to the first bound game', async () => {
      const p = await newPlayer();
      const role = { server_id: 1, role_id: p.roleId };
      for (const gameId of [1, undefined]) {
        const select = await ask(api.characterInfoSelect, role, p.token, gameId);
        expect(select.code).toBe(ErrorCode.Ok);
        expect(select.result.role_id).toBe(p.roleId);
        expect((await ask(api.orderWebCoinProduct, {}, undefined, gameId)).code).toBe(ErrorCode.Ok);
        expect((await ask(api.userUinfo, {}, p.token, gameId)).result.gameId).toBe(1);
      }
    });
  });
});
