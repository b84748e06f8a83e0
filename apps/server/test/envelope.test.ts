// docs/decisions/0006-envelope-and-error-codes.md envelope over real requests: success, business errors, bad input, unknown paths,
// unknown errors (SystemBusy, cause logged, never sent) and HTTP 203 for missing sessions.
import { defineCall, emptyBodySchema, ErrorCode } from '@hc/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/lib/app-error';
import { createSession } from '../src/modules/auth/sessions.service';
import { registerCall } from '../src/plugins/register-call';
import { type Envelope } from './support/call';
import { testDatabases } from './support/databases';
import { useTestApp } from './support/helper';

const echo = defineCall({
  path: '/api/test/echo',
  method: 'POST',
  auth: 'none',
  body: () => z.object({ count: z.number().int(), name: z.string().max(5) }),
  result: () => z.object({ count: z.number(), name: z.string() }),
  summary: 'test',
  spec: 'test',
  tag: 'system',
});
const business = defineCall({
  path: '/api/test/business',
  method: 'POST',
  auth: 'none',
  body: () => emptyBodySchema,
  result: () => z.object({}),
  summary: 'test',
  spec: 'test',
  tag: 'system',
});
const boom = defineCall({
  path: '/api/test/boom',
  method: 'POST',
  auth: 'none',
  body: () => emptyBodySchema,
  result: () => z.object({}),
  summary: 'test',
  spec: 'test',
  tag: 'system',
});
const drift = defineCall({
  path: '/api/test/drift',
  method: 'POST',
  auth: 'none',
  body: () => emptyBodySchema,
  result: () => z.object({ n: z.number() }),
  summary: 'test',
  spec: 'test',
  tag: 'system',
});
const whoami = defineCall({
  path: '/api/test/whoami',
  method: 'POST',
  auth: 'required',
  body: () => emptyBodySchema,
  result: () => z.object({ accountId: z.number() }),
  summary: 'test',
  spec: 'test',
  tag: 'system',
});

