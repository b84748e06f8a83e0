// Verification codes (docs/product/sign-in.md#verification-codes): send limits per destination and IP, per IP and per
// destination (verification-codes.service.ts), expiry, single use, 5 wrong tries, no enumeration of unknown
// destinations, not-configured senders, and the dev outbox (only when DEV_OUTBOX=true).
import { api, ErrorCode } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/call';
import { codeIn, login, makeAccount, startSmtp } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

const MINUTE = 60_000;

describe.each(testDatabases())('verification codes on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await smtp.close();
  });

  const send = (target: string, ip: string, purpose: 'login' | 'reset' = 'login') =>
    call(t.app, api.userEmailCodeSend, { target, purpose }, { ip });
  const lastCode = () => codeIn(smtp.mails.at(-1)?.raw ?? '');

  it('allows one send per destination and IP per 60 s and 3 per 15 minutes', async () => {
    const a = await makeAccount(t.database.db);
    expect((await send(a.email, '10.5.0.1')).code).toBe(0);
    const again = await send(a.email, '10.5.0.1');
    expect(again).toMatchObject({
      code: ErrorCode.AuthCodeSendTooFrequently,
      data: { retry_after: 60 },
    });
    // Another IP is not held by this IP's cool-down.
    expect((await send(a.email, '10.5.0.2')).code).toBe(0);
    for (let i = 0; i < 2; i += 1) {
      t.clock.advance(61_000);
      expect((await send(a.email, '10.5.0.1')).code).toBe(0);
    }
    t.clock.advance(61_000);
    // The fourth from one IP within 15 minutes waits until the first is 15 minutes old.
    const fourth = await send(a.email, '10.5.0.1');
    expect(fourth.code).toBe(ErrorCode.AuthCodeSendTooFrequently);
    expect(fourth.data).toEqual({ retry_after: 15 * 60 - 3 * 61 });
    t.clock.advance(15 * MINUTE);
    expect((await send(a.email, '10.5.0.1')).code).toBe(0);
  });

  it('caps a destination at 10 sends per 3 hours over all IPs', async () => {
    const a = await makeAccount(t.database.db);
    for (let i = 0; i < 10; i += 1) expect((await send(a.email, `10.13.0.${i}`)).code).toBe(0);
    const capped = await send(a.email, '10.13.1.1');
    expect(capped).toMatchObject({
      code: ErrorCode.AuthCodeSendTooFrequently,
      data: { retry_after: 3 * 3600 },
    });
    t.clock.advance(3 * 60 * MINUTE);
    expect((await send(a.email, '10.13.1.1')).code).toBe(0);
  });

  it('lets only one of concurrent sends to a destination from one IP through', async () => {
    const a = await makeAccount(t.database.db);
    const results = await Promise.all(Array.from({ length: 10 }, () => send(a.email, '10.12.0.1')));
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === ErrorCode.AuthCodeSendTooFrequently)).toHaveLength(9);
  });

  it('caps one IP at 20 sends an hour', async () => {
    for (let i = 0; i < 20; i += 1) {
      expect((await send(`cap${i}@example.com`, '10.6.0.1')).code).toBe(0);
    }
    expect((await send('cap-last@example.com', '10.6.0.1')).code).toBe(
      ErrorCode.AuthCodeSendTooFrequently,
    );
    t.clock.advance(61 * MINUTE);
    expect((await send('cap-last@example.com', '10.6.0.1')).code).toBe(0);
  });

  it('answers success for an unknown destination but sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await send('stranger@example.com', '10.7.0.1');
    expect(res).toMatchObject({ code: 0, result: { resend_after: 60, expires_in: 600 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.mails.length).toBe(before);
  });

  it('expires a code after 10 minutes', async () => {
    const a = await makeAccount(t.database.db);
    await send(a.email, '10.8.0.1');
    const code = lastCode();
    t.clock.advance(10 * MINUTE + 1000);
    const res = await login(t.app, t.config.payloadKey, 'email', a.email, code, { ip: '10.8.0.1' });
    expect(res.code).toBe(ErrorCode.InvalidEmailCode);
  });

  it('kills a code after 5 wrong tries', async () => {
    const a = await makeAccount(t.database.db);
    await send(a.email, '10.9.0.1');
    const code = lastCode();
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const r = await login(t.app, t.config.payloadKey, 'email', a.email, wrong, {
        ip: `10.9.1.${i}`,
      });
      expect(r.code).toBe(ErrorCode.InvalidEmailCode);
    }
    const res = await login(t.app, t.config.payloadKey, 'email', a.email, code, { ip: '10.9.0.1' });
    expect(res.code).toBe(ErrorCode.InvalidEmailCode);
  });

  it('binds a code to its purpose', async () => {
    const a = await makeAccount(t.database.db);
    await send(a.email, '10.10.0.1', 'reset');
    const res = await login(t.app, t.config.payloadKey, 'email', a.email, lastCode(), {
      ip: '10.10.0.1',
    });
    expect(res.code).toBe(ErrorCode.InvalidEmailCode);
  });

  it('answers SystemBusy and logs why when SMS is not configured', async () => {
    const a = await makeAccount(t.database.db);
    const res = await call(
      t.app,
      api.userPhoneCodeSend,
      { target: a.phone, purpose: 'login' },
      { ip: '10.11.0.1' },
    );
    expect(res.code).toBe(ErrorCode.SystemBusy);
    expect(t.logs.some((l) => typeof l.msg === 'string' && l.msg.includes('Twilio'))).toBe(true);
  });

  it('has no dev outbox unless DEV_OUTBOX=true', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
  });
});

describe.each(testDatabases())('dev outbox on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { DEV_OUTBOX: 'true' } });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  it('keeps email and SMS, newest first, as HTML and JSON with no-store', async () => {
    const a = await makeAccount(t.database.db);
    expect(
      (await call(t.app, api.userEmailCodeSend, { target: a.email, purpose: 'login' })).code,
    ).toBe(0);
    expect(
      (await call(t.app, api.userPhoneCodeSend, { target: a.phone, purpose: 'login' })).code,
    ).toBe(0);
    const json = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(json.headers['cache-control']).toBe('no-store');
    const { messages } = json.json<{
      messages: Array<{ channel: string; recipient: string; body: string }>;
    }>();
    expect(messages.map((m) => m.channel)).toEqual(['sms', 'email']);
    expect(messages[0]?.recipient).toBe(a.phone);
    const code = codeIn(messages[0]?.body ?? '');
    const ok = await login(t.app, t.config.payloadKey, 'phone', a.phone, code);
    expect(ok.code).toBe(0);
    const html = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.headers['cache-control']).toBe('no-store');
    expect(html.body).toContain(a.phone);
    expect(html.body.indexOf(a.phone)).toBeLessThan(html.body.indexOf(a.email));
  });
});
