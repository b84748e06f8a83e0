// NUL characters (U+0000) in request input: PostgreSQL refuses them in text and jsonb, so they
// are refused up front as InvalidParams for every call, whether they come in the body (at any
// depth, keys included), the path, the query string or a header, and nothing is logged as an
// error (plugins/input-guard.ts).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { api, ErrorCode, toUnixSeconds } from '@hc/contract';
import { describe, expect, it } from 'vitest';
import { call, invalidBody, type Envelope } from './support/call';
import { login } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { useTestApp } from './support/helper';

describe.each(testDatabases())('NUL characters in input on %s', (kind) => {
  const t = useTestApp(kind);

  async function demoToken(): Promise<string> {
    const { app, config } = t.current;
    const json = await login(app, config.payloadKey, 'account', 'demo', 'demo1234');
    expect(json.code).toBe(0);
    return json.result.token;
  }

  const errorLogs = () => t.current.logs.filter((l) => l.level >= 50);

  /** A correctly signed analytics batch whose one event carries `over` (stored as jsonb). */
  async function analyticsBatch(over: Record<string, unknown>) {
    const { app, clock } = t.current;
    const deviceId = randomUUID();
    const session = (
      await call(app, api.analyticsSession, {
        device_id: deviceId,
      })
    ).result;
    const ts = toUnixSeconds(clock.now());
    const payload = JSON.stringify({
      v: 1,
      sid: session.sid,
      device_id: deviceId,
      nonce: randomBytes(16).toString('base64url'),
      ts,
      lang: 'en-US',
      game_id: 1,
      events: [{ event: 'webpay_show_page', seq: 0, ts, page: '/main/home', ...over }],
    });
    const sig = createHmac('sha256', Buffer.from(session.key, 'base64url'))
      .update(payload)
      .digest('base64url');
    return call(app, api.analyticsCollect, { payload, sig });
  }

  it('answers InvalidParams for a NUL in body strings of several calls, logging no error', async () => {
    const { app, config } = t.current;
    const before = errorLogs().length;
    const token = await demoToken();
    const answers = [
      await login(app, config.payloadKey, 'account', 'demo\u0000', 'demo1234'),
      await call(
        app,
        api.redeemCode,
        { code: 'GIFT\u0000', server_id: 1, role_id: 'r-1-1' },
        { token },
      ),
      await analyticsBatch({ page: '/main/\u0000home' }),
      await call(
        app,
        api.orderRecord,
        invalidBody({ page: 1, size: 10, nested: { 'k\u0000': 'v' } }),
        { token },
      ),
    ];
    for (const a of answers) {
      expect(a.code).toBe(ErrorCode.InvalidParams);
      expect(JSON.stringify(a.data)).toMatch(/NUL/);
    }
    expect(errorLogs().length).toBe(before);
  });

  it('answers InvalidParams for a NUL in a path parameter, the query string or a header', async () => {
    const { app } = t.current;
    const before = errorLogs().length;
    const inPath = await app.inject({ method: 'GET', url: '/pay/sandbox/x%00y' });
    expect(inPath.statusCode).toBe(400);
    const inQuery = await app.inject({
      method: 'POST',
      url: '/api/user/webRole?x=%00',
      payload: {},
    });
    expect(inQuery.json<Envelope>().code).toBe(ErrorCode.InvalidParams);
    const inHeader = await call(app, api.userUinfo, {}, { token: 'abc\u0000def' });
    expect(inHeader.code).toBe(ErrorCode.InvalidParams);
    expect(errorLogs().length).toBe(before);
  });

  it('still accepts the same calls without the NUL', async () => {
    const token = await demoToken();
    const json = await call(app(), api.orderRecord, { page: 1, size: 10 }, { token });
    expect(json.code).toBe(0);
  });

  const app = () => t.current.app;
});
