// Player support in the console over the real server (docs/console.md#support-players): search
// by each kind finds the player, the player page's lists, reveal of personal data (audited),
// lock (sign-in refused, sessions end) and unlock, ending sessions, the reset mail, and refusals
// (roles, unknown ids, bad input) that change nothing.
import { api, consoleApi, ErrorCode } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/call';
import { login } from './support/auth-fixtures';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { createTestApp, type TestApp } from './support/helper';
import { seedPlayer, type SeededPlayer } from './support/players';

describe.each(testDatabases())('console player support on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  let p: SeededPlayer;
  let uid: string;
  let support: ConsoleClient;
  let owner: ConsoleClient;

  const auditOf = (accountId: number) =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `account:${accountId}`)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, { env: { ...game.env, DEV_OUTBOX: 'true' } });
    p = await seedPlayer(t, 'Support');
    uid = (
      await t.database.db
        .selectFrom('game_accounts')
        .select('uid')
        .where('id', '=', p.uid)
        .executeTakeFirstOrThrow()
    ).uid;
    support = await signInOperator(t, ['support']);
    owner = await signInOperator(t, ['owner']);
  });

  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  const search = (q: string, kindOf: 'auto' | 'account' | 'email' | 'phone' | 'uid' | 'order') =>
    consoleCall(t.app, consoleApi.consolePlayersSearch, { q, kind: kindOf, size: 20 }, support);

  it('finds the player by login name, email, phone, game uid and order number', async () => {
    const cases: Array<[string, Parameters<typeof search>[1], string]> = [
      [p.account, 'account', 'account'],
      [p.account.slice(0, -1).toUpperCase(), 'account', 'account'],
      [p.email.toUpperCase(), 'email', 'email'],
      [p.phone, 'phone', 'phone'],
      [uid, 'uid', 'uid'],
      [p.orders.paidCard, 'order', 'order'],
      [p.email, 'auto', 'email'],
      [p.phone, 'auto', 'phone'],
      [p.orders.unpaid, 'auto', 'order'],
      [p.account, 'auto', 'account'],
    ];
    for (const [q, k, matched] of cases) {
      const r = await search(q, k);
      expect([q, k, r.code]).toEqual([q, k, 0]);
      const row = r.result?.list.find((x) => x.id === p.accountId);
      expect([q, k, row?.matched]).toEqual([q, k, matched]);
      // Personal data is masked in the results.
      expect(row?.email).not.toBe(p.email);
      expect(row?.email).toMatch(/\*\*\*@/);
    }
    expect((await search('nobody-like-this-at-all', 'auto')).result?.list).toEqual([]);
  });

  it('pages the search with a keyset cursor', async () => {
    const first = await consoleCall(
      t.app,
      consoleApi.consolePlayersSearch,
      { q: 'player', kind: 'account', size: 1 },
      support,
    );
    expect(first.result?.list).toHaveLength(1);
    const next = first.result?.nextCursor;
    if (next !== null && next !== undefined) {
      const second = await consoleCall(
        t.app,
        consoleApi.consolePlayersSearch,
        { q: 'player', kind: 'account', size: 1, cursor: next },
        support,
      );
      expect(second.result?.list[0]?.id).toBeLessThan(first.result?.list[0]?.id ?? 0);
    }
  });

  it('shows the player page: profile, game accounts with HC Point, sessions, orders, ledger, redemptions', async () => {
    const got = await consoleCall(
      t.app,
      consoleApi.consolePlayersGet,
      { id: p.accountId },
      support,
    );
    expect(got.code).toBe(0);
    const d = got.result;
    expect(d?.account).toBe(p.account);
    expect(d?.email).not.toContain(p.email.split('@')[0]?.slice(1) ?? '');
    expect(d?.realName?.name).not.toBe(p.identity.name);
    expect(d?.gameAccounts.find((g) => g.id === p.uid)?.uid).toBe(uid);
    expect(d?.sessions.length).toBeGreaterThan(0);
    expect(d?.canReveal).toBe(true);
    const orders = await consoleCall(
      t.app,
      consoleApi.consolePlayersOrders,
      { id: p.accountId, size: 2 },
      support,
    );
    expect(orders.result?.list).toHaveLength(2);
    expect(orders.result?.nextCursor).not.toBeNull();
    const rest = await consoleCall(
      t.app,
      consoleApi.consolePlayersOrders,
      { id: p.accountId, size: 20, cursor: orders.result?.nextCursor ?? undefined },
      support,
    );
    const all = [...(orders.result?.list ?? []), ...(rest.result?.list ?? [])].map(
      (o) => o.sdkOrderId,
    );
    expect(all.sort()).toEqual(Object.values(p.orders).sort());
    const ledger = await consoleCall(
      t.app,
      consoleApi.consolePlayersLedger,
      { id: p.accountId, gameAccountId: p.uid, size: 20 },
      support,
    );
    expect(ledger.result?.list[ledger.result.list.length - 1]?.change).toBe(p.hcCredit);
    const redemptions = await consoleCall(
      t.app,
      consoleApi.consolePlayersRedemptions,
      { id: p.accountId, size: 20 },
      support,
    );
    expect(redemptions.result?.list.length).toBe(1);
    // Another player's game account is not this player's.
    const other = await consoleCall(
      t.app,
      consoleApi.consolePlayersLedger,
      { id: p.accountId, gameAccountId: 1, size: 20 },
      support,
    );
    if (p.uid !== 1) expect(other.code).toBe(ErrorCode.PlayerGameAccountNotFound);
    const unknown = await consoleCall(
      t.app,
      consoleApi.consolePlayersGet,
      { id: 9_999_999 },
      support,
    );
    expect(unknown.code).toBe(ErrorCode.PlayerNotFound);
  });

  it('reveals a personal field only by an explicit call, which writes an audit row', async () => {
    const before = (await auditOf(p.accountId)).length;
    const email = await consoleCall(
      t.app,
      consoleApi.consolePlayersReveal,
      { id: p.accountId, field: 'email' },
      support,
    );
    expect(email.result).toEqual({ field: 'email', value: p.email.toLowerCase() });
    const idNumber = await consoleCall(
      t.app,
      consoleApi.consolePlayersReveal,
      { id: p.accountId, field: 'idNumber' },
      owner,
    );
    expect(idNumber.result?.value).toBe(p.identity.id_number);
    const rows = await auditOf(p.accountId);
    expect(rows.length).toBe(before + 2);
    expect(rows.at(-2)).toMatchObject({
      actor: support.name,
      action: 'player.reveal',
      after: { field: 'email' },
    });
    // The value itself is never written to the audit log.
    expect(JSON.stringify(rows.at(-2)).toLowerCase()).not.toContain(p.email.toLowerCase());
    const trail = await consoleCall(
      t.app,
      consoleApi.consolePlayersAudit,
      { id: p.accountId, size: 1 },
      support,
    );
    expect(trail.result?.list[0]?.action).toBe('player.reveal');
    expect(trail.result?.nextCursor).not.toBeNull();
  });

  it('refuses finance, operations and content every player call', async () => {
    for (const role of ['finance', 'operations', 'content'] as const) {
      const c = await signInOperator(t, [role]);
      const get = await consoleCall(t.app, consoleApi.consolePlayersGet, { id: p.accountId }, c);
      expect(get.code).toBe(ErrorCode.ConsoleForbidden);
      const reveal = await consoleCall(
        t.app,
        consoleApi.consolePlayersReveal,
        { id: p.accountId, field: 'phone' },
        c,
      );
      expect(reveal.code).toBe(ErrorCode.ConsoleForbidden);
    }
  });

  it('sends the reset code mail to the player, audited; no email is a clear error', async () => {
    const sent = await consoleCall(
      t.app,
      consoleApi.consolePlayersSendReset,
      { id: p.accountId },
      support,
      { ip: '198.51.100.31' },
    );
    expect(sent.code).toBe(0);
    expect(sent.result?.email).toMatch(/\*\*\*@/);
    const mail = await t.database.db
      .selectFrom('dev_outbox')
      .selectAll()
      .where('recipient', '=', p.email.toLowerCase())
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(mail?.body).toMatch(/\d{6}/);
    expect((await auditOf(p.accountId)).at(-1)?.action).toBe('player.send_reset');
    await t.database.db
      .updateTable('accounts')
      .set({ email: null })
      .where('id', '=', p.accountId)
      .execute();
    const none = await consoleCall(
      t.app,
      consoleApi.consolePlayersSendReset,
      { id: p.accountId },
      support,
      { ip: '198.51.100.32' },
    );
    expect(none.code).toBe(ErrorCode.PlayerNoEmail);
    await t.database.db
      .updateTable('accounts')
      .set({ email: p.email })
      .where('id', '=', p.accountId)
      .execute();
  });

  it('ends one session: its token stops working at once', async () => {
    const page = await consoleCall(
      t.app,
      consoleApi.consolePlayersGet,
      { id: p.accountId },
      support,
    );
    const live = page.result?.sessions[0]?.id ?? 0;
    const ended = await consoleCall(
      t.app,
      consoleApi.consolePlayersEndSessions,
      { id: p.accountId, sessionId: live },
      support,
    );
    expect(ended.result).toEqual({ sessionsEnded: 1 });
    const dead = await call(t.app, api.epointBalance, { userId: p.uid }, { token: p.token });
    expect(dead.code).toBe(ErrorCode.tokenFail);
    const again = await consoleCall(
      t.app,
      consoleApi.consolePlayersEndSessions,
      { id: p.accountId, sessionId: live },
      support,
    );
    expect(again.code).toBe(ErrorCode.PlayerSessionNotFound);
    expect((await auditOf(p.accountId)).at(-1)).toMatchObject({
      action: 'player.sessions.end',
      after: { ended: 1 },
    });
  });

  it('locks: sign-in refused and sessions ended; unlock lets the player in again; both audited', async () => {
    const noReason = await t.app.inject({
      method: 'POST',
      url: consoleApi.consolePlayersLock.path,
      headers: { cookie: `hc_console=${support.token}`, 'x-csrf-token': support.csrfToken },
      payload: { id: p.accountId, locked: true, reason: '' },
    });
    expect(noReason.json<{ code: number }>().code).toBe(ErrorCode.InvalidParams);
    const signedIn = await login(t.app, t.config.payloadKey, 'account', p.account, p.password, {
      ip: '10.99.0.2',
    });
    const token = signedIn.result.token;
    const locked = await consoleCall(
      t.app,
      consoleApi.consolePlayersLock,
      { id: p.accountId, locked: true, reason: 'Chargeback fraud' },
      support,
    );
    expect(locked.result?.locked).toBe(true);
    expect(locked.result?.sessionsEnded).toBeGreaterThan(0);
    const dead = await call(t.app, api.epointBalance, { userId: p.uid }, { token });
    expect(dead.code).toBe(ErrorCode.tokenFail);
    const refused = await login(t.app, t.config.payloadKey, 'account', p.account, p.password, {
      ip: '10.99.0.3',
    });
    expect(refused.code).toBe(ErrorCode.AuthFail);
    const page = await consoleCall(
      t.app,
      consoleApi.consolePlayersGet,
      { id: p.accountId },
      support,
    );
    expect(page.result?.locked).toBe(true);
    expect(page.result?.sessions).toEqual([]);
    expect((await auditOf(p.accountId)).at(-1)).toMatchObject({
      action: 'player.lock',
      before: { locked: false },
      after: { locked: true, reason: 'Chargeback fraud' },
    });
    const unlocked = await consoleCall(
      t.app,
      consoleApi.consolePlayersLock,
      { id: p.accountId, locked: false, reason: 'Cleared by the bank' },
      support,
    );
    expect(unlocked.result).toEqual({ locked: false, sessionsEnded: 0 });
    const back = await login(t.app, t.config.payloadKey, 'account', p.account, p.password, {
      ip: '10.99.0.4',
    });
    expect(back.code).toBe(0);
    expect((await auditOf(p.accountId)).at(-1)).toMatchObject({
      action: 'player.unlock',
      after: { locked: false },
    });
  });
});
