// The HC Point wallet against a model (docs/product/hc-point.md#balances; ADR 0015 present first, ADR
// 0019 refund debts), plus the payment races and bad input (docs/product/api.md#hc-point-calls
// /api/payment/order/epoint/pay, docs/product/errors.md#error-catalogue ePointNumInsufficient, OrderNotFound, OrderNotPayable).
// - Model-based (fast-check commands) on real PostgreSQL only: credits, spends, refunds of
//   credits and concurrent spends, checked against an in-memory basic/present/debt model after
//   every command. 200 runs of up to 50 commands; one database, a fresh game account per run.
// - 50 concurrent HC Point payments, each for the whole balance: exactly one succeeds.
// - Paying someone else's order, paying twice, paying an expired order: nothing changes.
import { randomUUID } from 'node:crypto';
import { api, ErrorCode, ServerOrderStatus } from '@hc/contract';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { AppError } from '../src/lib/app-error';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import {
  creditHcPoint,
  createWalletService,
  debitHcPoint,
  takeBackCredit,
} from '../src/modules/wallet/wallet.service';
import { call } from './support/call';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { expectLedgerInvariants } from './support/ledger';

const { Unpaid, Paid } = ServerOrderStatus;
/** $4.99 game pack = 499 HC Point. */
const GAME_PACK = 'pack_adventurer';

// ---- the model -------------------------------------------------------------------------------
interface Credit {
  key: string;
  basic: number;
  present: number;
  refunded: boolean;
}
interface Model {
  basic: number;
  present: number;
  debt: number;
  credits: Credit[];
  seq: number;
}
interface Real {
  db: Kysely<DB>;
  uid: number;
  run: string;
}

type Cmd = fc.AsyncCommand<Model, Real>;

function isInsufficient(err: unknown): boolean {
  return err instanceof AppError && err.code === ErrorCode.ePointNumInsufficient;
}

/** Spends `amount` in the model, present first (ADR 0015). */
function spendModel(m: Model, amount: number): void {
  const fromPresent = Math.min(m.present, amount);
  m.present -= fromPresent;
  m.basic -= amount - fromPresent;
}

async function expectMatches(m: Model, r: Real): Promise<void> {
  const wallet = createWalletService({ db: r.db });
  expect(await wallet.getBalance(r.uid)).toEqual({ basicNum: m.basic, presentNum: m.present });
  expect(await wallet.openDebt(r.uid)).toBe(m.debt);
}

class CreditCmd implements Cmd {
  constructor(
    readonly basic: number,
    readonly present: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const key = `${r.run}:${m.seq++}:credit`;
    await r.db.transaction().execute((trx) =>
      creditHcPoint(trx, {
        gameAccountId: r.uid,
        basic: this.basic,
        present: this.present,
        idempotencyKey: key,
      }),
    );
    // ADR 0019: open debt is paid first out of what arrived, present first.
    const pay = Math.min(m.debt, this.basic + this.present);
    const fromPresent = Math.min(this.present, pay);
    m.present += this.present - fromPresent;
    m.basic += this.basic - (pay - fromPresent);
    m.debt -= pay;
    m.credits.push({ key, basic: this.basic, present: this.present, refunded: false });
    await expectMatches(m, r);
  }
  toString = () => `credit(${this.basic}, ${this.present})`;
}

class SpendCmd implements Cmd {
  constructor(readonly amount: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const key = `${r.run}:${m.seq++}:spend`;
    const enough = m.basic + m.present >= this.amount;
    const result = r.db
      .transaction()
      .execute((trx) =>
        debitHcPoint(trx, { gameAccountId: r.uid, amount: this.amount, idempotencyKey: key }),
      );
    if (enough) {
      await result;
      spendModel(m, this.amount);
    } else {
      await expect(result).rejects.toSatisfy(isInsufficient);
    }
    await expectMatches(m, r);
  }
  toString = () => `spend(${this.amount})`;
}

