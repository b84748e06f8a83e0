// The retention job (src/jobs/retention.ts, ADR 0032) on a real database: after one run
// every row past its retention is gone and every row still needed is kept (the throttles'
// windows, the 30-day trusted-IP successes, live sessions and tickets, payment events younger
// than PAYMENT_EVENTS_RETENTION_DAYS or still waiting to be applied), deleting in batches; and the
// worker runs it at most every RETENTION_EVERY_MS.
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGameGateway } from '../src/adapters/game-gateway/client';
import { createPaymentProviders } from '../src/adapters/payments';
import type { Database } from '../src/db/database';
import { purgeExpired, RETENTION_EVERY_MS } from '../src/jobs/retention';
import { createWorkerLoop } from '../src/worker';
import { testContainer } from './support/container';
import { makeAccount } from './support/auth-fixtures';
import { openTestDatabase, testDatabases } from './support/databases';
import { testClock, testConfig } from './support/helper';

const NOW = new Date('2026-06-01T00:00:00Z');
const H = 3_600_000;
const D = 24 * H;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
/** Rows past their retention per table in the fixture (more than one batch of 2). */
const OLD = 5;

describe.each(testDatabases())('retention on %s', (kind) => {
  let database: Database;
  let accountId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    accountId = (await makeAccount(database.db)).id;
  });
  afterAll(async () => {
    await database.close();
  });

  const times = (n: number, offsetMs: number) => Array.from({ length: n }, () => at(offsetMs));

  /** Rows past retention (`old`) and rows that must stay (`kept`), tagged to tell them apart. */
  async function seed(): Promise<void> {
    const { db } = database;
    for (const table of [
      'verification_codes',
      'login_attempts',
      'redeem_attempts',
      'throttle_hits',
      'sessions',
      'web_tickets',
      'payment_events',
      'analytics_sessions',
    ] as const)
      await db.deleteFrom(table).execute();

    const code = (tag: string, expiresAt: Date) => ({
      channel: 'email' as const,
      destination: `${tag}@example.com`,
      purpose: 'login' as const,
      code_hash: randomUUID(),
      ip: '10.0.0.1',
      created_at: new Date(expiresAt.getTime() - 10 * 60_000),
      expires_at: expiresAt,
    });
    await db
      .insertInto('verification_codes')
      .values([
        ...times(OLD, -25 * H).map((t) => code('old', t)),
        code('kept', at(-23 * H)), // expired, but still inside the send windows' reach
        code('kept', at(5 * 60_000)), // live
      ])
      .execute();

    const attempt = (ip: string, success: boolean, createdAt: Date) => ({
      account_id: accountId,
      ip,
      success,
      created_at: createdAt,
    });
    await db
      .insertInto('login_attempts')
      .values([
        ...times(OLD, -25 * H).map((t) => attempt('old', false, t)),
        attempt('old', true, at(-31 * D)), // a success older than the trusted-IP window
        attempt('kept', false, at(-23 * H)),
        attempt('kept', true, at(-20 * D)), // still makes this IP the player's own
      ])
      .execute();

    await db
      .insertInto('redeem_attempts')
      .values([
        ...times(OLD, -25 * H).map((t) => ({
          account_id: accountId,
          ip: 'old',
          success: false,
          created_at: t,
        })),
        { account_id: accountId, ip: 'kept', success: false, created_at: at(-H) },
      ])
      .execute();

    await db
      .insertInto('throttle_hits')
      .values([
        ...times(OLD, -25 * H).map((t) => ({ bucket: 'old', created_at: t })),
        { bucket: 'kept', created_at: at(-H) },
      ])
      .execute();

    const session = (
      tag: string,
      ends: { idle?: Date; absolute?: Date; revoked?: Date | null },
    ) => ({
      account_id: accountId,
      token_hash: `${tag}-${randomUUID()}`,
      created_at: at(-40 * D),
      last_seen_at: at(-3 * D),
      idle_expires_at: ends.idle ?? at(H),
      absolute_expires_at: ends.absolute ?? at(20 * D),
      remember: false,
      revoked_at: ends.revoked ?? null,
    });
    await db
      .insertInto('sessions')
      .values([
        session('old', { idle: at(-2 * D) }),
        session('old', { absolute: at(-2 * D), idle: at(-2 * D) }),
        session('old', { revoked: at(-2 * D) }),
        session('old', { revoked: at(-3 * D) }),
        session('old', { idle: at(-25 * H) }),
        session('kept', {}), // live
        session('kept', { revoked: at(-H) }), // ended an hour ago
      ])
      .execute();

    const ticket = (tag: string, expiresAt: Date, usedAt: Date | null) => ({
      account_id: accountId,
      ticket_hash: `${tag}-${randomUUID()}`,
      created_at: new Date(expiresAt.getTime() - 5 * 60_000),
      expires_at: expiresAt,
      used_at: usedAt,
    });
    await db
      .insertInto('web_tickets')
      .values([
        ...times(OLD - 1, -2 * D).map((t) => ticket('old', t, null)),
        ticket('old', at(5 * 60_000), at(-25 * H)), // used a day ago (clock of a lagging node)
        ticket('kept', at(5 * 60_000), null),
        ticket('kept', at(-H), at(-2 * H)),
      ])
      .execute();

    const paymentEvent = (tag: string, receivedAt: Date, outcome = 'paid') => ({
      provider: 'sandbox',
      event_id: `${tag}-${randomUUID()}`,
      type: 'payment.succeeded',
      order_id: null,
      outcome,
      payload: JSON.stringify({ tag }),
      received_at: receivedAt,
    });
    await db
      .insertInto('payment_events')
      .values([
        ...times(OLD, -401 * D).map((t) => paymentEvent('old', t)),
        paymentEvent('kept', at(-399 * D), 'refunded'),
        paymentEvent('kept', at(-500 * D), 'pending'), // never finished applying: kept
        paymentEvent('kept', at(-500 * D), 'deferred'), // a refund still waiting for its payment
      ])
      .execute();

    await db
      .insertInto('analytics_sessions')
      .values([
        ...times(OLD, -H).map((t, i) => ({
          sid: `old-${i}-${randomUUID()}`,
          device_id: 'device-old',
          account_id: null,
          created_at: at(-13 * H),
          expires_at: t,
        })),
        {
          sid: `kept-${randomUUID()}`,
          device_id: 'device-kept',
          account_id: accountId,
          created_at: at(-H),
          expires_at: at(11 * H),
        },
      ])
      .execute();
  }

  /** Tags of the rows left in each table. */
  async function left(): Promise<Record<string, string[]>> {
    const { db } = database;
    const tags = (rows: Array<{ tag: string }>) => rows.map((r) => r.tag.split(/[-@]/)[0] ?? '');
    return {
      verification_codes: tags(
        await db.selectFrom('verification_codes').select('destination as tag').execute(),
      ),
      login_attempts: tags(await db.selectFrom('login_attempts').select('ip as tag').execute()),
      redeem_attempts: tags(await db.selectFrom('redeem_attempts').select('ip as tag').execute()),
      throttle_hits: tags(await db.selectFrom('throttle_hits').select('bucket as tag').execute()),
      sessions: tags(await db.selectFrom('sessions').select('token_hash as tag').execute()),
      web_tickets: tags(await db.selectFrom('web_tickets').select('ticket_hash as tag').execute()),
      payment_events: tags(
        await db.selectFrom('payment_events').select('event_id as tag').execute(),
      ),
      analytics_sessions: tags(
        await db.selectFrom('analytics_sessions').select('sid as tag').execute(),
      ),
    };
  }

  const keptOnly = {
    verification_codes: ['kept', 'kept'],
    login_attempts: ['kept', 'kept'],
    redeem_attempts: ['kept'],
    throttle_hits: ['kept'],
    sessions: ['kept', 'kept'],
    web_tickets: ['kept', 'kept'],
    payment_events: ['kept', 'kept', 'kept'],
    analytics_sessions: ['kept'],
  };

  beforeEach(seed);

  it('deletes every row past its retention in one run, in batches, and keeps the rest', async () => {
    const before = await left();
    for (const [table, tags] of Object.entries(before))
      expect(tags.filter((t) => t === 'old').length, table).toBeGreaterThanOrEqual(OLD);

    const purged = await purgeExpired(database.db, NOW, { paymentEventsDays: 400 }, 2);
    expect(purged).toMatchObject({
      verification_codes: OLD,
      login_attempts: OLD + 1,
      redeem_attempts: OLD,
      throttle_hits: OLD,
      sessions: OLD,
      web_tickets: OLD,
      payment_events: OLD,
      analytics_sessions: OLD,
    });
    // Batches of 2: each table took several statements, none deleted more than the batch.
    expect(purged.statements).toBeGreaterThanOrEqual(8 * 3);
    const after = await left();
    for (const tags of Object.values(after)) tags.sort();
    expect(after).toEqual(keptOnly);

    // A second run finds nothing more.
    const again = await purgeExpired(database.db, NOW, { paymentEventsDays: 400 }, 2);
    const { statements: _s, ...counts } = again;
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });

  it('runs from the worker round at most every 15 minutes, with PAYMENT_EVENTS_RETENTION_DAYS', async () => {
    const config = testConfig({ PAYMENT_EVENTS_RETENTION_DAYS: '400' });
    const clock = testClock(NOW);
    const log = pino({ level: 'silent' });
    const worker = createWorkerLoop(
      testContainer({
        database,
        log,
        config,
        clock,
        gateway: createGameGateway({ gateways: {}, timeoutMs: 1000 }),
        providers: createPaymentProviders({ config, db: database.db, clock, log }),
      }),
    );
    await worker.runOnce();
    const after = await left();
    for (const tags of Object.values(after)) tags.sort();
    expect(after).toEqual(keptOnly);

    // A new expired ticket waits for the next due round.
    await database.db
      .insertInto('web_tickets')
      .values({
        account_id: accountId,
        ticket_hash: `late-${randomUUID()}`,
        created_at: at(-3 * D),
        expires_at: at(-2 * D),
        used_at: null,
      })
      .execute();
    const tickets = async () =>
      (await database.db.selectFrom('web_tickets').select('id').execute()).length;
    clock.advance(RETENTION_EVERY_MS - 1000);
    await worker.runOnce();
    expect(await tickets()).toBe(3);
    clock.advance(1000);
    await worker.runOnce();
    expect(await tickets()).toBe(2);
  });
});
