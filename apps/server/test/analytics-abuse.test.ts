// Analytics forgery and flood (ADR 0032) over the real server: a batch counts only under a key
// the session call handed out (a key derived by anyone holding the signing secret is refused),
// the account is the one of the portal session that asked for the key (a batch can leave it out
// but never name another), and events are capped per analytics session and per client IP on
// top of the per-device batch limit.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { api, ErrorCode, toUnixSeconds } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveSessionKey, newSid } from '../src/modules/analytics/analytics.signing';
import { createSessionService } from '../src/modules/auth/sessions.service';
import { call, type CallEnvelope } from './support/call';
import { makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

const SECRET = 'test-analytics-abuse-signing-secret-0123456789';
const IP_EVENTS = 500;
const SESSION_EVENTS = 100;
/** Full batches: the contract's largest. */
const BATCH = 50;

const nextIp = () => `10.${[...randomBytes(3)].join('.')}`;

interface Client {
  deviceId: string;
  sid: string;
  key: string;
}

describe.each(testDatabases())('analytics forgery and flood on %s', (kind) => {
  let t: TestApp;
  const nowS = () => toUnixSeconds(t.clock.now());

  beforeAll(async () => {
    t = await createTestApp(kind, {
      seed: false,
      env: {
        ANALYTICS_SIGNING_SECRET: SECRET,
        // High, so that only the limits under test can refuse.
        ANALYTICS_DEVICE_BATCHES_PER_MINUTE: '1000',
        ANALYTICS_IP_EVENTS_PER_MINUTE: String(IP_EVENTS),
        ANALYTICS_SESSION_EVENTS_PER_MINUTE: String(SESSION_EVENTS),
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  async function openSession(options: { token?: string; ip?: string } = {}): Promise<Client> {
    const deviceId = randomUUID();
    const env = await call(
      t.app,
      api.analyticsSession,
      { device_id: deviceId },
      { token: options.token, ip: options.ip ?? nextIp() },
    );
    expect(env.code).toBe(0);
    return { deviceId, sid: env.result.sid, key: env.result.key };
  }

  /** What a script holding the secret could do without ever calling the session endpoint. */
  function forgedClient(): Client {
    const deviceId = randomUUID();
    const sid = newSid(nowS() + 3600);
    return { deviceId, sid, key: deriveSessionKey(SECRET, sid, deviceId).toString('base64url') };
  }

  /** Signs and sends a batch as sendBeacon does (text/plain). */
  async function sendBatch(
    c: Client,
    options: { events?: number; accountId?: number; ip?: string } = {},
  ): Promise<CallEnvelope<typeof api.analyticsCollect>> {
    const ts = nowS();
    const batch = {
      v: 1,
      sid: c.sid,
      device_id: c.deviceId,
      nonce: randomBytes(16).toString('base64url'),
      ts,
      ...(options.accountId === undefined ? {} : { account_id: options.accountId }),
      events: Array.from({ length: options.events ?? 1 }, (_, seq) => ({
        event: 'webpay_show_page',
        seq,
        ts,
        page: '/main/recharge',
      })),
    };
    const payload = JSON.stringify(batch);
    const sig = createHmac('sha256', Buffer.from(c.key, 'base64url'))
      .update(payload)
      .digest('base64url');
    const res = await t.app.inject({
      method: 'POST',
      url: api.analyticsCollect.path,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ payload, sig }),
      remoteAddress: options.ip ?? nextIp(),
    });
    expect(res.statusCode).toBe(200);
    return res.json<CallEnvelope<typeof api.analyticsCollect>>();
  }

  const storedOf = (deviceIds: string[]) =>
    t.database.db
      .selectFrom('analytics_events')
      .select(['device_id', 'account_id'])
      .where('device_id', 'in', deviceIds)
      .execute();

  async function signedInPlayer(): Promise<{ id: number; token: string }> {
    const account = await makeAccount(t.database.db);
    const sessions = createSessionService({ db: t.database.db, clock: t.clock });
    const { token } = await sessions.create(account.id, { remember: false });
    return { id: account.id, token };
  }

  it('refuses batches signed with a key the session call never handed out, storing nothing', async () => {
    // 20 full batches, each from a made-up device and address, correctly signed with a key
    // derived from the signing secret: 1,000 events before the fix, none after.
    const forged = Array.from({ length: 20 }, forgedClient);
    const answers = [];
    for (const c of forged) answers.push(await sendBatch(c, { events: BATCH }));
    expect(answers.map((a) => a.code)).toEqual(
      forged.map(() => ErrorCode.AnalyticsSignatureInvalid),
    );
    expect(answers.every((a) => a.data.reason === 'unknown_session')).toBe(true);
    expect(await storedOf(forged.map((c) => c.deviceId))).toEqual([]);

    // A real key works, and is bound to its device: another device's batch under it is refused.
    const real = await openSession();
    expect(await sendBatch(real)).toMatchObject({ code: 0, result: { accepted: 1 } });
    const other = randomUUID();
    const underOther = {
      ...real,
      deviceId: other,
      key: deriveSessionKey(SECRET, real.sid, other).toString('base64url'),
    };
    expect((await sendBatch(underOther)).code).toBe(ErrorCode.AnalyticsSignatureInvalid);
    expect(await storedOf([other])).toEqual([]);
  });

  it('takes the account from the portal session of the session call, never from the batch', async () => {
    const player = await signedInPlayer();
    const victim = await signedInPlayer();

    // Signed out (no token): claiming an account is refused, nothing is credited to anyone.
    const anonymous = await openSession();
    const claimed = await sendBatch(anonymous, { accountId: victim.id });
    expect(claimed).toMatchObject({
      code: ErrorCode.AnalyticsSignatureInvalid,
      data: { reason: 'account_mismatch' },
    });
    expect(await storedOf([anonymous.deviceId])).toEqual([]);
    expect(await sendBatch(anonymous)).toMatchObject({ code: 0, result: { accepted: 1 } });

    // Signed in: the batch may repeat the player's own account or leave it out, not name another.
    const mine = await openSession({ token: player.token });
    expect((await sendBatch(mine, { accountId: victim.id })).code).toBe(
      ErrorCode.AnalyticsSignatureInvalid,
    );
    expect(await sendBatch(mine, { accountId: player.id })).toMatchObject({ code: 0 });
    expect(await sendBatch(mine)).toMatchObject({ code: 0 });

    const rows = await storedOf([anonymous.deviceId, mine.deviceId]);
    const accountsOf = (deviceId: string) =>
      rows
        .filter((r) => r.device_id === deviceId)
        .map((r) => (r.account_id === null ? null : Number(r.account_id)));
    expect(accountsOf(anonymous.deviceId)).toEqual([null]);
    expect(accountsOf(mine.deviceId).sort()).toEqual([player.id, null].sort());
    const credited = await t.database.db
      .selectFrom('analytics_events')
      .select('id')
      .where('account_id', '=', victim.id)
      .execute();
    expect(credited).toEqual([]);
  });

  it('caps the events of one analytics session per minute', async () => {
    const c = await openSession();
    const answers = [];
    // 5 batches of 50 from one session: 100 a minute are taken, the rest wait.
    for (let i = 0; i < 5; i++) answers.push(await sendBatch(c, { events: BATCH }));
    const accepted = answers.reduce((n, a) => n + (a.code === 0 ? a.result.accepted : 0), 0);
    expect(accepted).toBe(SESSION_EVENTS);
    const refused = answers.filter((a) => a.code === ErrorCode.TooManyRequests);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.data.retry_after).toBeGreaterThan(0);
    expect(await storedOf([c.deviceId])).toHaveLength(SESSION_EVENTS);
    // The next minute the session is served again.
    t.clock.advance(60_000);
    expect(await sendBatch(c, { events: BATCH })).toMatchObject({
      code: 0,
      result: { accepted: 50 },
    });
  });

  it('caps the events from one client address per minute, across sessions and devices', async () => {
    const flooder = nextIp();
    // 40 fresh sessions (each under its own limits) posting full batches from one address:
    // 2,000 events before the fix, the per-address cap after.
    const clients = [];
    for (let i = 0; i < 40; i++) clients.push(await openSession());
    const answers = [];
    for (const c of clients) answers.push(await sendBatch(c, { events: BATCH, ip: flooder }));
    const accepted = answers.reduce((n, a) => n + (a.code === 0 ? a.result.accepted : 0), 0);
    expect(accepted).toBe(IP_EVENTS);
    expect(answers.filter((a) => a.code === ErrorCode.TooManyRequests)).toHaveLength(
      40 - IP_EVENTS / BATCH,
    );
    expect(await storedOf(clients.map((c) => c.deviceId))).toHaveLength(IP_EVENTS);
    // Another address is not held by the flooder's count.
    expect(await sendBatch(await openSession(), { events: BATCH })).toMatchObject({ code: 0 });
  });
});
