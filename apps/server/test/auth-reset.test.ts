// Password reset by email and phone code (docs/product/sign-in.md#password-reset, docs/product/sign-in.md#verification-codes, docs/product/errors.md#error-catalogue codes): the
// encrypted payload, mismatch, rule, common passwords, bad codes, and session revocation.
import { api, encryptPayload, ErrorCode } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/call';
import {
  codeIn,
  login,
  makeAccount,
  messagingEnv,
  startSmtp,
  startTwilio,
} from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

describe.each(testDatabases())('password reset on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let twilio: Awaited<ReturnType<typeof startTwilio>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    twilio = await startTwilio();
    t = await createTestApp(kind, {
      env: {
        ...messagingEnv(smtp.url, twilio.baseUrl),
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await smtp.close();
    await twilio.close();
  });

  const reset = async (
    channel: 'email' | 'phone',
    payload: { account: string; code: string; passwd: string; passwd2: string },
  ) =>
    call(t.app, channel === 'email' ? api.userEmailPswReset : api.userPhonePswReset, {
      data: await encryptPayload(t.config.payloadKey, JSON.stringify(payload)),
    });
  const emailCode = async (email: string) => {
    await call(t.app, api.userEmailCodeSend, { target: email, purpose: 'reset' });
    return codeIn(smtp.mails.at(-1)?.raw ?? '');
  };

  it('resets by email code, revokes every session, and the new password signs in', async () => {
    const a = await makeAccount(t.database.db);
    const old = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
    const code = await emailCode(a.email);
    const res = await reset('email', {
      account: a.email,
      code,
      passwd: 'N3w!secret',
      passwd2: 'N3w!secret',
    });
    expect(res).toMatchObject({ code: 0, result: { success: true } });
    const info = await call(t.app, api.userUinfo, {}, { token: old.result.token });
    expect(info.status).toBe(203);
    expect(info.code).toBe(ErrorCode.tokenFail);
    expect((await login(t.app, t.config.payloadKey, 'account', a.account, a.password)).code).toBe(
      ErrorCode.InvalidPassword,
    );
    expect((await login(t.app, t.config.payloadKey, 'account', a.account, 'N3w!secret')).code).toBe(
      0,
    );
    // The code was used: a second reset with it fails.
    const again = await reset('email', {
      account: a.email,
      code,
      passwd: 'Oth3r!pw',
      passwd2: 'Oth3r!pw',
    });
    expect(again.code).toBe(ErrorCode.InvalidEmailCode);
  });

  it('resets by phone code through the Twilio API', async () => {
    const a = await makeAccount(t.database.db);
    await call(t.app, api.userPhoneCodeSend, { target: a.phone, purpose: 'reset' });
    const code = codeIn(twilio.sms.at(-1)?.form.Body ?? '');
    const bad = await reset('phone', {
      account: a.phone,
      code: code === '000000' ? '000001' : '000000',
      passwd: 'N3w!secret',
      passwd2: 'N3w!secret',
    });
    expect(bad.code).toBe(ErrorCode.InvalidMobileCode);
    const ok = await reset('phone', {
      account: a.phone,
      code,
      passwd: 'N3w!secret',
      passwd2: 'N3w!secret',
    });
    expect(ok.code).toBe(0);
  });

  it('rejects two passwords that differ, a broken rule and a common password; the code survives', async () => {
    const a = await makeAccount(t.database.db);
    const code = await emailCode(a.email);
    const base = { account: a.email, code };
    const mismatch = await reset('email', { ...base, passwd: 'N3w!secret', passwd2: 'N3w!secreT' });
    expect(mismatch).toMatchObject({
      code: ErrorCode.InvalidParams,
      data: { reason: 'mismatch' },
    });
    const short = await reset('email', { ...base, passwd: 'a1!', passwd2: 'a1!' });
    expect(short).toMatchObject({
      code: ErrorCode.PasswordFormatMismatch,
      data: { reason: 'length' },
    });
    const oneKind = await reset('email', { ...base, passwd: 'abcdefgh', passwd2: 'abcdefgh' });
    expect(oneKind).toMatchObject({
      code: ErrorCode.PasswordFormatMismatch,
      data: { reason: 'kinds' },
    });
    const common = await reset('email', { ...base, passwd: 'PASSWORD1', passwd2: 'PASSWORD1' });
    expect(common).toMatchObject({
      code: ErrorCode.PasswordFormatMismatch,
      data: { reason: 'common' },
    });
    expect((await login(t.app, t.config.payloadKey, 'account', a.account, a.password)).code).toBe(
      0,
    );
    const ok = await reset('email', { ...base, passwd: 'N3w!secret', passwd2: 'N3w!secret' });
    expect(ok.code).toBe(0);
  });

  it('rejects a tampered payload and an unknown destination without changes', async () => {
    const a = await makeAccount(t.database.db);
    const data = await encryptPayload(
      t.config.payloadKey,
      JSON.stringify({
        account: a.email,
        code: '123456',
        passwd: 'N3w!secret',
        passwd2: 'N3w!secret',
      }),
    );
    const tampered = data.slice(0, 10) + (data[10] === 'A' ? 'B' : 'A') + data.slice(11);
    const res = await call(t.app, api.userEmailPswReset, { data: tampered });
    expect(res.code).toBe(ErrorCode.InvalidParams);
    const notJson = await call(t.app, api.userEmailPswReset, {
      data: await encryptPayload(t.config.payloadKey, 'hello'),
    });
    expect(notJson.code).toBe(ErrorCode.InvalidParams);
    await call(t.app, api.userEmailCodeSend, {
      target: 'ghost@example.com',
      purpose: 'reset',
    });
    const ghost = await reset('email', {
      account: 'ghost@example.com',
      code: '123456',
      passwd: 'N3w!secret',
      passwd2: 'N3w!secret',
    });
    expect(ghost.code).toBe(ErrorCode.InvalidEmailCode);
    expect((await login(t.app, t.config.payloadKey, 'account', a.account, a.password)).code).toBe(
      0,
    );
  });
});