class RefundCmd implements Cmd {
  constructor(readonly which: number) {}
  check = (m: Readonly<Model>) => m.credits.some((c) => !c.refunded);
  async run(m: Model, r: Real): Promise<void> {
    const open = m.credits.filter((c) => !c.refunded);
    const credit = open[this.which % open.length];
    if (credit === undefined) throw new Error('check() guarantees an open credit');
    credit.refunded = true;
    await r.db.transaction().execute((trx) =>
      takeBackCredit(trx, {
        gameAccountId: r.uid,
        basic: credit.basic,
        present: credit.present,
        idempotencyKey: `${credit.key}:refund`,
        orderId: null,
        now: new Date(),
      }),
    );
    // Each bucket gives what it owes, then the other bucket covers, the rest is debt.
    let basic = Math.min(m.basic, credit.basic);
    let present = Math.min(m.present, credit.present);
    let missing = credit.basic + credit.present - basic - present;
    const extraBasic = Math.min(m.basic - basic, missing);
    basic += extraBasic;
    missing -= extraBasic;
    const extraPresent = Math.min(m.present - present, missing);
    present += extraPresent;
    missing -= extraPresent;
    m.basic -= basic;
    m.present -= present;
    m.debt += missing;
    await expectMatches(m, r);
  }
  toString = () => `refundCredit(${this.which})`;
}

class ConcurrentSpendsCmd implements Cmd {
  constructor(readonly amounts: number[]) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const before = m.basic + m.present;
    const outcomes = await Promise.all(
      this.amounts.map((amount) => {
        const key = `${r.run}:${m.seq++}:spend`;
        return r.db
          .transaction()
          .execute((trx) =>
            debitHcPoint(trx, { gameAccountId: r.uid, amount, idempotencyKey: key }),
          )
          .then(
            () => ({ amount, ok: true }),
            (err: unknown) => {
              if (!isInsufficient(err)) throw err;
              return { amount, ok: false };
            },
          );
      }),
    );
    const spent = outcomes.filter((o) => o.ok).reduce((s, o) => s + o.amount, 0);
    expect(spent).toBeLessThanOrEqual(before);
    // Balances only fall: a refused spend did not fit even into what was left at the end.
    for (const o of outcomes) if (!o.ok) expect(o.amount).toBeGreaterThan(before - spent);
    // Present first in any serial order: present gives min(present, total spent).
    spendModel(m, spent);
    await expectMatches(m, r);
  }
  toString = () => `concurrentSpends(${this.amounts.join(', ')})`;
}

const commandArbs = [
  fc
    .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 300 }))
    .map(([b, p]) => new CreditCmd(b, p)),
  fc.integer({ min: 1, max: 1200 }).map((a) => new SpendCmd(a)),
  fc.nat({ max: 20 }).map((w) => new RefundCmd(w)),
  fc
    .array(fc.integer({ min: 1, max: 600 }), { minLength: 2, maxLength: 5 })
    .map((a) => new ConcurrentSpendsCmd(a)),
];