describe.each(testDatabases())('envelope on %s', (kind) => {
  const t = useTestApp(kind, {
    extend(app) {
      registerCall(app, echo, ({ body }) => body);
      registerCall(app, business, () => {
        throw new AppError(ErrorCode.serverMaintenance, { server_id: 3 });
      });
      registerCall(app, boom, () => {
        throw new Error('secret internal detail: connection string postgres://x');
      });
      // Returns a string where the contract says number: caught outside production.
      registerCall(app, drift, () => ({ n: 'one' }) as unknown as { n: number });
      // auth 'required': the session is typed non-null and always present.
      registerCall(app, whoami, ({ session }) => ({ accountId: session.accountId }));
    },
  });
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('wraps a result as HTTP 200 { code: 0, msg: "ok", result }', async () => {
    const res = await post('/api/test/echo', { count: 2, name: 'ab' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', result: { count: 2, name: 'ab' } });
  });

  it('answers an AppError as HTTP 200 with its code, English msg and data', async () => {
    const res = await post('/api/test/business', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: ErrorCode.serverMaintenance,
      msg: 'The server is under maintenance, try again later',
      data: { server_id: 3 },
    });
  });

  it('answers malformed JSON with InvalidParams', async () => {
    const res = await t.current.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: '{"count": 1,',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: ErrorCode.InvalidParams,
      data: { issues: [{ path: '', message: 'Body is not valid JSON' }] },
    });
  });

  it('answers a wrong field type with InvalidParams naming each field', async () => {
    const res = await post('/api/test/echo', { count: 'two', name: 'too long' });
    expect(res.statusCode).toBe(200);
    const body = res.json<Envelope>();
    expect(body.code).toBe(ErrorCode.InvalidParams);
    expect(body.msg).toBe('Parameter exception');
    const paths = (body.data.issues ?? []).map((i) => i.path).sort();
    expect(paths).toEqual(['count', 'name']);
  });

  it('answers a body over BODY_LIMIT_BYTES with PayloadTooLarge and does not run the handler', async () => {
    const res = await post('/api/test/echo', { count: 1, name: 'x'.repeat(70_000) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: ErrorCode.PayloadTooLarge,
      msg: 'Request body too large',
      data: { limit: 65536 },
    });
  });

  it('answers an unsupported content type with InvalidParams', async () => {
    const res = await t.current.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: 'count=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.json()).toMatchObject({ code: ErrorCode.InvalidParams });
  });

  it('answers an unknown /api path (and a wrong method) with the NotFound envelope', async () => {
    for (const [method, url] of [
      ['POST', '/api/no/such/call'],
      ['GET', '/api/setting/init'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.current.app.inject({ method, url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ code: ErrorCode.NotFound, msg: 'Not found' });
    }
  });

  it('answers an unknown error with SystemBusy, logging the cause under the request id', async () => {
    const res = await post('/api/test/boom', {}, { 'x-request-id': 'req-boom-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: ErrorCode.SystemBusy, msg: 'The system is busy' });
    expect(res.body).not.toContain('secret');
    expect(res.headers['x-request-id']).toBe('req-boom-1');
    const logged = t.current.logs.find((l) => l.reqId === 'req-boom-1' && l.level === 50);
    expect(JSON.stringify(logged)).toContain('secret internal detail');
  });

  it('catches a handler result that drifts from the contract (outside production)', async () => {
    const res = await post('/api/test/drift', {});
    expect(res.json()).toEqual({ code: ErrorCode.SystemBusy, msg: 'The system is busy' });
  });

  it('answers HTTP 203 tokenFail on a required-auth call without a token or with a bad one', async () => {
    for (const headers of [
      {},
      { token: 'not-a-real-token-but-long-enough' },
      { token: '' },
    ] as Array<Record<string, string>>) {
      const res = await post('/api/test/whoami', {}, headers);
      expect(res.statusCode).toBe(203);
      expect(res.json()).toEqual({
        code: ErrorCode.tokenFail,
        msg: 'Information expired or account accessed on another device',
      });
    }
  });

  it('answers HTTP 203 once the session has expired, and 200 before', async () => {
    const { app, database, clock, config } = t.current;
    // The app's own policy: every request renews the idle time by the app's idle minutes.
    const policy = { idleMinutes: config.sessionIdleMinutes, absoluteDays: 30 };
    const token = await createSession(database.db, 1, { remember: false, policy, clock });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/test/whoami',
      payload: {},
      headers: { token },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Envelope>().result).toEqual({ accountId: 1 });
    clock.advance((policy.idleMinutes + 1) * 60_000);
    const expired = await app.inject({
      method: 'POST',
      url: '/api/test/whoami',
      payload: {},
      headers: { token },
    });
    expect(expired.statusCode).toBe(203);
    expect(expired.json<Envelope>().code).toBe(ErrorCode.tokenFail);
  });

  it('logs the docs/product/api.md#request-headers headers on each request, the token only as present', async () => {
    const headers = {
      version: '1.2.3',
      htmlversion: 'w42',
      accountid: '7',
      gameid: '1',
      userid: '9',
      clientid: 'dev-abc',
      token: 'tok-SECRET-value-1234567890',
    };
    await t.current.app.inject({
      method: 'GET',
      url: '/api/time',
      headers: { ...headers, 'x-request-id': 'req-hdr-1' },
    });
    const lines = t.current.logs.filter((l) => l.reqId === 'req-hdr-1');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.client).toEqual({
        version: '1.2.3',
        htmlversion: 'w42',
        accountid: '7',
        gameid: '1',
        userid: '9',
        clientid: 'dev-abc',
        hasToken: true,
      });
    }
    expect(JSON.stringify(t.current.logs)).not.toContain('SECRET');
  });

  it('replaces an unsafe incoming x-request-id with a generated one', async () => {
    const res = await t.current.app.inject({
      method: 'GET',
      url: '/api/time',
      headers: { 'x-request-id': 'bad id with spaces <script>' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
