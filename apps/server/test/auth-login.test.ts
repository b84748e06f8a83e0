// Sign-in (docs/product/sign-in.md#login-screen, docs/product/session.md#logout, docs/product/api.md#sign-in-and-session-calls /api/user/login, logout, uinfo; docs/product/errors.md#error-catalogue error codes): every channel, its
// bad inputs, remember vs not, single-device sessions, and login throttling.
import { api, encryptPayload, ErrorCode } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { call } from './support/call';
import {
  codeIn,
  login,
  makeAccount,
  messagingEnv,
  startSmtp,
  startTwilio,
  TWILIO,
} from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

const MINUTE = 60_000;

describe.each(testDatabases())('login on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let twilio: Awaited<ReturnType<typeof startTwilio>>;
  let key: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    twilio = await startTwilio();
    t = await createTestApp(kind, {
      env: {
        ...messagingEnv(smtp.url, twilio.baseUrl),
        SESSION_IDLE_MINUTES: '30',
        SESSION_ABSOLUTE_DAYS: '7',
      },
    });
    key = t.config.payloadKey;
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await smtp.close();
    await twilio.close();
  });

  const uinfo = (token: string) => call(t.app, api.userUinfo, {}, { token });
  /** A token that no longer works: user info answers 203 tokenFail, not an anonymous visitor. */
  const expectStale = async (token: string) => {
    const res = await uinfo(token);
    expect(res.status).toBe(203);
    expect(res.code).toBe(ErrorCode.tokenFail);
  };

  it('signs the demo account in with account + password and uinfo reflects it', async () => {
    const res = await login(t.app, key, 'account', 'demo', 'demo1234', { ip: '10.1.0.1' });
    expect(res.code).toBe(0);
    expect(res.result).toMatchObject({
      account: 'demo',
      customer_service: t.config.customerServiceUrl,
    });
    expect(res.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await uinfo(res.result.token);
    expect(info.result).toMatchObject({
      login: true,
      account: 'demo',
      accid: res.result.accid,
    });
  });

  it('signs in with email + password (email case-insensitive)', async () => {
    const a = await makeAccount(t.database.db);
    const res = await login(t.app, key, 'email', a.email.toUpperCase(), a.password, {
      ip: '10.1.0.2',
    });
    expect(res.code).toBe(0);
    expect(res.result.accid).toBe(a.id);
  });

  it('signs in with email + code sent over real SMTP, and the code works once', async () => {
    const a = await makeAccount(t.database.db);
    const sent = await call(
      t.app,
      api.userEmailCodeSend,
      { target: a.email, purpose: 'login' },
      { ip: '10.1.0.3' },
    );
    expect(sent).toMatchObject({ code: 0, result: { resend_after: 60, expires_in: 600 } });
    const mail = smtp.mails.at(-1);
    expect(mail?.to.map((m) => m.toLowerCase())).toEqual([a.email.toLowerCase()]);
    const code = codeIn(mail?.raw ?? '');
    const ok = await login(t.app, key, 'email', a.email, code, { ip: '10.1.0.3' });
    expect(ok.code).toBe(0);
    const replay = await login(t.app, key, 'email', a.email, code, { ip: '10.1.0.3' });
    expect(replay.code).toBe(ErrorCode.InvalidEmailCode);
  });

  it('signs in with phone + code sent through the Twilio API', async () => {
    const a = await makeAccount(t.database.db);
    const sent = await call(
      t.app,
      api.userPhoneCodeSend,
      { target: a.phone, purpose: 'login' },
      { ip: '10.1.0.4' },
    );
    expect(sent.code).toBe(0);
    const sms = twilio.sms.at(-1);
    expect(sms?.path).toBe(`/2010-04-01/Accounts/${TWILIO.sid}/Messages.json`);
    expect(sms?.form).toMatchObject({ To: a.phone, From: TWILIO.from });
    const wrong = await login(
      t.app,
      key,
      'phone',
      a.phone,
      '000000' === codeIn(sms?.form.Body ?? '') ? '111111' : '000000',
      { ip: '10.1.0.4' },
    );
    expect(wrong.code).toBe(ErrorCode.InvalidMobileCode);
    const ok = await login(t.app, key, 'phone', a.phone, codeIn(sms?.form.Body ?? ''), {
      ip: '10.1.0.4',
    });
    expect(ok).toMatchObject({ code: 0, result: { accid: a.id } });
  });

  it('answers the specific not-found code for each identifier type', async () => {
    const ip = { ip: '10.1.0.5' };
    expect((await login(t.app, key, 'account', 'nobody', 'Whatever1', ip)).code).toBe(
      ErrorCode.LoginNameNotFound,
    );
    expect((await login(t.app, key, 'email', 'nobody@example.com', 'Whatever1', ip)).code).toBe(
      ErrorCode.EmailNotFound,
    );
    expect((await login(t.app, key, 'phone', '+15559999999', '123456', ip)).code).toBe(
      ErrorCode.PhoneNotFound,
    );
  });

  it('rejects a wrong password and a wrong email code', async () => {
    const a = await makeAccount(t.database.db);
    expect(
      (await login(t.app, key, 'account', a.account, 'Wrong!pass1', { ip: '10.1.0.6' })).code,
    ).toBe(ErrorCode.InvalidPassword);
    expect(
      (await login(t.app, key, 'email', a.email, 'Wrong!pass1', { ip: '10.1.0.6' })).code,
    ).toBe(ErrorCode.InvalidPassword);
    expect((await login(t.app, key, 'email', a.email, '123456', { ip: '10.1.0.6' })).code).toBe(
      ErrorCode.InvalidEmailCode,
    );
  });

  it('answers canNoEmailLogin when the account has email login disabled', async () => {
    const a = await makeAccount(t.database.db);
    await createAccountsRepository(t.database.db).setEmailLoginEnabled(a.id, false);
    const res = await login(t.app, key, 'email', a.email, a.password, { ip: '10.1.0.7' });
    expect(res.code).toBe(ErrorCode.canNoEmailLogin);
  });

  it('treats a tampered or foreign-key payload as InvalidParams', async () => {
    const a = await makeAccount(t.database.db);
    const token = await encryptPayload(key, a.password);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const tampered = token.slice(0, -2) + last + token.at(-1);
    const res = await call(t.app, api.userLogin, {
      channel_code: 'account',
      account: a.account,
      passwd: tampered,
      encrypt: 1,
    });
    expect(res.code).toBe(ErrorCode.InvalidParams);
    const other = await encryptPayload(Buffer.alloc(32, 7).toString('base64'), a.password);
    const res2 = await call(t.app, api.userLogin, {
      channel_code: 'account',
      account: a.account,
      passwd: other,
      encrypt: 1,
    });
    expect(res2.code).toBe(ErrorCode.InvalidParams);
    const plain = await call(t.app, api.userLogin, {
      channel_code: 'account',
      account: a.account,
      passwd: a.password,
      encrypt: 1,
    });
    expect(plain.code).toBe(ErrorCode.InvalidParams);
  });

  it('refuses social channels on /api/user/login (they use the redirect flow)', async () => {
    const res = await login(t.app, key, 'google' as 'account', '', 'id-token', { ip: '10.1.0.11' });
    expect(res).toMatchObject({ code: ErrorCode.InvalidParams, data: { reason: 'channel' } });
  });

  it('keeps a remembered session past the idle time, a plain one not', async () => {
    const a = await makeAccount(t.database.db);
    const plain = await login(t.app, key, 'account', a.account, a.password, { ip: '10.1.0.8' });
    const b = await makeAccount(t.database.db);
    const kept = await login(t.app, key, 'account', b.account, b.password, {
      remember: true,
      ip: '10.1.0.8',
    });
    t.clock.advance(31 * MINUTE);
    await expectStale(plain.result.token);
    expect((await uinfo(kept.result.token)).result.login).toBe(true);
    t.clock.advance(7 * 24 * 60 * MINUTE);
    await expectStale(kept.result.token);
  });

  it('logout ends the session; a later required call answers 203 tokenFail', async () => {
    const a = await makeAccount(t.database.db);
    const json = await login(t.app, key, 'account', a.account, a.password, { ip: '10.1.0.9' });
    const out = await call(t.app, api.userLogout, {}, { token: json.result.token });
    expect(out).toMatchObject({ code: 0, result: { success: true } });
    await expectStale(json.result.token);
    const gone = await call(t.app, api.userSdkTicketGet, { uid: 1 }, { token: json.result.token });
    expect(gone.status).toBe(203);
    expect(gone.code).toBe(ErrorCode.tokenFail);
    expect((await call(t.app, api.userLogout, {})).code).toBe(0);
    // Signing out with the dead token is simply done; other optional calls say it is dead.
    expect((await call(t.app, api.userLogout, {}, { token: json.result.token })).code).toBe(0);
    const crm = await call(t.app, api.settingCrmUrl, {}, { token: json.result.token });
    expect(crm.status).toBe(203);
  });

  it('a new login revokes the older session (single device)', async () => {
    const a = await makeAccount(t.database.db);
    const first = await login(t.app, key, 'account', a.account, a.password, { ip: '10.1.0.10' });
    const second = await login(t.app, key, 'account', a.account, a.password, { ip: '10.1.0.10' });
    await expectStale(first.result.token);
    expect((await uinfo(second.result.token)).result.login).toBe(true);
  });

  it('throttles an account after 5 failures from a new IP, never the IP that signed in before', async () => {
    const a = await makeAccount(t.database.db);
    const home = { ip: '10.2.0.1' };
    expect((await login(t.app, key, 'account', a.account, a.password, home)).code).toBe(0);
    for (let i = 0; i < 5; i += 1) {
      const r = await login(t.app, key, 'account', a.account, 'Wrong!pass1', { ip: `10.3.0.${i}` });
      expect(r.code).toBe(ErrorCode.InvalidPassword);
    }
    const blocked = await login(t.app, key, 'account', a.account, a.password, { ip: '10.3.1.1' });
    // Until the first of the 5 failures is 15 minutes old.
    expect(blocked).toMatchObject({
      code: ErrorCode.TooManyRequests,
      data: { retry_after: 15 * 60 },
    });
    // The player's own IP is not slowed.
    expect((await login(t.app, key, 'account', a.account, a.password, home)).code).toBe(0);
    // The window passes: a new IP may try again.
    t.clock.advance(15 * MINUTE);
    expect(
      (await login(t.app, key, 'account', a.account, a.password, { ip: '10.3.1.1' })).code,
    ).toBe(0);
  });

  it('caps one IP at 30 failures per 15 minutes', async () => {
    const ip = { ip: '10.4.0.1' };
    for (let i = 0; i < 30; i += 1) {
      expect((await login(t.app, key, 'account', `ghost${i}`, 'x', ip)).code).toBe(
        ErrorCode.LoginNameNotFound,
      );
    }
    expect((await login(t.app, key, 'account', 'demo', 'demo1234', ip)).code).toBe(
      ErrorCode.TooManyRequests,
    );
    t.clock.advance(15 * MINUTE + 1000);
    expect((await login(t.app, key, 'account', 'demo', 'demo1234', ip)).code).toBe(0);
  });
});