describe.each(testDatabases())('HC Point wallet and payments on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, { env: game.env });
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  async function gameAccount(): Promise<number> {
    const a = await makeAccount(t.database.db);
    return createAccountsRepository(t.database.db).bindGameAccount(a.id, 1);
  }

  async function player() {
    const a = await makeAccount(t.database.db);
    const uid = await createAccountsRepository(t.database.db).bindGameAccount(a.id, 1);
    const json = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
    return { uid, token: json.result.token, roleId: `r-${uid}-1` };
  }
  type Player = Awaited<ReturnType<typeof player>>;
  async function epointOrder(p: Player): Promise<string> {
    const res = await call(
      t.app,
      api.orderWebCreate,
      {
        role_id: p.roleId,
        role_name: 'x',
        server_id: 1,
        server_name: 'x',
        cp_goods_id: GAME_PACK,
        channel_code: 'epoint',
      },
      { token: p.token, gameId: 1 },
    );
    expect(res.code).toBe(0);
    return res.result.sdk_order_id;
  }

  const payOrder = (p: Player, id: string) =>
    call(t.app, api.paymentOrderEpointPay, { paymentId: id }, { token: p.token, gameId: 1 });

  const seed = (uid: number, basic: number, present = 0) =>
    t.database.db.transaction().execute((trx) =>
      creditHcPoint(trx, {
        gameAccountId: uid,
        basic,
        present,
        idempotencyKey: `seed:${randomUUID()}`,
      }),
    );

  const balance = (uid: number) => createWalletService({ db: t.database.db }).getBalance(uid);
  const status = async (id: string) =>
    (
      await t.database.db
        .selectFrom('orders')
        .select('status')
        .where('sdk_order_id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const debits = async (id: string) =>
    (
      await t.database.db
        .selectFrom('ledger_transfers')
        .select('id')
        .where('idempotency_key', '=', `${id}:epoint-pay`)
        .execute()
    ).length;

  it.runIf(kind === 'postgres')(
    'matches the model over 200 runs of up to 50 credits, spends, refunds and concurrent spends',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(commandArbs, { maxCommands: 50 }), async (cmds) => {
          const uid = await gameAccount();
          await fc.asyncModelRun(
            () => ({
              model: { basic: 0, present: 0, debt: 0, credits: [], seq: 0 },
              real: { db: t.database.db, uid, run: `model:${uid}` },
            }),
            cmds,
          );
        }),
        { numRuns: 200 },
      );
    },
    600_000,
  );

  it.runIf(kind === 'postgres')(
    '50 concurrent HC Point payments for the whole balance: exactly one succeeds',
    async () => {
      const p = await player();
      await seed(p.uid, 400, 99);
      // One order through webCreate, 49 copies of it in the database: webCreate itself caps a
      // player's open unpaid orders and reuses an open order for the same pack (ADR 0031).
      const first = await epointOrder(p);
      const row = await t.database.db
        .selectFrom('orders')
        .selectAll()
        .where('sdk_order_id', '=', first)
        .executeTakeFirstOrThrow();
      const { id: _id, ...copy } = row;
      const ids = [first];
      for (let i = 1; i < 50; i++) {
        // A "0" never occurs in a generated order number (its alphabet has no 0 or 1), so no
        // copy can repeat `first` or any other order's number.
        const sdk = `${first.slice(0, -3)}0${String(i).padStart(2, '0')}`;
        await t.database.db
          .insertInto('orders')
          .values({
            ...copy,
            sdk_order_id: sdk,
            item_names: JSON.stringify(copy.item_names),
            items: JSON.stringify(copy.items),
            pay_url: null,
          })
          .execute();
        ids.push(sdk);
      }
      const results = await Promise.all(ids.map((id) => payOrder(p, id)));
      const codes = results.map((r) => r.code);
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(codes.filter((c) => c === ErrorCode.ePointNumInsufficient)).toHaveLength(49);
      expect(await balance(p.uid)).toEqual({ basicNum: 0, presentNum: 0 });
      const statuses = await Promise.all(ids.map(status));
      expect(statuses.filter((s) => s === Paid)).toHaveLength(1);
      expect(statuses.filter((s) => s === Unpaid)).toHaveLength(49);
    },
    60_000,
  );

  it("refuses to pay someone else's order: OrderNotFound, nobody's HC Point moves", async () => {
    const owner = await player();
    const intruder = await player();
    await seed(intruder.uid, 1000);
    // Creating an HC Point order needs the balance (docs/product/hc-point.md); the owner's is not what is tested.
    await seed(owner.uid, 499);
    const id = await epointOrder(owner);
    expect((await payOrder(intruder, id)).code).toBe(ErrorCode.OrderNotFound);
    expect(await status(id)).toBe(Unpaid);
    expect(await balance(intruder.uid)).toEqual({ basicNum: 1000, presentNum: 0 });
    expect(await debits(id)).toBe(0);
  });

  it('paying the same order twice, even at once, debits it once and answers the same state', async () => {
    const p = await player();
    await seed(p.uid, 2000);
    const id = await epointOrder(p);
    const [a, b] = await Promise.all([payOrder(p, id), payOrder(p, id)]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect([a.result.status, b.result.status]).toEqual([Paid, Paid]);
    const again = await payOrder(p, id);
    expect(again.code).toBe(0);
    expect(again.result.status).toBe(Paid);
    expect(await balance(p.uid)).toEqual({ basicNum: 1501, presentNum: 0 });
    expect(await debits(id)).toBe(1);
  });

  it('refuses an expired order (not yet swept): OrderNotPayable, nothing moves', async () => {
    const p = await player();
    await seed(p.uid, 600);
    const id = await epointOrder(p);
    t.clock.advance((t.config.orderUnpaidTtlMinutes + 1) * 60_000);
    expect((await payOrder(p, id)).code).toBe(ErrorCode.OrderNotPayable);
    expect(await status(id)).toBe(Unpaid);
    expect(await balance(p.uid)).toEqual({ basicNum: 600, presentNum: 0 });
    expect(await debits(id)).toBe(0);
  });
});
