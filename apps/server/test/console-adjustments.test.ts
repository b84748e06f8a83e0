// HC Point adjustments in the console over the real server (docs/console.md#hc-point-adjustments,
// ADR 0052): a credit applied exactly once for one idempotency key, the player's balance call
// answering it, the approval of a second operator above the threshold (the requester refused),
// rejection, debits never below zero, and role refusals; a refusal changes nothing.
import { randomUUID } from 'node:crypto';
import { api, consoleApi, ErrorCode, type CallBody } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { login, makeAccount } from './support/auth-fixtures';
import { call } from './support/call';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

describe.each(testDatabases())('console HC Point adjustments on %s', (kind) => {
  let t: TestApp;
  let support: ConsoleClient;
  let support2: ConsoleClient;
  let finance: ConsoleClient;
  let player: { accountId: number; gameAccountId: number; token: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ADJUSTMENT_APPROVAL_THRESHOLD: '1000' } });
    const a = await makeAccount(t.database.db);
    const gameAccountId = await createAccountsRepository(t.database.db).bindGameAccount(a.id, 1);
    const signedIn = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
    player = { accountId: a.id, gameAccountId, token: signedIn.result.token };
    support = await signInOperator(t, ['support']);
    support2 = await signInOperator(t, ['support']);
    finance = await signInOperator(t, ['finance']);
  });

  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  const body = (
    over: Partial<CallBody<typeof consoleApi.consoleAdjustmentsCreate>> = {},
  ): CallBody<typeof consoleApi.consoleAdjustmentsCreate> => ({
    accountId: player.accountId,
    gameAccountId: player.gameAccountId,
    direction: 'credit',
    amount: 300,
    reason: 'Compensation for the outage',
    idempotencyKey: randomUUID(),
    ...over,
  });
  const balance = async () => {
    const r = await call(
      t.app,
      api.epointBalance,
      { userId: player.gameAccountId },
      { token: player.token },
    );
    return r.result.basicNum + r.result.presentNum;
  };
  const transfers = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('kind', '=', 'adjustment')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('credits exactly once for one key; the player’s balance call answers the new balance', async () => {
    expect(await balance()).toBe(0);
    const b = body();
    const first = await consoleCall(t.app, consoleApi.consoleAdjustmentsCreate, b, support);
    expect(first.code).toBe(0);
    expect(first.result).toMatchObject({ status: 'applied', amount: 300, balance: 300 });
    const again = await consoleCall(t.app, consoleApi.consoleAdjustmentsCreate, b, support);
    expect(again.result?.id).toBe(first.result?.id);
    expect(await balance()).toBe(300);
    expect(await transfers()).toBe(1);
    // The same key with other values is refused.
    const reused = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsCreate,
      { ...b, amount: 301 },
      support,
    );
    expect(reused.code).toBe(ErrorCode.AdjustmentKeyReused);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'hc_adjustment.create')
      .where('target', '=', `account:${player.accountId}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: support.name,
      before: { balance: 0 },
      after: { amount: 300, direction: 'credit', status: 'applied', balance: 300 },
    });
  });

  it('refuses a debit below zero and changes nothing', async () => {
    const before = await transfers();
    const r = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsCreate,
      body({ direction: 'debit', amount: 301 }),
      support,
    );
    expect(r.code).toBe(ErrorCode.AdjustmentBalanceTooLow);
    expect(r.data).toEqual({ balance: 300 });
    expect(await balance()).toBe(300);
    expect(await transfers()).toBe(before);
    const ok = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsCreate,
      body({ direction: 'debit', amount: 100 }),
      support,
    );
    expect(ok.result).toMatchObject({ status: 'applied', direction: 'debit', balance: 200 });
    expect(await balance()).toBe(200);
  });

  it('holds an adjustment above the threshold until a different operator approves it', async () => {
    const b = body({ amount: 5000 });
    const pending = await consoleCall(t.app, consoleApi.consoleAdjustmentsCreate, b, support);
    expect(pending.result).toMatchObject({ status: 'pending', balance: 200 });
    expect(await balance()).toBe(200);
    const id = pending.result?.id ?? 0;
    const list = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsList,
      { status: 'pending', size: 20 },
      finance,
    );
    expect(list.result?.list.map((a) => a.id)).toContain(id);
    const self = await consoleCall(t.app, consoleApi.consoleAdjustmentsApprove, { id }, support);
    expect(self.code).toBe(ErrorCode.AdjustmentSelfApproval);
    expect(await balance()).toBe(200);
    const approved = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsApprove,
      { id, note: 'Ticket checked' },
      finance,
    );
    expect(approved.result).toMatchObject({
      status: 'applied',
      decidedBy: finance.name,
      balance: 5200,
    });
    expect(await balance()).toBe(5200);
    const twice = await consoleCall(t.app, consoleApi.consoleAdjustmentsApprove, { id }, support2);
    expect(twice.code).toBe(ErrorCode.AdjustmentNotPending);
    expect(await balance()).toBe(5200);
    // A retry of the create answers the approved adjustment and moves nothing.
    const retry = await consoleCall(t.app, consoleApi.consoleAdjustmentsCreate, b, support);
    expect(retry.result).toMatchObject({ id, status: 'applied' });
    expect(await balance()).toBe(5200);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'hc_adjustment.approve')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor: finance.name,
      before: { status: 'pending', balance: 200 },
      after: { status: 'applied', balance: 5200 },
    });
  });

  it('rejects: nothing moves; a pending debit that no longer fits stays pending', async () => {
    const r = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsCreate,
      body({ amount: 2000 }),
      support,
    );
    const rejected = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsReject,
      { id: r.result?.id ?? 0 },
      support2,
    );
    expect(rejected.result).toMatchObject({ status: 'rejected', decidedBy: support2.name });
    expect(await balance()).toBe(5200);
    const debit = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsCreate,
      body({ direction: 'debit', amount: 5000 }),
      support,
    );
    expect(debit.result?.status).toBe('pending');
    const spend = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsCreate,
      body({ direction: 'debit', amount: 1000 }),
      support,
    );
    expect(spend.result?.balance).toBe(4200);
    const approve = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsApprove,
      { id: debit.result?.id ?? 0 },
      finance,
    );
    expect(approve.code).toBe(ErrorCode.AdjustmentBalanceTooLow);
    const still = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsList,
      { status: 'pending', size: 20 },
      finance,
    );
    expect(still.result?.list.map((a) => a.id)).toContain(debit.result?.id);
    expect(await balance()).toBe(4200);
  });

  it('refuses bad input, another player’s game account, and the roles that lack the call', async () => {
    const zero = await t.app.inject({
      method: 'POST',
      url: consoleApi.consoleAdjustmentsCreate.path,
      headers: { cookie: `hc_console=${support.token}`, 'x-csrf-token': support.csrfToken },
      payload: { ...body(), amount: 0 },
    });
    expect(zero.json<{ code: number }>().code).toBe(ErrorCode.InvalidParams);
    const other = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsCreate,
      body({ gameAccountId: 1 }),
      support,
    );
    if (player.gameAccountId !== 1) expect(other.code).toBe(ErrorCode.PlayerGameAccountNotFound);
    const byFinance = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsCreate,
      body(),
      finance,
    );
    expect(byFinance.code).toBe(ErrorCode.ConsoleForbidden);
    const operations = await signInOperator(t, ['operations']);
    const list = await consoleCall(
      t.app,
      consoleApi.consoleAdjustmentsList,
      { size: 20 },
      operations,
    );
    expect(list.code).toBe(ErrorCode.ConsoleForbidden);
    expect(await balance()).toBe(4200);
  });
});
