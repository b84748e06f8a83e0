// The operator console (docs/console.md, ADR 0040) over the real app: sign-in, throttle, TOTP
// (required flow, replay, recovery codes), production's enrolment-only sessions, idle and
// absolute expiry, CSRF, every console call refused to every role that lacks it (generic: calls
// added later are covered), setup links, last-owner protection, the audit log and its CSV
// export, the operator CLI, and no demo operator in production.
import {
  consoleApi,
  consoleEntries,
  consoleExamples,
  ErrorCode,
  OPERATOR_ROLES,
  rolesAllow,
  toUnixSeconds,
  type ApiCall,
  type CallBody,
} from '@hc/contract';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operator as operatorCommand } from '../src/commands/operator';
import { createContainer, type Container } from '../src/container';
import { DEMO_OPERATOR } from '../src/db/seeds/demo';
import { neutraliseCell } from '../src/modules/audit/audit-csv';
import { createAuditRepository } from '../src/modules/audit/audit.repository';
import { testDatabases } from './support/databases';
import {
  consoleCall,
  consoleLogin,
  makeOperator,
  signInOperator,
  type ConsoleClient,
} from './support/console';
import { createTestApp, PRODUCTION_SECRETS, type TestApp } from './support/helper';

const IDLE = 1800;

describe.each(testDatabases())('operator console on %s', (kind) => {
  let t: TestApp;
  let container: Container;
  let owner: ConsoleClient;

  async function portal(...args: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await operatorCommand.run({ container, out: (l) => void lines.push(l) }, args);
    return { code, lines };
  }

  const totp = (secret: string) => generate({ secret, epoch: toUnixSeconds(t.clock.now()) });

  beforeAll(async () => {
    t = await createTestApp(kind);
    container = createContainer(t.config, { database: t.database, clock: t.clock });
    const signed = await consoleLogin(t.app, DEMO_OPERATOR.name, DEMO_OPERATOR.password);
    expect(signed.reply.code).toBe(0);
    owner = signed.client as ConsoleClient;
  });

  afterAll(async () => {
    await container.close();
    await t.app.close();
    await t.database.close();
  });

  it('signs the demo operator in with an HttpOnly, SameSite=Strict cookie and a CSRF token', async () => {
    const { reply } = await consoleLogin(t.app, 'operator', 'operator1234');
    expect(reply.status).toBe(200);
    expect(reply.result?.operator).toMatchObject({
      name: 'operator',
      roles: ['owner'],
      twoFactorEnabled: false,
      mustEnrol: false,
    });
    expect(reply.result?.idleTimeoutSeconds).toBe(IDLE);
    const cookie = String(reply.headers['set-cookie']);
    expect(cookie).toMatch(
      /^hc_console=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    const me = await consoleCall(t.app, consoleApi.consoleSessionMe, {}, owner);
    expect(me.result?.operator.name).toBe('operator');
    expect(me.result?.csrfToken).toBe(owner.csrfToken);
  });

  it('refuses a wrong password and an unknown name alike, and throttles per operator', async () => {
    const o = await makeOperator(t, ['content']);
    const unknown = await consoleLogin(t.app, 'nobody-here', 'x');
    expect(unknown.reply.code).toBe(ErrorCode.ConsoleSignInFailed);
    for (let i = 0; i < 5; i++) {
      const wrong = await consoleLogin(t.app, o.name, 'Wrong!pass1', undefined, {
        ip: '198.51.100.9',
      });
      expect(wrong.reply.code).toBe(ErrorCode.ConsoleSignInFailed);
      expect(wrong.reply.headers['set-cookie']).toBeUndefined();
    }
    const right = await consoleLogin(t.app, o.name, o.password, undefined, { ip: '198.51.100.9' });
    expect(right.reply.code).toBe(ErrorCode.TooManyRequests);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await consoleLogin(t.app, o.name, o.password)).reply.code).toBe(0);
  });

  it('refuses every console call without a session (401), and POSTs without or with a wrong CSRF token (403)', async () => {
    for (const [name, call] of consoleEntries().filter(([, c]) => c.auth === 'console')) {
      const body = consoleExamples[name].body as CallBody<ApiCall>;
      const none = await consoleCall(t.app, call, body, null);
      expect([name, none.status, none.code]).toEqual([name, 401, ErrorCode.ConsoleSessionExpired]);
      const missing = await consoleCall(t.app, call, body, owner, { csrf: null });
      if (call.readsOnly === true) {
        // Read-only calls answer without the token (a reload recovers it through session/me).
        expect([name, missing.code]).toEqual([name, 0]);
        continue;
      }
      expect([name, missing.status, missing.code]).toEqual([
        name,
        403,
        ErrorCode.ConsoleCsrfFailed,
      ]);
      const wrong = await consoleCall(t.app, call, body, owner, { csrf: `${owner.csrfToken}x` });
      expect([name, wrong.status, wrong.code]).toEqual([name, 403, ErrorCode.ConsoleCsrfFailed]);
    }
    // The session still works: a refused call ends nothing.
    expect((await consoleCall(t.app, consoleApi.consoleSessionMe, {}, owner)).code).toBe(0);
  });

  it('refuses every console call to every role that lacks it (owner always allowed)', async () => {
    const clients = new Map<string, ConsoleClient>();
    for (const role of OPERATOR_ROLES.filter((r) => r !== 'owner'))
      clients.set(role, await signInOperator(t, [role]));
    let refusals = 0;
    for (const [name, call] of consoleEntries().filter(([, c]) => c.auth === 'console')) {
      for (const role of OPERATOR_ROLES) {
        if (rolesAllow([role], call.roles)) continue;
        const reply = await consoleCall(
          t.app,
          call,
          consoleExamples[name].body as CallBody<ApiCall>,
          clients.get(role),
        );
        expect([name, role, reply.status, reply.code]).toEqual([
          name,
          role,
          403,
          ErrorCode.ConsoleForbidden,
        ]);
        refusals++;
      }
      expect(rolesAllow(['owner'], call.roles)).toBe(true);
    }
    expect(refusals).toBeGreaterThan(0);
  });

  it('nothing changes when the CSRF token is wrong', async () => {
    const before = await consoleCall(t.app, consoleApi.consoleOperatorsList, {}, owner);
    const refused = await consoleCall(
      t.app,
      consoleApi.consoleOperatorsInvite,
      { name: 'csrf-victim', displayName: 'X', roles: ['owner'] },
      owner,
      { csrf: 'forged' },
    );
    expect(refused.code).toBe(ErrorCode.ConsoleCsrfFailed);
    const after = await consoleCall(t.app, consoleApi.consoleOperatorsList, {}, owner);
    expect(after.result?.list).toEqual(before.result?.list);
  });

  it('ends a session after the idle timeout (sliding) and after 12 hours', async () => {
    const c = await signInOperator(t, ['support']);
    t.clock.advance((IDLE - 10) * 1000);
    expect((await consoleCall(t.app, consoleApi.consoleSessionMe, {}, c)).code).toBe(0);
    t.clock.advance((IDLE - 10) * 1000);
    expect((await consoleCall(t.app, consoleApi.consoleSessionMe, {}, c)).code).toBe(0);
    t.clock.advance((IDLE + 1) * 1000);
    const idle = await consoleCall(t.app, consoleApi.consoleSessionMe, {}, c);
    expect([idle.status, idle.code]).toEqual([401, ErrorCode.ConsoleSessionExpired]);

    const d = await signInOperator(t, ['support']);
    // Active every 25 minutes: alive until 12 hours after sign-in, however active.
    for (let i = 1; i <= 29; i++) {
      t.clock.advance(25 * 60_000);
      const r = await consoleCall(t.app, consoleApi.consoleSessionMe, {}, d);
      expect([i, r.code]).toEqual([i, 25 * i < 720 ? 0 : ErrorCode.ConsoleSessionExpired]);
    }
    owner = (await consoleLogin(t.app, DEMO_OPERATOR.name, DEMO_OPERATOR.password))
      .client as ConsoleClient;
  });

  it('enrols TOTP, then asks for the code, refuses a replayed code, accepts a recovery code once', async () => {
    const o = await makeOperator(t, ['operations']);
    const c = (await consoleLogin(t.app, o.name, o.password)).client as ConsoleClient;
    const started = await consoleCall(t.app, consoleApi.consoleTwoFactorStart, {}, c);
    const secret = started.result?.secret;
    expect(started.result?.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(started.result?.qrSvgDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(
      Buffer.from(started.result?.qrSvgDataUrl.split(',')[1] ?? '', 'base64').toString(),
    ).toContain('<svg');
    const code = await totp(secret);
    const confirmed = await consoleCall(t.app, consoleApi.consoleTwoFactorConfirm, { code }, c);
    const recovery = confirmed.result?.recoveryCodes ?? [];
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);

    const noCode = await consoleLogin(t.app, o.name, o.password);
    expect(noCode.reply.code).toBe(ErrorCode.ConsoleSecondFactorRequired);
    expect(noCode.reply.headers['set-cookie']).toBeUndefined();
    // The code that confirmed enrolment was used: its time step is refused.
    const replay = await consoleLogin(t.app, o.name, o.password, code);
    expect(replay.reply.code).toBe(ErrorCode.ConsoleSecondFactorInvalid);
    t.clock.advance(30_000);
    const fresh = await totp(secret);
    expect((await consoleLogin(t.app, o.name, o.password, fresh)).reply.code).toBe(0);
    expect((await consoleLogin(t.app, o.name, o.password, fresh)).reply.code).toBe(
      ErrorCode.ConsoleSecondFactorInvalid,
    );
    const withRecovery = await consoleLogin(t.app, o.name, o.password, recovery[3]);
    expect(withRecovery.reply.result?.operator.twoFactorEnabled).toBe(true);
    expect((await consoleLogin(t.app, o.name, o.password, recovery[3])).reply.code).toBe(
      ErrorCode.ConsoleSecondFactorInvalid,
    );
    // The secret is stored encrypted, the recovery codes hashed.
    const row = await sql<{
      totp_secret_enc: string;
    }>`select totp_secret_enc from operators where id = ${o.id}`.execute(t.database.db);
    expect(row.rows[0]?.totp_secret_enc).not.toContain(secret);
    const codes = await sql<{
      code_hash: string;
    }>`select code_hash from operator_recovery_codes where operator_id = ${o.id}`.execute(
      t.database.db,
    );
    expect(codes.rows.map((r) => r.code_hash)).not.toContain(recovery[0]);
    t.clock.advance(15 * 60_000 + 1000);
  });

  it('invites an operator: setup link -> password -> sign-in; the link works once', async () => {
    const invited = await consoleCall(
      t.app,
      consoleApi.consoleOperatorsInvite,
      { name: 'mika', displayName: 'Mika', roles: ['content', 'support'] },
      owner,
    );
    expect(invited.code).toBe(0);
    const url = invited.result?.setupUrl;
    expect(url.startsWith(`${t.config.publicBaseUrl}/console/setup#`)).toBe(true);
    expect(invited.result?.expiresAt).toBe(toUnixSeconds(t.clock.now()) + 24 * 3600);
    const token = url.split('#')[1] as string;
    const taken = await consoleCall(
      t.app,
      consoleApi.consoleOperatorsInvite,
      { name: 'mika', displayName: 'Mika 2', roles: ['content'] },
      owner,
    );
    expect(taken.code).toBe(ErrorCode.OperatorNameTaken);
    const check = await consoleCall(t.app, consoleApi.consoleSetupCheck, { token }, null);
    expect(check.result).toMatchObject({ name: 'mika', roles: ['content', 'support'] });
    const weak = await consoleCall(
      t.app,
      consoleApi.consoleSetupAccept,
      { token, password: 'abc' },
      null,
    );
    expect(weak.code).toBe(ErrorCode.PasswordFormatMismatch);
    const accepted = await consoleCall(
      t.app,
      consoleApi.consoleSetupAccept,
      { token, password: 'Mika!pass1' },
      null,
    );
    expect(accepted.result).toEqual({ name: 'mika' });
    const again = await consoleCall(
      t.app,
      consoleApi.consoleSetupAccept,
      { token, password: 'Other!pass1' },
      null,
    );
    expect(again.code).toBe(ErrorCode.SetupLinkInvalid);
    const signed = await consoleLogin(t.app, 'mika', 'Mika!pass1');
    expect(signed.reply.result?.operator.roles).toEqual(['content', 'support']);
    const resend = await consoleCall(
      t.app,
      consoleApi.consoleOperatorsResendSetup,
      { id: signed.client?.operatorId as number },
      owner,
    );
    expect(resend.code).toBe(ErrorCode.OperatorAlreadySetUp);
  });

  it('expires setup links after 24 hours', async () => {
    const { lines } = await portal('create', 'late-comer', '--role', 'finance');
    const token = (lines.find((l) => l.startsWith('setup link: ')) ?? '').split('#')[1] as string;
    t.clock.advance(24 * 3_600_000 + 1000);
    const check = await consoleCall(t.app, consoleApi.consoleSetupCheck, { token }, null);
    expect(check.code).toBe(ErrorCode.SetupLinkInvalid);
    owner = (await consoleLogin(t.app, DEMO_OPERATOR.name, DEMO_OPERATOR.password))
      .client as ConsoleClient;
  });

  it('writes audit rows with who, where, what, before and after; the database refuses UPDATE', async () => {
    const target = await makeOperator(t, ['content']);
    const updated = await consoleCall(
      t.app,
      consoleApi.consoleOperatorsUpdate,
      { id: target.id, roles: ['content', 'finance'] },
      owner,
      { ip: '203.0.113.7' },
    );
    expect(updated.result?.roles).toEqual(['content', 'finance']);
    const list = await consoleCall(
      t.app,
      consoleApi.consoleAuditList,
      { target: `operator:${target.id}`, page: 1, size: 10 },
      owner,
    );
    expect(list.result?.total).toBe(1);
    expect(list.result?.list[0]).toMatchObject({
      actorKind: 'operator',
      actor: 'operator',
      ip: '203.0.113.7',
      action: 'operator.update',
      target: `operator:${target.id}`,
      before: { roles: ['content'] },
      after: { roles: ['content', 'finance'] },
    });
    const prefixed = await consoleCall(
      t.app,
      consoleApi.consoleAuditList,
      { action: 'operator.', actor: 'operator', page: 1, size: 100 },
      owner,
    );
    expect(prefixed.result?.list.every((e) => e.action.startsWith('operator.'))).toBe(true);
    const id = list.result?.list[0]?.id as number;
    await expect(
      sql`update audit_log set actor = 'someone' where id = ${id}`.execute(t.database.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from audit_log where id = ${id}`.execute(t.database.db),
    ).rejects.toThrow(/append-only/);
  });

  it('exports the audit log as CSV, formula cells neutralised', async () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'plain'].map(neutraliseCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'plain',
    ]);
    await createAuditRepository(t.database.db).append({
      actorKind: 'cli',
      actor: '=HYPERLINK("http://evil.example","x")',
      action: 'test.csv',
      target: '+cmd|calc',
      after: { note: 'a,b "quoted"' },
      at: t.clock.now(),
    });
    const csv = await consoleCall(
      t.app,
      consoleApi.consoleAuditExport,
      { action: 'test.csv' },
      owner,
    );
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(csv.headers['content-disposition'])).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('id,at,actor_kind,actor,ip,action,target,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toContain(",'+cmd|calc,");
    expect(lines[1]).toContain('"{""note"":""a,b \\""quoted\\""""}"');
  });

  it('the CLI creates an operator whose printed link works, and audits as cli', async () => {
    const created = await portal(
      'create',
      'ops-lead',
      '--role',
      'operations',
      '--role',
      'content',
      '--display-name',
      'Ops lead',
    );
    expect(created.code).toBe(0);
    const link = (created.lines.find((l) => l.startsWith('setup link: ')) ?? '').slice(
      'setup link: '.length,
    );
    expect(link).toMatch(/\/console\/setup#[A-Za-z0-9_-]{43}$/);
    const token = link.split('#')[1] as string;
    expect(
      (
        await consoleCall(
          t.app,
          consoleApi.consoleSetupAccept,
          { token, password: 'Ops!lead12' },
          null,
        )
      ).code,
    ).toBe(0);
    const signed = await consoleLogin(t.app, 'ops-lead', 'Ops!lead12');
    expect(signed.reply.result?.operator).toMatchObject({
      displayName: 'Ops lead',
      roles: ['operations', 'content'],
    });
    expect((await portal('create', 'ops-lead')).code).toBe(1);
    const listed = await portal('list');
    expect(listed.lines.some((l) => l.startsWith('ops-lead\toperations,content\tactive'))).toBe(
      true,
    );
    expect((await portal('disable', 'ops-lead')).code).toBe(0);
    const after = await consoleCall(t.app, consoleApi.consoleSessionMe, {}, signed.client);
    expect(after.code).toBe(ErrorCode.ConsoleSessionExpired);
    const rows = await createAuditRepository(t.database.db).list({ actor: 'cli', limit: 10 });
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['operator.create', 'operator.disable']),
    );
  });

  it('keeps an enabled owner: no self-change, and the last owner cannot be disabled', async () => {
    const self = await consoleCall(
      t.app,
      consoleApi.consoleOperatorsUpdate,
      { id: owner.operatorId, disabled: true },
      owner,
    );
    expect(self.code).toBe(ErrorCode.OperatorSelfChange);
    const list = await consoleCall(t.app, consoleApi.consoleOperatorsList, {}, owner);
    const others = (list.result?.list ?? []).filter(
      (o) => o.roles.includes('owner') && !o.disabled && o.id !== owner.operatorId,
    );
    for (const o of others)
      expect(
        (
          await consoleCall(
            t.app,
            consoleApi.consoleOperatorsUpdate,
            { id: o.id, disabled: true },
            owner,
          )
        ).code,
      ).toBe(0);
    const last = await portal('disable', DEMO_OPERATOR.name);
    expect(last).toEqual({ code: 1, lines: ['error: At least one enabled owner must remain'] });
    expect((await consoleCall(t.app, consoleApi.consoleSessionMe, {}, owner)).code).toBe(0);
  });
});

describe.each(testDatabases())('operator console in production on %s', (kind) => {
  let t: TestApp;
  const env = {
    NODE_ENV: 'production',
    PAYLOAD_KEY: Buffer.alloc(32, 3).toString('base64'),
    ...PRODUCTION_SECRETS,
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { env, seed: false });
    expect(t.config.isProduction && !t.config.seedDemo).toBe(true);
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  it('has no demo operator', async () => {
    const count = await sql<{ n: string }>`select count(*) as n from operators`.execute(
      t.database.db,
    );
    expect(Number(count.rows[0]?.n)).toBe(0);
    expect((await consoleLogin(t.app, 'operator', 'operator1234')).reply.code).toBe(
      ErrorCode.ConsoleSignInFailed,
    );
  });

  it('gives an operator without TOTP an enrolment-only session until enrolled', async () => {
    const o = await makeOperator(t, ['owner']);
    const { reply, client } = await consoleLogin(t.app, o.name, o.password);
    expect(reply.result?.operator.mustEnrol).toBe(true);
    const c = client as ConsoleClient;
    const refused = await consoleCall(t.app, consoleApi.consoleOperatorsList, {}, c);
    expect([refused.status, refused.code]).toEqual([403, ErrorCode.ConsoleEnrolmentRequired]);
    for (const [name, call] of consoleEntries().filter(
      ([, x]) => x.auth === 'console' && x.duringEnrolment !== true,
    )) {
      const r = await consoleCall(t.app, call, consoleExamples[name].body as CallBody<ApiCall>, c);
      expect([name, r.code]).toEqual([name, ErrorCode.ConsoleEnrolmentRequired]);
    }
    const started = await consoleCall(t.app, consoleApi.consoleTwoFactorStart, {}, c);
    const code = await generate({
      secret: started.result?.secret,
      epoch: toUnixSeconds(t.clock.now()),
    });
    expect((await consoleCall(t.app, consoleApi.consoleTwoFactorConfirm, { code }, c)).code).toBe(
      0,
    );
    const me = await consoleCall(t.app, consoleApi.consoleSessionMe, {}, c);
    expect(me.result?.operator).toMatchObject({ mustEnrol: false, twoFactorEnabled: true });
    expect((await consoleCall(t.app, consoleApi.consoleOperatorsList, {}, c)).code).toBe(0);
    const out = await consoleCall(t.app, consoleApi.consoleSessionLogout, {}, c);
    expect(String(out.headers['set-cookie'])).toMatch(/^hc_console=; Max-Age=0/);
    expect((await consoleCall(t.app, consoleApi.consoleSessionMe, {}, c)).code).toBe(
      ErrorCode.ConsoleSessionExpired,
    );
  });
});
