// The built-in analytics collector end to end over the real server (docs/product/analytics.md#events
// Logged events, docs/product/analytics.md#sending "Analytics posts go to the configured logger URL with a signed request";
// ADR 0022): the per-session key, a good batch stored field by field, every refusal (bad,
// foreign-device, tampered and expired signatures, stale and replayed batches, oversized and
// malformed ones) storing nothing, partial batches, the sendBeacon text/plain body, the
// per-device and per-IP rate limits (table and Redis counters), privacy, and the dev read-back.
// The test client signs with node:crypto exactly as the page does with WebCrypto: HMAC-SHA256
// over the payload string with the session key.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ANALYTICS_LIMITS,
  api,
  ErrorCode,
  type AnalyticsSession,
  toUnixSeconds,
} from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { COLLECT_BODY_LIMIT } from '../src/modules/analytics/analytics.routes';
import { ANALYTICS_SESSIONS_PER_IP_PER_MINUTE } from '../src/modules/analytics/analytics.service';
import { call, type CallEnvelope, type Envelope } from './support/call';
import { testDatabases } from './support/databases';
import { createTestApp, PRODUCTION_SECRETS, testConfig, type TestApp } from './support/helper';
import { stubDatabase } from './support/stub-database';

const DEVICE_LIMIT = 4;
const SECRET = 'test-analytics-signing-secret-0123456789';
/** The Redis the rate-counter tests use (TEST_REDIS_URL overrides the local default). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const newDevice = () => randomUUID();
const nonce = () => randomBytes(16).toString('base64url');
/** A fresh client address (random, so Redis counters of an earlier run never collide). */
const nextIp = () => `10.${[...randomBytes(3)].join('.')}`;

/** What the page computes: base64url(HMAC-SHA256(key, payload)). */
function sign(key: string, payload: string): string {
  return createHmac('sha256', Buffer.from(key, 'base64url')).update(payload).digest('base64url');
}

function openSession(app: FastifyInstance, deviceId: string, ip = nextIp()) {
  return call(app, api.analyticsSession, { device_id: deviceId }, { ip });
}

interface Client {
  deviceId: string;
  session: AnalyticsSession;
}

async function client(app: FastifyInstance, deviceId = newDevice()): Promise<Client> {
  const env = await openSession(app, deviceId);
  expect(env.code).toBe(0);
  return { deviceId, session: env.result };
}

function event(ts: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { event: 'webpay_show_page', seq: 0, ts, page: '/main/home', ...over };
}

function batchOf(c: Client, ts: number, events: unknown[], over: Record<string, unknown> = {}) {
  return {
    v: 1,
    sid: c.session.sid,
    device_id: c.deviceId,
    nonce: nonce(),
    ts,
    lang: 'en-US',
    game_id: 1,
    events,
    ...over,
  };
}

function signed(c: Client, batch: unknown, key = c.session.key) {
  const payload = JSON.stringify(batch);
  return { payload, sig: sign(key, payload) };
}

/** POSTs a batch as the page does (JSON, or a sendBeacon text/plain body, or raw bytes). */
async function collect(
  app: FastifyInstance,
  body: unknown,
  options: { contentType?: string; raw?: string } = {},
): Promise<CallEnvelope<typeof api.analyticsCollect>> {
  const res = await app.inject({
    method: 'POST',
    url: api.analyticsCollect.path,
    headers: { 'content-type': options.contentType ?? 'application/json' },
    payload: options.raw ?? JSON.stringify(body),
  });
  expect(res.statusCode).toBe(200);
  return res.json<CallEnvelope<typeof api.analyticsCollect>>();
}

