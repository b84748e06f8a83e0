// Login and verification-code limits under attack (lib/throttle.ts, ADR 0028): concurrent wrong
// passwords pass the limit exactly as often as it allows (one node and two nodes on one
// PostgreSQL), an unknown account costs the same password hash as a known one, and code sends
// from an attacker's IP never keep the owner from a code.
import { api, ErrorCode } from '@hc/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type * as PasswordModule from '../src/lib/password';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../src/lib/password';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { THROTTLE_POLICY } from '../src/modules/auth/throttle';
import { call } from './support/call';
import { codeIn, login, makeAccount, startSmtp } from './support/auth-fixtures';
import { createPostgresDatabase, testDatabases } from './support/databases';
import { createTestApp, testClock, testConfig, type TestApp } from './support/helper';

// Every password check of the app goes through this spy (the real argon2id verify underneath).
vi.mock('../src/lib/password', async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordModule>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
const verifySpy = vi.mocked(verifyPassword);

const MINUTE = 60_000;
const WINDOW_S = THROTTLE_POLICY.windowMs / 1000;

describe.each(testDatabases())('login and code limits on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let key: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url } });
    key = t.config.payloadKey;
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await smtp.close();
  });
  beforeEach(() => verifySpy.mockClear());

  /** Password checks run against this stored hash so far. */
  const checksOf = (hash: string | null) => verifySpy.mock.calls.filter(([h]) => h === hash).length;
  const storedHash = async (id: number) =>
    (await createAccountsRepository(t.database.db).findById(id))?.passwordHash ?? null;

  it('50 concurrent wrong passwords for one account run exactly 5 password checks', async () => {
    const a = await makeAccount(t.database.db);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login(t.app, key, 'account', a.account, 'Wrong!pass1', { ip: `10.40.${i}.1` }),
      ),
    );
    expect(checksOf(await storedHash(a.id))).toBe(THROTTLE_POLICY.accountFreeFailures);
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === ErrorCode.InvalidPassword)).toHaveLength(5);
    const refused = results.filter((r) => r.code === ErrorCode.TooManyRequests);
    expect(refused).toHaveLength(45);
    for (const r of refused) expect(r.data).toEqual({ retry_after: WINDOW_S });
  });

  it('50 concurrent wrong passwords from one IP over 50 accounts run 30 password checks', async () => {
    const hash = await hashPassword('Str0ng!pass');
    const repo = createAccountsRepository(t.database.db);
    const names = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const account = `ipcap${kind}${i}`;
        await repo.insert({ account, passwordHash: hash });
        return account;
      }),
    );
    const results = await Promise.all(
      names.map((n) => login(t.app, key, 'account', n, 'Wrong!pass1', { ip: '10.41.0.1' })),
    );
    expect(checksOf(hash)).toBe(THROTTLE_POLICY.ipMaxFailures);
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === ErrorCode.InvalidPassword)).toHaveLength(30);
    expect(codes.filter((c) => c === ErrorCode.TooManyRequests)).toHaveLength(20);
  });

  it('checks the dummy hash for an unknown account or one without a password', async () => {
    const ip = { ip: '10.42.0.1' };
    const unknown = await login(t.app, key, 'account', 'no-such-player', 'Whatever1!', ip);
    expect(unknown.code).toBe(ErrorCode.LoginNameNotFound);
    const unknownEmail = await login(t.app, key, 'email', 'nobody@example.com', 'Whatever1!', ip);
    expect(unknownEmail.code).toBe(ErrorCode.EmailNotFound);
    const id = await createAccountsRepository(t.database.db).insert({ account: `social${kind}` });
    const noPassword = await login(t.app, key, 'account', `social${kind}`, 'Whatever1!', ip);
    expect(noPassword.code).toBe(ErrorCode.InvalidPassword);
    // One argon2id check each, as a known account with a wrong password costs.
    expect(checksOf(DUMMY_PASSWORD_HASH)).toBe(3);
    expect(verifySpy).toHaveBeenCalledTimes(3);
    expect(await storedHash(id)).toBeNull();
  });

  it('an unknown account counts against the IP limit before its not-found answer', async () => {
    const ip = { ip: '10.43.0.1' };
    for (let i = 0; i < THROTTLE_POLICY.ipMaxFailures; i += 1)
      expect((await login(t.app, key, 'account', `ghost-${i}`, 'x', ip)).code).toBe(
        ErrorCode.LoginNameNotFound,
      );
    const next = await login(t.app, key, 'account', 'ghost-last', 'x', ip);
    expect(next.code).toBe(ErrorCode.TooManyRequests);
    expect(checksOf(DUMMY_PASSWORD_HASH)).toBe(THROTTLE_POLICY.ipMaxFailures);
  });

  describe('code sends cannot lock the owner out', () => {
    const send = (target: string, ip: string) =>
      call(t.app, api.userEmailCodeSend, { target, purpose: 'login' }, { ip });

    it('an attacker sending from one IP until refused leaves the owner a code', async () => {
      const victim = await makeAccount(t.database.db);
      const attacker = '10.44.0.1';
      // The attacker sends whenever allowed for half an hour: its own IP is what gets held.
      let accepted = 0;
      for (let i = 0; i < 30; i += 1) {
        if (i > 0) t.clock.advance(MINUTE);
        const r = await send(victim.email, attacker);
        if (r.code === 0) accepted += 1;
        else expect(r.code).toBe(ErrorCode.AuthCodeSendTooFrequently);
      }
      // 3 per 15 minutes from one IP (the old policy: 5, then nothing for a day).
      expect(accepted).toBeLessThanOrEqual(6);
      expect((await send(victim.email, attacker)).code).toBe(ErrorCode.AuthCodeSendTooFrequently);
      // The owner, from another IP, gets a login code at once and signs in with it.
      const owner = '10.44.9.9';
      expect((await send(victim.email, owner)).code).toBe(0);
      const code = codeIn(smtp.mails.at(-1)?.raw ?? '');
      const res = await login(t.app, key, 'email', victim.email, code, { ip: owner });
      expect(res.code).toBe(0);
    });

    it('many attacker IPs fill the overall cap; a successful sign-in clears it', async () => {
      const victim = await makeAccount(t.database.db);
      for (let i = 0; i < 10; i += 1)
        expect((await send(victim.email, `10.45.0.${i}`)).code).toBe(0);
      const newDevice = '10.45.9.1';
      const capped = await send(victim.email, newDevice);
      expect(capped.code).toBe(ErrorCode.AuthCodeSendTooFrequently);
      // Hours, not a day.
      expect(capped.data.retry_after).toBeLessThanOrEqual(3 * 3600);
      // The owner signs in with the password elsewhere; the counters of the email are cleared.
      const ok = await login(t.app, key, 'account', victim.account, victim.password, {
        ip: '10.45.9.2',
      });
      expect(ok.code).toBe(0);
      expect((await send(victim.email, newDevice)).code).toBe(0);
    });

    it('the IP the owner signed in from is not held by the overall cap', async () => {
      const victim = await makeAccount(t.database.db);
      const home = '10.46.9.1';
      expect(
        (await login(t.app, key, 'account', victim.account, victim.password, { ip: home })).code,
      ).toBe(0);
      for (let i = 0; i < 10; i += 1)
        expect((await send(victim.email, `10.46.0.${i}`)).code).toBe(0);
      expect((await send(victim.email, '10.46.9.2')).code).toBe(
        ErrorCode.AuthCodeSendTooFrequently,
      );
      expect((await send(victim.email, home)).code).toBe(0);
    });
  });
});

