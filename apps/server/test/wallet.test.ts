// HC Point wallet (docs/product/hc-point.md#balances, docs/product/hc-point.md#balance, docs/product/api.md#hc-point-calls, docs/product/errors.md#error-catalogue
// ePointNumInsufficient): the ledger rules are enforced by the database itself.
import { api, ErrorCode } from '@hc/contract';
import { sql, type Transaction } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import {
  createWalletService,
  creditHcPoint,
  debitHcPoint,
  transfer,
} from '../src/modules/wallet/wallet.service';
import { call } from './support/call';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { useTestApp } from './support/helper';
import { expectLedgerInvariants } from './support/ledger';

describe.each(testDatabases())('wallet on %s', (kind) => {
  const t = useTestApp(kind);
  afterEach(() => expectLedgerInvariants(t.current.database.db));

  async function gameAccount() {
    const { database } = t.current;
    const a = await makeAccount(database.db);
    const uid = await createAccountsRepository(database.db).bindGameAccount(a.id, 1);
    return { ...a, uid };
  }

  async function signedIn() {
    const { app, config } = t.current;
    const a = await gameAccount();
    const json = await login(app, config.payloadKey, 'account', a.account, a.password);
    return { ...a, token: json.result.token };
  }

  const wallet = () => createWalletService({ db: t.current.database.db });
  const inTrx = <T>(run: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
    t.current.database.db.transaction().execute(run);
  /** Credits HC Point to a game account in its own transaction (key `o<uid>:credit` by default). */
  const credit = (gameAccountId: number, basic: number, present: number, key?: string) =>
    inTrx((trx) =>
      creditHcPoint(trx, {
        gameAccountId,
        basic,
        present,
        idempotencyKey: key ?? `o${gameAccountId}:credit`,
      }),
    );

  async function invariants() {
    const { db } = t.current.database;
    const total = await sql<{ total: string }>`
      select coalesce(sum(amount), 0)::text as total from ledger_entries`.execute(db);
    expect(total.rows[0]?.total).toBe('0');
    const drift = await sql<{ id: number }>`
      select a.id from ledger_accounts a
      left join ledger_entries e on e.ledger_account_id = a.id
      group by a.id having a.balance <> coalesce(sum(e.amount), 0)`.execute(db);
    expect(drift.rows).toEqual([]);
    const negative = await sql<{ id: number }>`
      select id from ledger_accounts where not may_go_negative and balance < 0`.execute(db);
    expect(negative.rows).toEqual([]);
  }

  it('answers 0/0 for a new game account, then the credited balance', async () => {
    const a = await gameAccount();
    expect(await wallet().getBalance(a.uid)).toEqual({ basicNum: 0, presentNum: 0 });
    const r = await credit(a.uid, 100, 15);
    expect(r.applied).toBe(true);
    expect(await wallet().getBalance(a.uid)).toEqual({ basicNum: 100, presentNum: 15 });
    await invariants();
  });

  it('spends present first, then basic', async () => {
    const a = await gameAccount();
    await credit(a.uid, 100, 30);
    const d1 = await inTrx((trx) =>
      debitHcPoint(trx, { gameAccountId: a.uid, amount: 20, idempotencyKey: `p${a.uid}-1:debit` }),
    );
    expect(d1).toEqual({ applied: true, fromPresent: 20, fromBasic: 0 });
    expect(await wallet().getBalance(a.uid)).toEqual({ basicNum: 100, presentNum: 10 });
    const d2 = await inTrx((trx) =>
      debitHcPoint(trx, { gameAccountId: a.uid, amount: 50, idempotencyKey: `p${a.uid}-2:debit` }),
    );
    expect(d2).toEqual({ applied: true, fromPresent: 10, fromBasic: 40 });
    expect(await wallet().getBalance(a.uid)).toEqual({ basicNum: 60, presentNum: 0 });
    await invariants();
  });

  it('refuses a debit beyond the balance with ePointNumInsufficient and changes nothing', async () => {
    const a = await gameAccount();
    await credit(a.uid, 10, 5);
    await expect(
      inTrx((trx) =>
        debitHcPoint(trx, { gameAccountId: a.uid, amount: 16, idempotencyKey: `p${a.uid}:debit` }),
      ),
    ).rejects.toMatchObject({ code: ErrorCode.ePointNumInsufficient });
    // A raw transfer overdrawing one bucket is turned into the same error by the CHECK.
    await expect(
      inTrx((trx) =>
        transfer(trx, {
          idempotencyKey: `x${a.uid}:debit`,
          kind: 'debit',
          entries: [
            { account: { gameAccountId: a.uid, kind: 'present' }, amount: -6 },
            { account: { system: 'system_spend' }, amount: 6 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: ErrorCode.ePointNumInsufficient });
    expect(await wallet().getBalance(a.uid)).toEqual({ basicNum: 10, presentNum: 5 });
    const keys = await sql<{ n: number }>`select count(*) as n from ledger_transfers
      where idempotency_key in (${`p${a.uid}:debit`}, ${`x${a.uid}:debit`})`.execute(
      t.current.database.db,
    );
    expect(keys.rows[0]?.n).toBe(0);
    await invariants();
  });

  it('moves once for a repeated idempotency key', async () => {
    const a = await gameAccount();
    const key = `o${a.uid}:credit`;
    const credit = () =>
      inTrx((trx) =>
        creditHcPoint(trx, { gameAccountId: a.uid, basic: 50, present: 5, idempotencyKey: key }),
      );
    expect((await credit()).applied).toBe(true);
    expect((await credit()).applied).toBe(false);
    const debit = () =>
      inTrx((trx) =>
        debitHcPoint(trx, { gameAccountId: a.uid, amount: 55, idempotencyKey: `p${a.uid}:debit` }),
      );
    expect((await debit()).applied).toBe(true);
    expect((await debit()).applied).toBe(false);
    expect(await wallet().getBalance(a.uid)).toEqual({ basicNum: 0, presentNum: 0 });
    await invariants();
  });

  it('refuses UPDATE and DELETE of entries and transfers in the database', async () => {
    const { db } = t.current.database;
    const a = await gameAccount();
    await credit(a.uid, 7, 0);
    await expect(sql`update ledger_entries set amount = amount * 2`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ledger_entries`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update ledger_transfers set kind = 'x'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ledger_transfers`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate ledger_entries cascade`.execute(db)).rejects.toThrow(/append-only/);
    expect(await wallet().getBalance(a.uid)).toEqual({ basicNum: 7, presentNum: 0 });
    await invariants();
  });

  it('refuses at commit a transfer whose entries do not sum to zero', async () => {
    const { db } = t.current.database;
    await expect(
      db.transaction().execute(async (trx) => {
        const tr = await sql<{ id: number }>`insert into ledger_transfers (idempotency_key, kind)
          values ('unbalanced', 'test') returning id`.execute(trx);
        await sql`insert into ledger_entries (transfer_id, ledger_account_id, amount)
          select ${tr.rows[0]?.id}, id, 100 from ledger_accounts where kind = 'system_spend'`.execute(
          trx,
        );
      }),
    ).rejects.toThrow(/does not sum to zero/);
    const left = await sql<{ n: number }>`select count(*) as n from ledger_transfers
      where idempotency_key = 'unbalanced'`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
    await invariants();
  });

  it('refuses a player balance below zero by the CHECK constraint', async () => {
    const { db } = t.current.database;
    const a = await gameAccount();
    await credit(a.uid, 3, 0);
    // Raw SQL, bypassing the service: a balanced transfer taking 4 from a balance of 3.
    await expect(
      db.transaction().execute(async (trx) => {
        const tr = await sql<{ id: number }>`insert into ledger_transfers (idempotency_key, kind)
          values (${`raw${a.uid}`}, 'test') returning id`.execute(trx);
        await sql`insert into ledger_entries (transfer_id, ledger_account_id, amount)
          select ${tr.rows[0]?.id}, id, case when kind = 'basic' then -4 else 4 end
          from ledger_accounts
          where (game_account_id = ${a.uid} and kind = 'basic') or kind = 'system_spend'`.execute(
          trx,
        );
      }),
    ).rejects.toThrow(/ledger_accounts_balance_nonnegative/);
    expect(await wallet().getBalance(a.uid)).toEqual({ basicNum: 3, presentNum: 0 });
    await invariants();
  });

  it('refuses direct changes of a balance: only entries move it', async () => {
    const { db } = t.current.database;
    const a = await gameAccount();
    await credit(a.uid, 3, 0);
    for (const statement of [
      sql`update ledger_accounts set balance = -1 where game_account_id = ${a.uid}`,
      sql`update ledger_accounts set balance = 1000 where game_account_id = ${a.uid}`,
      sql`delete from ledger_accounts where game_account_id = ${a.uid}`,
    ]) {
      await expect(statement.execute(db)).rejects.toThrow(/only through ledger entries/);
    }
    expect(await wallet().getBalance(a.uid)).toEqual({ basicNum: 3, presentNum: 0 });
    await invariants();
  });

  it('answers coinBalance = basic + present and the epoint balance of an own game account', async () => {
    const { app } = t.current;
    const a = await signedIn();
    await credit(a.uid, 120, 12);
    const coin = await call(app, api.operateCoinBalance, {}, { token: a.token });
    expect(coin).toMatchObject({ code: 0, result: { amount: 132 } });
    const ep = await call(app, api.epointBalance, { userId: a.uid }, { token: a.token });
    expect(ep).toMatchObject({ code: 0, result: { basicNum: 120, presentNum: 12 } });
  });

  it('picks the game account for coinBalance as uinfo does (gameid header, else first)', async () => {
    const { app, database } = t.current;
    const a = await signedIn();
    await sql`insert into games (id, name, icon, platforms, sort)
      values (${900 + a.id}, 'Second', 'icon.png', '{pc}', 99)`.execute(database.db);
    const second = await createAccountsRepository(database.db).bindGameAccount(a.id, 900 + a.id);
    await credit(a.uid, 5, 0, `o${a.uid}`);
    await credit(second, 7, 1, `o${second}`);
    const amount = async (gameid?: string) => {
      const res = await call(
        app,
        api.operateCoinBalance,
        {},
        { token: a.token, headers: { gameid } },
      );
      return res.result.amount;
    };
    expect(await amount()).toBe(5);
    expect(await amount(String(900 + a.id))).toBe(8);
    expect(await amount('1')).toBe(5);
  });

  it("refuses another player's game account with AuthFail", async () => {
    const { app } = t.current;
    const a = await signedIn();
    const other = await gameAccount();
    await credit(other.uid, 9, 0);
    const res = await call(app, api.epointBalance, { userId: other.uid }, { token: a.token });
    expect(res.code).toBe(ErrorCode.AuthFail);
    expect(JSON.stringify(res)).not.toContain('basicNum');
  });

  it('answers tokenFail with HTTP 203 without a session', async () => {
    const { app } = t.current;
    for (const res of [
      await call(app, api.operateCoinBalance, {}),
      await call(app, api.epointBalance, { userId: 1 }),
    ]) {
      expect(res.status).toBe(203);
      expect(res.code).toBe(ErrorCode.tokenFail);
    }
  });

  // PGlite has a single connection, so a real race needs PostgreSQL.
  it.skipIf(kind === 'pglite')('never overdraws when two debits race for one balance', async () => {
    const a = await gameAccount();
    await credit(a.uid, 60, 40);
    const results = await Promise.allSettled(
      [1, 2].map((n) =>
        inTrx((trx) =>
          debitHcPoint(trx, {
            gameAccountId: a.uid,
            amount: 100,
            idempotencyKey: `p${a.uid}-${n}:debit`,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected');
    expect(failed?.reason).toMatchObject({ code: ErrorCode.ePointNumInsufficient });
    expect(await wallet().getBalance(a.uid)).toEqual({ basicNum: 0, presentNum: 0 });
    await invariants();
  });
});