describe.each(testDatabases())('analytics collector on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  const nowS = () => toUnixSeconds(t.clock.now());

  const storedOf = (deviceId: string) =>
    t.database.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('device_id', '=', deviceId)
      .orderBy('id')
      .execute();
  const noncesOf = async (sid: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('analytics_nonces')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('sid', '=', sid)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Asserts a refused batch left nothing behind: no event of the device, no nonce of its sid. */
  async function expectNothingStored(c: Client): Promise<void> {
    expect(await storedOf(c.deviceId)).toEqual([]);
    expect(await noncesOf(c.session.sid)).toBe(0);
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {
      seed: false,
      env: {
        DEV_OUTBOX: 'true',
        ANALYTICS_SIGNING_SECRET: SECRET,
        ANALYTICS_DEVICE_BATCHES_PER_MINUTE: String(DEVICE_LIMIT),
      },
    });
    app = t.app;
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  it('issues a per-session key: sid carries its expiry, key = HMAC(secret, v1|sid|device) (ADR 0022)', async () => {
    const deviceId = newDevice();
    const env = await openSession(app, deviceId);
    expect(env.code).toBe(0);
    const s = env.result;
    expect(s.server_ts).toBe(nowS());
    expect(s.expires_at).toBe(nowS() + 12 * 3600);
    expect(s.sid).toMatch(new RegExp(`^${s.expires_at}\\.[A-Za-z0-9_-]{22}$`));
    const expected = createHmac('sha256', SECRET)
      .update(`hc-analytics-v1|${s.sid}|${deviceId}`)
      .digest('base64url');
    expect(s.key).toBe(expected);
    const again = await openSession(app, deviceId);
    expect(again.result.sid).not.toBe(s.sid);
    expect(again.result.key).not.toBe(s.key);
  });

  it('refuses a session for a malformed device id', async () => {
    const env = await openSession(app, 'short');
    expect(env.code).toBe(ErrorCode.InvalidParams);
  });

  it('stores a good batch with exact fields (docs/product/analytics.md#events fields)', async () => {
    const c = await client(app);
    const ts = nowS();
    const events = [
      event(ts - 5, {
        seq: 0,
        trafficsource: 'google',
        trafficsource_link: 'https://www.google.com/',
      }),
      event(ts - 4, {
        event: 'webpay_loading_page',
        seq: 1,
        loading_request_time: 120,
        loading_time: 840,
      }),
      event(ts - 1, {
        event: 'webpay_buy_request',
        seq: 2,
        page: '/main/recharge',
        type: 'game_pack',
        region: '1',
      }),
      event(ts, {
        event: 'webpay_page_time',
        seq: 3,
        page: '/main/recharge',
        page_duration: 2001,
      }),
      event(ts, { event: 'webpay_login_result', seq: 4, page: '/login', result: 'success' }),
    ];
    // Signed out: no account (the account comes from the portal session, analytics-abuse.test.ts).
    const env = await collect(app, signed(c, batchOf(c, ts, events)));
    expect(env).toMatchObject({ code: 0, result: { accepted: 5, rejected: [] } });
    const rows = await storedOf(c.deviceId);
    expect(rows).toHaveLength(5);
    const common = {
      device_id: c.deviceId,
      sid: c.session.sid,
      game_id: 1,
      lang: 'en-US',
      page_duration: null,
      type: null,
      region: null,
      result: null,
      trafficsource: null,
      trafficsource_link: null,
      loading_request_time: null,
      loading_time: null,
    };
    const at = (s: number) => new Date(s * 1000);
    expect(
      rows.map(({ id: _id, account_id, received_at, ...rest }) => {
        expect(received_at).toEqual(t.clock.now());
        expect(account_id).toBeNull();
        return rest;
      }),
    ).toEqual([
      {
        ...common,
        event_at: at(ts - 5),
        seq: 0,
        event: 'webpay_show_page',
        page: '/main/home',
        trafficsource: 'google',
        trafficsource_link: 'https://www.google.com/',
      },
      {
        ...common,
        event_at: at(ts - 4),
        seq: 1,
        event: 'webpay_loading_page',
        page: '/main/home',
        loading_request_time: 120,
        loading_time: 840,
      },
      {
        ...common,
        event_at: at(ts - 1),
        seq: 2,
        event: 'webpay_buy_request',
        page: '/main/recharge',
        type: 'game_pack',
        region: '1',
      },
      {
        ...common,
        event_at: at(ts),
        seq: 3,
        event: 'webpay_page_time',
        page: '/main/recharge',
        page_duration: 2001,
      },
      {
        ...common,
        event_at: at(ts),
        seq: 4,
        event: 'webpay_login_result',
        page: '/login',
        result: 'success',
      },
    ]);
    expect(await noncesOf(c.session.sid)).toBe(1);
  });

  it('refuses a bad signature and stores nothing', async () => {
    const c = await client(app);
    const body = signed(c, batchOf(c, nowS(), [event(nowS())]));
    const env = await collect(app, { ...body, sig: randomBytes(32).toString('base64url') });
    expect(env.code).toBe(ErrorCode.AnalyticsSignatureInvalid);
    await expectNothingStored(c);
  });

  it('refuses a batch signed with another device’s key (the key is bound to the device id)', async () => {
    const a = await client(app);
    const b = await client(app);
    // b's batch signed with a's valid key for a's sid: the server derives b's key and disagrees.
    const env = await collect(
      app,
      signed(b, batchOf(b, nowS(), [event(nowS())], { sid: a.session.sid }), a.session.key),
    );
    expect(env.code).toBe(ErrorCode.AnalyticsSignatureInvalid);
    // And a's own batch claiming b's device id fails the same way.
    const env2 = await collect(
      app,
      signed(a, batchOf(a, nowS(), [event(nowS())], { device_id: b.deviceId })),
    );
    expect(env2.code).toBe(ErrorCode.AnalyticsSignatureInvalid);
    await expectNothingStored(a);
    await expectNothingStored(b);
  });

  it('refuses a tampered payload (signed, then changed)', async () => {
    const c = await client(app);
    const body = signed(c, batchOf(c, nowS(), [event(nowS(), { page: '/main/home' })]));
    const tampered = body.payload.replace('/main/home', '/main/event');
    expect(tampered).not.toBe(body.payload);
    const env = await collect(app, { payload: tampered, sig: body.sig });
    expect(env.code).toBe(ErrorCode.AnalyticsSignatureInvalid);
    await expectNothingStored(c);
  });

  it('refuses a batch of an expired session, and a sid whose expiry was edited', async () => {
    const c = await client(app);
    t.clock.advance(12 * 3600 * 1000 + 1000);
    try {
      const env = await collect(app, signed(c, batchOf(c, nowS(), [event(nowS())])));
      expect(env.code).toBe(ErrorCode.AnalyticsSignatureInvalid);
      // Moving the expiry forward changes the sid, so the derived key no longer matches.
      const [, rest] = c.session.sid.split('.');
      const extended = `${nowS() + 3600}.${rest}`;
      const env2 = await collect(
        app,
        signed(c, batchOf(c, nowS(), [event(nowS())], { sid: extended })),
      );
      expect(env2.code).toBe(ErrorCode.AnalyticsSignatureInvalid);
    } finally {
      t.clock.advance(-(12 * 3600 * 1000 + 1000));
    }
    await expectNothingStored(c);
  });

  it('refuses a stale or future batch timestamp (±300 s) with the server time', async () => {
    const c = await client(app);
    const tol = ANALYTICS_LIMITS.timestampToleranceS;
    for (const ts of [nowS() - tol - 1, nowS() + tol + 1]) {
      const env = await collect(app, signed(c, batchOf(c, ts, [event(nowS())])));
      expect(env.code).toBe(ErrorCode.AnalyticsReplay);
      expect(env.data).toEqual({ server_ts: nowS() });
    }
    await expectNothingStored(c);
    // At the edge of the tolerance it is accepted.
    const ok = await collect(app, signed(c, batchOf(c, nowS() - tol, [event(nowS() - tol)])));
    expect(ok.result.accepted).toBe(1);
  });

  it('refuses a replayed batch: the exact same body twice stores once', async () => {
    const c = await client(app);
    const body = signed(c, batchOf(c, nowS(), [event(nowS()), event(nowS(), { seq: 1 })]));
    expect((await collect(app, body)).result.accepted).toBe(2);
    const again = await collect(app, body);
    expect(again.code).toBe(ErrorCode.AnalyticsReplay);
    expect(await storedOf(c.deviceId)).toHaveLength(2);
    // Same nonce in a different (re-signed) payload is a replay too.
    const sameNonce = JSON.parse(body.payload) as Record<string, unknown>;
    const env = await collect(
      app,
      signed(c, { ...sameNonce, events: [event(nowS(), { seq: 9 })] }),
    );
    expect(env.code).toBe(ErrorCode.AnalyticsReplay);
    expect(await storedOf(c.deviceId)).toHaveLength(2);
    expect(await noncesOf(c.session.sid)).toBe(1);
  });

  it('refuses an oversized payload or body with PayloadTooLarge and stores nothing', async () => {
    const c = await client(app);
    const big = batchOf(c, nowS(), [event(nowS())], {
      pad: 'x'.repeat(ANALYTICS_LIMITS.maxPayloadChars),
    });
    const env = await collect(app, signed(c, big));
    expect(env.code).toBe(ErrorCode.PayloadTooLarge);
    expect(env.data).toEqual({ limit: ANALYTICS_LIMITS.maxPayloadChars });
    const huge = await collect(app, null, {
      raw: JSON.stringify({ payload: 'y'.repeat(COLLECT_BODY_LIMIT), sig: 'z'.repeat(43) }),
    });
    expect(huge.code).toBe(ErrorCode.PayloadTooLarge);
    await expectNothingStored(c);
  });

  it('refuses more than maxEvents events with PayloadTooLarge and stores nothing', async () => {
    const c = await client(app);
    const many = Array.from({ length: ANALYTICS_LIMITS.maxEvents + 1 }, (_, i) =>
      event(nowS(), { seq: i }),
    );
    const env = await collect(app, signed(c, batchOf(c, nowS(), many)));
    expect(env.code).toBe(ErrorCode.PayloadTooLarge);
    expect(env.data).toEqual({ max_events: ANALYTICS_LIMITS.maxEvents });
    await expectNothingStored(c);
    // Exactly maxEvents is fine.
    const full = await collect(app, signed(c, batchOf(c, nowS(), many.slice(1))));
    expect(full.result.accepted).toBe(ANALYTICS_LIMITS.maxEvents);
  });

  it('refuses malformed bodies and batches with InvalidParams and stores nothing', async () => {
    const c = await client(app);
    const notJson = 'not json {';
    const cases: Array<{ body?: unknown; raw?: string; contentType?: string }> = [
      { body: { payload: notJson, sig: sign(c.session.key, notJson) } },
      { raw: '{"payload": ' },
      { body: { payload: '{}' } },
      { body: { payload: JSON.stringify(batchOf(c, nowS(), [event(nowS())])), sig: 'short' } },
      // Envelope problems: unknown field, missing nonce, wrong version, no events.
      { body: signed(c, batchOf(c, nowS(), [event(nowS())], { extra: 1 })) },
      { body: signed(c, batchOf(c, nowS(), [event(nowS())], { nonce: undefined })) },
      { body: signed(c, batchOf(c, nowS(), [event(nowS())], { v: 2 })) },
      { body: signed(c, batchOf(c, nowS(), [])) },
      { body: signed(c, [1, 2, 3]) },
      { body: signed(c, batchOf(c, nowS(), [event(nowS())], { lang: 'en US; drop' })) },
      { raw: 'payload=x&sig=y', contentType: 'application/x-www-form-urlencoded' },
    ];
    for (const k of cases) {
      const env = await collect(app, k.body, {
        ...(k.raw === undefined ? {} : { raw: k.raw }),
        ...(k.contentType === undefined ? {} : { contentType: k.contentType }),
      });
      expect(env.code, JSON.stringify(k).slice(0, 120)).toBe(ErrorCode.InvalidParams);
    }
    await expectNothingStored(c);
  });

  it('stores the good events of a batch and lists the bad one by index, without its value', async () => {
    const c = await client(app);
    const env = await collect(
      app,
      signed(
        c,
        batchOf(c, nowS(), [
          event(nowS(), { seq: 0 }),
          event(nowS(), { seq: 1, event: 'webpay_not_an_event', page: 'SECRET-VALUE' }),
          event(nowS(), { seq: 2, event: 'webpay_click_button', type: 'confirm_order' }),
        ]),
      ),
    );
    expect(env.code).toBe(0);
    expect(env.result.accepted).toBe(2);
    expect(env.result.rejected).toHaveLength(1);
    expect(env.result.rejected[0]?.index).toBe(1);
    expect(env.result.rejected[0]?.reason).toMatch(/^event: /);
    expect(JSON.stringify(env)).not.toContain('not_an_event');
    expect((await storedOf(c.deviceId)).map((r) => [r.seq, r.event])).toEqual([
      [0, 'webpay_show_page'],
      [2, 'webpay_click_button'],
    ]);
  });

  it('rejects events dated outside the batch’s session window', async () => {
    const c = await client(app);
    const env = await collect(
      app,
      signed(
        c,
        batchOf(c, nowS(), [
          event(nowS() - 13 * 3600 - 301),
          event(nowS() + 301, { seq: 1 }),
          event(nowS() - 3600, { seq: 2 }),
        ]),
      ),
    );
    expect(env.result.accepted).toBe(1);
    expect(env.result.rejected.map((r) => r.index)).toEqual([0, 1]);
  });

  it('accepts the sendBeacon body (text/plain) on the collector only', async () => {
    const c = await client(app);
    const body = signed(c, batchOf(c, nowS(), [event(nowS())]));
    const env = await collect(app, body, { contentType: 'text/plain;charset=UTF-8' });
    expect(env).toMatchObject({ code: 0, result: { accepted: 1, rejected: [] } });
    expect(await storedOf(c.deviceId)).toHaveLength(1);
    // Other calls still refuse a text/plain body.
    const res = await app.inject({
      method: 'POST',
      url: api.analyticsSession.path,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ device_id: newDevice() }),
      remoteAddress: nextIp(),
    });
    expect(res.json<Envelope>().code).toBe(ErrorCode.InvalidParams);
  });

  it('rate-limits batches per device while another device still gets through', async () => {
    const c = await client(app);
    const other = await client(app);
    for (let i = 0; i < DEVICE_LIMIT; i += 1) {
      const env = await collect(app, signed(c, batchOf(c, nowS(), [event(nowS(), { seq: i })])));
      expect(env.code).toBe(0);
    }
    const over = await collect(app, signed(c, batchOf(c, nowS(), [event(nowS(), { seq: 99 })])));
    expect(over.code).toBe(ErrorCode.TooManyRequests);
    expect(over.data.retry_after).toBeGreaterThanOrEqual(1);
    expect(over.data.retry_after).toBeLessThanOrEqual(60);
    expect(await storedOf(c.deviceId)).toHaveLength(DEVICE_LIMIT);
    expect(await noncesOf(c.session.sid)).toBe(DEVICE_LIMIT);
    const ok = await collect(app, signed(other, batchOf(other, nowS(), [event(nowS())])));
    expect(ok.code).toBe(0);
    // The next minute the device may send again.
    t.clock.advance(60_000);
    const later = await collect(app, signed(c, batchOf(c, nowS(), [event(nowS(), { seq: 5 })])));
    expect(later.code).toBe(0);
  });

  it('does not count refused junk against a device: its good batches still go through', async () => {
    const c = await client(app);
    for (let i = 0; i < DEVICE_LIMIT + 3; i += 1) {
      const body = signed(c, batchOf(c, nowS(), [event(nowS())]));
      expect((await collect(app, { ...body, sig: sign(c.session.key, 'x') })).code).toBe(
        ErrorCode.AnalyticsSignatureInvalid,
      );
      expect((await collect(app, { payload: '{"v":1', sig: body.sig })).code).toBe(
        ErrorCode.InvalidParams,
      );
    }
    const env = await collect(app, signed(c, batchOf(c, nowS(), [event(nowS())])));
    expect(env).toMatchObject({ code: 0, result: { accepted: 1 } });
    const counted = await t.database.db
      .selectFrom('analytics_rate')
      .select('count')
      .where('bucket', '=', `device:${c.deviceId}`)
      .execute();
    expect(counted).toEqual([{ count: 1 }]);
  });

  it('rate-limits session keys per IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < ANALYTICS_SESSIONS_PER_IP_PER_MINUTE; i += 1)
      expect((await openSession(app, newDevice(), ip)).code).toBe(0);
    const over = await openSession(app, newDevice(), ip);
    expect(over.code).toBe(ErrorCode.TooManyRequests);
    expect(over.data.retry_after).toBeGreaterThanOrEqual(1);
    expect((await openSession(app, newDevice(), nextIp())).code).toBe(0);
  });

  it('stores nothing of passwords, codes, tokens or ID numbers sent in events', async () => {
    const c = await client(app);
    const secrets = [
      'hunter2-Password!',
      '482913',
      'tok_9f8e7d6c5b4a',
      '110101199003071234',
      'A123456789',
      'reset-7Hq2',
    ];
    const [password, code, token, idNumber, idCard, resetToken] = secrets;
    const env = await collect(
      app,
      signed(
        c,
        batchOf(c, nowS(), [
          event(nowS(), { seq: 0, password }),
          event(nowS(), { seq: 1, event: 'webpay_login_result', result: 'fail', code }),
          event(nowS(), { seq: 2, token, access_token: token }),
          event(nowS(), { seq: 3, id_number: idNumber, real_name: 'Chan Tai Man' }),
          event(nowS(), { seq: 4, page: `/login?password=${password}` }),
          event(nowS(), { seq: 5, page: `/reset#${resetToken}` }),
          event(nowS(), { seq: 6, type: idNumber }),
          event(nowS(), { seq: 7, trafficsource_link: `https://a.example/cb?token=${token}` }),
          event(nowS(), { seq: 8, trafficsource_link: `https://u:${password}@a.example/` }),
          event(nowS(), { seq: 9, region: `${idCard}` }),
          event(nowS(), { seq: 10, event: 'webpay_user_info', type: 'email:a@b.example' }),
          // One clean event, so the scan below looks at real rows.
          event(nowS(), { seq: 11, event: 'webpay_user_info' }),
        ]),
      ),
    );
    expect(env.code).toBe(0);
    expect(env.result.accepted).toBe(1);
    expect(env.result.rejected.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The reasons name fields, never the values.
    const answer = JSON.stringify(env);
    for (const s of [...secrets, 'Chan Tai Man', 'a@b.example']) expect(answer).not.toContain(s);
    // Every column of every stored row, as text.
    const rows = await sql<Record<string, unknown>>`select * from analytics_events`.execute(
      t.database.db,
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    const everything = JSON.stringify(rows.rows);
    for (const s of [...secrets, 'Chan Tai Man', 'a@b.example', '199003071234'])
      expect(everything).not.toContain(s);
    const mine = rows.rows.filter((r) => r.device_id === c.deviceId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ seq: 11, event: 'webpay_user_info' });
  });

  it('has no column that could hold a password, code, token or real-name data', async () => {
    const cols = await sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns
      where table_name = 'analytics_events' order by ordinal_position`.execute(t.database.db);
    const names = cols.rows.map((r) => r.column_name);
    expect(names).toEqual([
      'id',
      'received_at',
      'event_at',
      'device_id',
      'sid',
      'seq',
      'event',
      'page',
      'page_duration',
      'type',
      'region',
      'result',
      'trafficsource',
      'trafficsource_link',
      'loading_request_time',
      'loading_time',
      'game_id',
      'account_id',
      'lang',
    ]);
    const suspicious =
      /pass|pwd|code|token|secret|otp|card|id_?num|real|name|email|mail|phone|mobile|birth|addr|ip$/;
    expect(names.filter((n) => suspicious.test(n))).toEqual([]);
    // And nothing in the other analytics tables either.
    for (const table of ['analytics_nonces', 'analytics_rate']) {
      const other = await sql<{ column_name: string }>`
        select column_name from information_schema.columns where table_name = ${table}`.execute(
        t.database.db,
      );
      expect(other.rows.map((r) => r.column_name).filter((n) => suspicious.test(n))).toEqual([]);
    }
  });

  it('agrees with the external-logger verifier printed in docs/analytics.md', async () => {
    const doc = await readFile(new URL('../../../docs/analytics.md', import.meta.url), 'utf8');
    const code = /```js\n(\/\/ verify-analytics\.mjs[\s\S]*?)```/.exec(doc)?.[1];
    expect(code).toBeDefined();
    const file = join(await mkdtemp(join(tmpdir(), 'hc-verifier-')), 'verify-analytics.mjs');
    await writeFile(file, code ?? '');
    type Verify = (
      body: unknown,
      secret: string,
      nowMs: number,
    ) => { ok: boolean; error?: string; batch?: unknown };
    const { verifyAnalyticsBatch: verify } = (await import(pathToFileURL(file).href)) as {
      verifyAnalyticsBatch: Verify;
    };
    const c = await client(app);
    const now = t.clock.now().getTime();
    const batch = batchOf(c, nowS(), [event(nowS())]);
    const body = signed(c, batch);
    expect(verify(body, SECRET, now)).toEqual({ ok: true, batch });
    expect(verify(body, SECRET, now)).toEqual({ ok: false, error: 'replay' });
    expect(
      verify({ ...body, payload: body.payload.replace('home', 'event') }, SECRET, now),
    ).toEqual({ ok: false, error: 'signature' });
    expect(
      verify(
        signed(c, batchOf(c, nowS(), [event(nowS())])),
        'another-secret-of-32-characters!',
        now,
      ),
    ).toEqual({ ok: false, error: 'signature' });
    expect(verify(signed(c, batchOf(c, nowS() - 301, [event(nowS())])), SECRET, now)).toEqual({
      ok: false,
      error: 'stale',
    });
    expect(
      verify(signed(c, batchOf(c, nowS(), [event(nowS())])), SECRET, c.session.expires_at * 1000),
    ).toEqual({ ok: false, error: 'signature' });
    // And what it accepts, the collector accepts too.
    const fresh = signed(c, batchOf(c, nowS(), [event(nowS())]));
    expect(verify(fresh, SECRET, now).ok).toBe(true);
    expect((await collect(app, fresh)).result.accepted).toBe(1);
  });

  it('serves a device’s stored events in order at /dev/analytics.json (DEV_OUTBOX only)', async () => {
    const c = await client(app);
    const ts = nowS();
    await collect(
      app,
      signed(
        c,
        batchOf(c, ts, [
          event(ts, { seq: 1, event: 'webpay_click_button', type: 'buy' }),
          event(ts - 10, { seq: 0 }),
          event(ts, {
            seq: 2,
            event: 'webpay_buy_request',
            page: '/main/recharge',
            type: 'game_pack',
          }),
        ]),
      ),
    );
    const res = await app.inject({
      method: 'GET',
      url: `/dev/analytics.json?device_id=${c.deviceId}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ events: Array<Record<string, unknown>> }>();
    expect(body.events.map((e) => [e.seq, e.event, e.ts])).toEqual([
      [0, 'webpay_show_page', ts - 10],
      [1, 'webpay_click_button', ts],
      [2, 'webpay_buy_request', ts],
    ]);
    expect(body.events[2]).toMatchObject({
      page: '/main/recharge',
      type: 'game_pack',
      device_id: c.deviceId,
      sid: c.session.sid,
      game_id: 1,
      lang: 'en-US',
    });
    expect(body.events[0]).not.toHaveProperty('type');
    const bad = await app.inject({ method: 'GET', url: '/dev/analytics.json?device_id=x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the dev read-back route is off without DEV_OUTBOX and in production', () => {
  it.each([
    [{}],
    [
      // DEV_OUTBOX=true is refused in production (production-defaults.test.ts).
      {
        NODE_ENV: 'production',
        PAYLOAD_KEY: Buffer.alloc(32, 3).toString('base64'),
        ...PRODUCTION_SECRETS,
      },
    ],
  ])('%j -> 404', async (env) => {
    const app = await buildApp(testConfig(env), { database: stubDatabase() });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/dev/analytics.json?device_id=abcdefgh',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe.each(testDatabases())('per-device rate limit counted in Redis on %s', (kind) => {
  let t: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      seed: false,
      env: { REDIS_URL, ANALYTICS_DEVICE_BATCHES_PER_MINUTE: '2' },
    });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    redis.disconnect();
  });

  it('counts in Redis (not the table) and refuses the third batch of a minute', async () => {
    const c = await client(t.app);
    const nowS = toUnixSeconds(t.clock.now());
    for (let i = 0; i < 2; i += 1)
      expect((await collect(t.app, signed(c, batchOf(c, nowS, [event(nowS)])))).code).toBe(0);
    const over = await collect(t.app, signed(c, batchOf(c, nowS, [event(nowS)])));
    expect(over.code).toBe(ErrorCode.TooManyRequests);
    const windowIndex = Math.floor(t.clock.now().getTime() / 60_000);
    const key = `hc:analytics:rate:device:${c.deviceId}:${windowIndex}`;
    expect(await redis.get(key)).toBe('3');
    expect(await redis.ttl(key)).toBeGreaterThan(0);
    const rows = await t.database.db
      .selectFrom('analytics_rate')
      .selectAll()
      .where('bucket', '=', `device:${c.deviceId}`)
      .execute();
    expect(rows).toEqual([]);
    await redis.del(key);
  });
});
