// docs/product/hc-point.md#paying-with-hc-point: creating an order paid with HC Point
// while the balance is short of the price is refused with ePointNumInsufficient, and nothing is
// created; with enough HC Point the same order is created and can be paid.
import { randomUUID } from 'node:crypto';
import { api, ErrorCode, ServerOrderStatus } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { creditHcPoint } from '../src/modules/wallet/wallet.service';
import { login, makeAccount } from './support/auth-fixtures';
import { call } from './support/call';
import { testDatabases } from './support/databases';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { createTestApp, type TestApp } from './support/helper';

const GAME_PACK = 'pack_adventurer'; // 4.99 USD = 499 HC Point

describe.each(testDatabases())('top-up defects on %s', (kind) => {
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

  async function player() {
    const a = await makeAccount(t.database.db);
    const uid = await createAccountsRepository(t.database.db).bindGameAccount(a.id, 1);
    const json = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
    return { accountId: a.id, uid, token: json.result.token, roleId: `r-${uid}-1` };
  }

  const create = (p: Awaited<ReturnType<typeof player>>) =>
    call(
      t.app,
      api.orderWebCreate,
      {
        role_id: p.roleId,
        server_id: 1,
        cp_goods_id: GAME_PACK,
        channel_code: 'epoint',
        role_name: '',
        server_name: '',
      },
      { token: p.token, gameId: 1, headers: { 'idempotency-key': randomUUID() } },
    );

  const ordersOf = (accountId: number) =>
    t.database.db
      .selectFrom('orders')
      .select('sdk_order_id')
      .where('account_id', '=', accountId)
      .execute();

  const credit = (gameAccountId: number, basic: number, present: number, key: string) =>
    t.database.db
      .transaction()
      .execute((trx) => creditHcPoint(trx, { gameAccountId, basic, present, idempotencyKey: key }));

  it('refuses an HC Point order when the balance is short, creating nothing', async () => {
    const p = await player();
    await credit(p.uid, 90, 9, `seed:${p.uid}`); // 99 < 499
    const short = await create(p);
    expect(short.code).toBe(ErrorCode.ePointNumInsufficient);
    expect(await ordersOf(p.accountId)).toEqual([]);
    // No HC Point at all: the same refusal.
    const noBalance = await player();
    expect((await create(noBalance)).code).toBe(ErrorCode.ePointNumInsufficient);
    expect(await ordersOf(noBalance.accountId)).toEqual([]);
  });

  it('creates and pays the order once the balance covers the price (basic + present)', async () => {
    const p = await player();
    await credit(p.uid, 400, 99, `seed:${p.uid}`); // exactly 499
    const created = await create(p);
    expect(created.code).toBe(0);
    expect(await ordersOf(p.accountId)).toHaveLength(1);
    const paid = await call(
      t.app,
      api.paymentOrderEpointPay,
      { paymentId: created.result.sdk_order_id },
      { token: p.token, gameId: 1 },
    );
    expect(paid.result).toMatchObject({
      status: ServerOrderStatus.Paid,
      balance: { basicNum: 0, presentNum: 0 },
    });
  });
});