// Two server processes on one PostgreSQL: the limit is one, whichever node answers.
describe.runIf(testDatabases().includes('postgres'))('login limit across two nodes', () => {
  let drop: () => Promise<void>;
  const nodes: Array<{ app: Awaited<ReturnType<typeof buildApp>>; close: () => Promise<void> }> =
    [];
  let key = '';
  let dbForSetup: ReturnType<typeof openPostgres>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const clock = testClock();
    for (let i = 0; i < 2; i += 1) {
      const database = openPostgres(created.url, 4);
      if (i === 0) {
        await migrateToLatest(database);
        dbForSetup = database;
      }
      const config = testConfig();
      key = config.payloadKey;
      const app = await buildApp(config, { database, clock, logger: pino({ level: 'silent' }) });
      await app.ready();
      nodes.push({
        app,
        close: async () => {
          await app.close();
          await database.close();
        },
      });
    }
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    await drop();
  });
  beforeEach(() => verifySpy.mockClear());

  it('50 concurrent wrong passwords spread over two nodes run exactly 5 password checks', async () => {
    const a = await makeAccount(dbForSetup.db);
    const hash = (await createAccountsRepository(dbForSetup.db).findById(a.id))?.passwordHash;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login(nodes[i % 2]!.app, key, 'account', a.account, 'Wrong!pass1', {
          ip: `10.47.${i}.1`,
        }),
      ),
    );
    expect(verifySpy.mock.calls.filter(([h]) => h === hash)).toHaveLength(5);
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === ErrorCode.InvalidPassword)).toHaveLength(5);
    expect(codes.filter((c) => c === ErrorCode.TooManyRequests)).toHaveLength(45);
  });
});
