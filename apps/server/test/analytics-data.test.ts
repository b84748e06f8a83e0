// Analytics data over a real database: the shared rate counter on both
// backends (table and Redis, and the fall-back when Redis is down), retention (purgeAnalytics
// and the worker's timer), and the report (counts per UTC day, the top-up funnel) with the
// `portal analytics-report` command.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Insertable } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGameGateway } from '../src/adapters/game-gateway/client';
import { createPaymentProviders } from '../src/adapters/payments';
import { analyticsReportCommand } from '../src/commands/analytics-report';
import { CommandUsageError, type CommandContext } from '../src/commands/types';
import type { Database } from '../src/db/database';
import type { AnalyticsEventsTable } from '../src/db/schema';
import { createRateCounter, type RateCounter } from '../src/lib/rate-counter';
import { ANALYTICS_PURGE_EVERY_MS, purgeAnalytics } from '../src/modules/analytics/analytics.purge';
import { analyticsReport, formatAnalyticsReport } from '../src/modules/analytics/analytics.report';
import { createWorkerLoop } from '../src/worker';
import { testContainer } from './support/container';
import { openTestDatabase, testDatabases } from './support/databases';
import { testClock, testConfig, type LogLine } from './support/helper';

/** The Redis the rate-counter tests use (TEST_REDIS_URL overrides the local default). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function capturingLog() {
  const lines: LogLine[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  );
  return { log, lines };
}

function eventRow(
  deviceId: string,
  event: string,
  at: string,
  page = '/main/home',
): Insertable<AnalyticsEventsTable> {
  return {
    event_at: new Date(at),
    received_at: new Date(at),
    device_id: deviceId,
    sid: `1800000000.${'s'.repeat(22)}`,
    seq: 0,
    event: `webpay_${event}`,
    page,
    page_duration: null,
    type: null,
    region: null,
    result: null,
    trafficsource: null,
    trafficsource_link: null,
    loading_request_time: null,
    loading_time: null,
    game_id: 1,
    account_id: null,
    lang: 'en-US',
  };
}

describe.each(testDatabases())('analytics data on %s', (kind) => {
  let database: Database;
  const clock = testClock(new Date('2026-11-23T08:00:00Z'));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  describe('rate counter (fixed one-minute windows shared by every node)', () => {
    const counters: RateCounter[] = [];
    const make = (options: { redisUrl?: string; redisPrefix?: string } = {}) => {
      const { log, lines } = capturingLog();
      const counter = createRateCounter({ db: database.db, clock, log, ...options });
      counters.push(counter);
      return { counter, lines };
    };
    beforeEach(() => {
      clock.set(new Date('2026-11-23T08:00:00Z'));
    });
    afterAll(async () => {
      await Promise.all(counters.map((c) => c.close()));
    });

    it('counts in the table across two nodes, per bucket and per window', async () => {
      const a = make().counter;
      const b = make().counter;
      const bucket = `device:${randomUUID()}`;
      expect(await a.hit(bucket)).toEqual({ count: 1, resetInS: 60, backend: 'table' });
      expect((await b.hit(bucket)).count).toBe(2);
      clock.advance(45_000);
      expect(await a.hit(bucket)).toEqual({ count: 3, resetInS: 15, backend: 'table' });
      expect((await b.hit(`device:${randomUUID()}`)).count).toBe(1);
      clock.advance(15_000);
      expect(await a.hit(bucket)).toEqual({ count: 1, resetInS: 60, backend: 'table' });
      const rows = await database.db
        .selectFrom('analytics_rate')
        .select(['window_start', 'count'])
        .where('bucket', '=', bucket)
        .orderBy('window_start')
        .execute();
      expect(rows).toEqual([
        { window_start: new Date('2026-11-23T08:00:00Z'), count: 3 },
        { window_start: new Date('2026-11-23T08:01:00Z'), count: 1 },
      ]);
    });

    it('counts concurrent hits exactly (atomic upsert) and stops using Redis once closed', async () => {
      const a = make().counter;
      const bucket = `device:${randomUUID()}`;
      const counts = await Promise.all(Array.from({ length: 20 }, () => a.hit(bucket)));
      expect(counts.map((h) => h.count).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      const r = make({ redisUrl: REDIS_URL, redisPrefix: `hc-test:${randomUUID()}:` }).counter;
      expect((await r.hit(bucket)).backend).toBe('redis');
      await r.close();
      // 20 in the table before; the Redis hit is not in the table.
      expect(await r.hit(bucket)).toMatchObject({ count: 21, backend: 'table' });
    });

    it('counts in Redis across two nodes (INCR + EXPIRE), leaving the table alone', async () => {
      const prefix = `hc-test:${randomUUID()}:`;
      const a = make({ redisUrl: REDIS_URL, redisPrefix: prefix }).counter;
      const b = make({ redisUrl: REDIS_URL, redisPrefix: prefix }).counter;
      const bucket = `device:${randomUUID()}`;
      expect(await a.hit(bucket)).toEqual({ count: 1, resetInS: 60, backend: 'redis' });
      expect(await b.hit(bucket)).toEqual({ count: 2, resetInS: 60, backend: 'redis' });
      expect((await a.hit(bucket)).count).toBe(3);
      clock.advance(60_000);
      expect((await b.hit(bucket)).count).toBe(1);
      const redis = new Redis(REDIS_URL);
      try {
        const keys = (await redis.keys(`${prefix}*`)).sort();
        const window = Math.floor(new Date('2026-11-23T08:00:00Z').getTime() / 60_000);
        expect(keys).toEqual([`${prefix}${bucket}:${window}`, `${prefix}${bucket}:${window + 1}`]);
        expect(await redis.get(`${prefix}${bucket}:${window}`)).toBe('3');
        const ttl = await redis.ttl(`${prefix}${bucket}:${window}`);
        expect(ttl).toBeGreaterThan(100);
        expect(ttl).toBeLessThanOrEqual(120);
        await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
      const rows = await database.db
        .selectFrom('analytics_rate')
        .selectAll()
        .where('bucket', '=', bucket)
        .execute();
      expect(rows).toEqual([]);
    });

    it('falls back to the table when Redis is down, warns, and does not retry at once', async () => {
      const { counter, lines } = make({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'x:' });
      const bucket = `device:${randomUUID()}`;
      const started = Date.now();
      expect(await counter.hit(bucket)).toEqual({ count: 1, resetInS: 60, backend: 'table' });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(
        lines.filter((l) => l.level === 40 && /Redis rate counter failed/.test(l.msg ?? '')),
      ).toHaveLength(1);
      // During the back-off Redis is not asked again: fast, no new warning.
      const again = Date.now();
      expect(await counter.hit(bucket)).toEqual({ count: 2, resetInS: 60, backend: 'table' });
      expect(Date.now() - again).toBeLessThan(500);
      expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
    });
  });

  describe('retention', () => {
    beforeEach(async () => {
      await database.db.deleteFrom('analytics_events').execute();
      await database.db.deleteFrom('analytics_nonces').execute();
      await database.db.deleteFrom('analytics_rate').execute();
    });

    it('deletes events older than the retention, nonces older than 2x tolerance and old rate windows, in batches', async () => {
      const now = new Date('2026-11-23T08:00:00Z');
      const dev = randomUUID();
      await database.db
        .insertInto('analytics_events')
        .values([
          eventRow(dev, 'show_page', '2026-10-01T00:00:00Z'),
          eventRow(dev, 'show_page', '2026-10-20T00:00:00Z'),
          eventRow(dev, 'show_page', '2026-10-24T07:59:59Z'),
          eventRow(dev, 'show_page', '2026-10-24T08:00:00Z'),
          eventRow(dev, 'show_page', '2026-11-23T07:00:00Z'),
        ])
        .execute();
      await database.db
        .insertInto('analytics_nonces')
        .values([
          { sid: 's', nonce: 'old-1', created_at: new Date('2026-11-23T07:49:00Z') },
          { sid: 's', nonce: 'old-2', created_at: new Date('2026-11-23T07:49:59Z') },
          { sid: 's', nonce: 'old-3', created_at: new Date('2026-11-23T07:40:00Z') },
          { sid: 's', nonce: 'edge', created_at: new Date('2026-11-23T07:50:00Z') },
          { sid: 's', nonce: 'new', created_at: new Date('2026-11-23T07:59:00Z') },
        ])
        .execute();
      await database.db
        .insertInto('analytics_rate')
        .values([
          { bucket: 'device:a', window_start: new Date('2026-11-23T07:57:00Z'), count: 5 },
          { bucket: 'device:a', window_start: new Date('2026-11-23T07:58:00Z'), count: 5 },
          { bucket: 'device:a', window_start: new Date('2026-11-23T07:59:00Z'), count: 5 },
        ])
        .execute();

      // Batches of 2 force several rounds per table.
      expect(await purgeAnalytics(database.db, now, 30, 2)).toEqual({
        events: 3,
        nonces: 3,
        rates: 1,
      });
      const events = await database.db
        .selectFrom('analytics_events')
        .select('event_at')
        .orderBy('event_at')
        .execute();
      expect(events.map((e) => e.event_at.toISOString())).toEqual([
        '2026-10-24T08:00:00.000Z',
        '2026-11-23T07:00:00.000Z',
      ]);
      const nonces = await database.db
        .selectFrom('analytics_nonces')
        .select('nonce')
        .orderBy('nonce')
        .execute();
      expect(nonces.map((n) => n.nonce)).toEqual(['edge', 'new']);
      const rates = await database.db
        .selectFrom('analytics_rate')
        .select('window_start')
        .orderBy('window_start')
        .execute();
      expect(rates.map((r) => r.window_start.toISOString())).toEqual([
        '2026-11-23T07:58:00.000Z',
        '2026-11-23T07:59:00.000Z',
      ]);
      // A second run finds nothing more.
      expect(await purgeAnalytics(database.db, now, 30, 2)).toEqual({
        events: 0,
        nonces: 0,
        rates: 0,
      });
    });

    it('runs from the worker round at most every 10 minutes, with ANALYTICS_RETENTION_DAYS', async () => {
      const config = testConfig({ ANALYTICS_RETENTION_DAYS: '7' });
      const wclock = testClock(new Date('2026-11-23T08:00:00Z'));
      const { log } = capturingLog();
      const worker = createWorkerLoop(
        testContainer({
          database,
          log,
          config,
          clock: wclock,
          gateway: createGameGateway({ gateways: {}, timeoutMs: 1000 }),
          providers: createPaymentProviders({ config, db: database.db, clock: wclock, log }),
        }),
      );
      const dev = randomUUID();
      const count = async () =>
        (await database.db.selectFrom('analytics_events').select('id').execute()).length;
      await database.db
        .insertInto('analytics_events')
        .values([
          eventRow(dev, 'show_page', '2026-11-16T07:59:00Z'),
          eventRow(dev, 'show_page', '2026-11-16T09:00:00Z'),
        ])
        .execute();
      await worker.runOnce();
      expect(await count()).toBe(1);
      // 8 days old now, but the purge ran moments ago: it waits for its 10 minutes.
      await database.db
        .insertInto('analytics_events')
        .values(eventRow(dev, 'show_page', '2026-11-15T00:00:00Z'))
        .execute();
      wclock.advance(ANALYTICS_PURGE_EVERY_MS - 1000);
      await worker.runOnce();
      expect(await count()).toBe(2);
      wclock.advance(1000);
      await worker.runOnce();
      expect(await count()).toBe(1);
    });
  });

  describe('report: counts per UTC day and the top-up funnel', () => {
    beforeAll(async () => {
      await database.db.deleteFrom('analytics_events').execute();
      const R = '/main/recharge';
      await database.db
        .insertInto('analytics_events')
        .values([
          // A: the whole funnel on 11-01.
          eventRow('dev-A', 'show_page', '2026-11-01T10:00:00Z', R),
          eventRow('dev-A', 'buy_request', '2026-11-01T10:01:00Z', R),
          eventRow('dev-A', 'buy_done', '2026-11-01T10:02:00Z', R),
          // B: asks to buy, never completes.
          eventRow('dev-B', 'show_page', '2026-11-01T12:00:00Z', R),
          eventRow('dev-B', 'buy_request', '2026-11-01T12:05:00Z', R),
          // C: request and done happen before it ever shows the top-up page: only step 1.
          eventRow('dev-C', 'buy_request', '2026-11-02T09:00:00Z', R),
          eventRow('dev-C', 'buy_done', '2026-11-02T09:01:00Z', R),
          eventRow('dev-C', 'show_page', '2026-11-02T10:00:00Z', R),
          // D: never on the top-up page.
          eventRow('dev-D', 'show_page', '2026-11-02T11:00:00Z', '/main/home'),
          eventRow('dev-D', 'buy_request', '2026-11-02T11:01:00Z', R),
          eventRow('dev-D', 'buy_done', '2026-11-02T11:02:00Z', R),
          // E: its top-up page view is before the range.
          eventRow('dev-E', 'show_page', '2026-10-31T23:59:59Z', R),
          eventRow('dev-E', 'buy_request', '2026-11-01T00:00:00Z', R),
          eventRow('dev-E', 'buy_done', '2026-11-01T00:00:05Z', R),
          // F: last second of the range; its request is after the range.
          eventRow('dev-F', 'show_page', '2026-11-03T23:59:59Z', R),
          eventRow('dev-F', 'buy_request', '2026-11-04T00:00:00Z', R),
          // G: two views, one device; done in the same second as the request counts as later.
          eventRow('dev-G', 'show_page', '2026-11-02T13:00:00Z', R),
          eventRow('dev-G', 'show_page', '2026-11-02T13:10:00Z', R),
          eventRow('dev-G', 'buy_request', '2026-11-02T13:11:00Z', R),
          eventRow('dev-G', 'buy_done', '2026-11-02T13:11:00Z', R),
        ])
        .execute();
    });

    const expected = {
      from: '2026-11-01',
      to: '2026-11-03',
      days: [
        { day: '2026-11-01', event: 'webpay_buy_done', count: 2 },
        { day: '2026-11-01', event: 'webpay_buy_request', count: 3 },
        { day: '2026-11-01', event: 'webpay_show_page', count: 2 },
        { day: '2026-11-02', event: 'webpay_buy_done', count: 3 },
        { day: '2026-11-02', event: 'webpay_buy_request', count: 3 },
        { day: '2026-11-02', event: 'webpay_show_page', count: 4 },
        { day: '2026-11-03', event: 'webpay_show_page', count: 1 },
      ],
      totals: { webpay_buy_done: 5, webpay_buy_request: 6, webpay_show_page: 7 },
      funnel: {
        page: '/main/recharge',
        show_page: 5,
        buy_request: 3,
        buy_done: 2,
        request_rate: 60,
        done_rate: 66.7,
        overall_rate: 40,
      },
    };

    it('counts exactly and builds the funnel (show_page top-up -> buy_request -> buy_done)', async () => {
      expect(await analyticsReport(database.db, { from: '2026-11-01', to: '2026-11-03' })).toEqual(
        expected,
      );
      const one = await analyticsReport(database.db, { from: '2026-11-01', to: '2026-11-01' });
      expect(one.funnel).toMatchObject({ show_page: 2, buy_request: 2, buy_done: 1 });
      const none = await analyticsReport(database.db, { from: '2026-12-01', to: '2026-12-02' });
      expect(none).toMatchObject({
        days: [],
        totals: {},
        funnel: { show_page: 0, request_rate: null, done_rate: null, overall_rate: null },
      });
      await expect(
        analyticsReport(database.db, { from: '2026-11-03', to: '2026-11-01' }),
      ).rejects.toThrow(RangeError);
    });

    it('prints it from `portal analytics-report` as a table or JSON', async () => {
      const lines: string[] = [];
      const config = testConfig();
      const log = pino({ level: 'silent' });
      const ctx: CommandContext = {
        container: testContainer({ config, database, clock, log }),
        out: (line) => void lines.push(line),
      };
      const args = ['--from', '2026-11-01', '--to', '2026-11-03'];
      expect(await analyticsReportCommand.run(ctx, args)).toBe(0);
      expect(lines).toEqual(formatAnalyticsReport(expected));
      const text = lines.join('\n');
      expect(text).toContain('2026-11-02  webpay_show_page        4');
      expect(text).toMatch(/buy_request after it\s+3\s+60\.0%\s+60\.0%/);
      expect(text).toMatch(/buy_done after that\s+2\s+66\.7%\s+40\.0%/);
      lines.length = 0;
      expect(await analyticsReportCommand.run(ctx, [...args, '--json'])).toBe(0);
      expect(JSON.parse(lines.join('\n'))).toEqual(expected);
      for (const bad of [
        [],
        ['--from', '2026-11-01'],
        ['--from', '2026-13-01', '--to', '2026-11-03'],
        ['--from', '2026-11-03', '--to', '2026-11-01'],
        ['--from', '2026-11-01', '--to', '2026-11-03', '--csv'],
      ])
        await expect(analyticsReportCommand.run(ctx, bad)).rejects.toThrow(CommandUsageError);
    });
  });
});
