// Data access for analytics (0007-analytics, 0013-analytics-sessions-retention): the sessions the
// session call hands out, replay nonces, stored events, the report's queries and the purge's
// batched deletes (of analytics_rate too; lib/rate-counter.repository.ts counts in it).
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AnalyticsEventsTable, AnalyticsSessionsTable, DB } from '../../db/schema';

export type AnalyticsEventRow = Selectable<AnalyticsEventsTable>;

/**
 * `db` is the pool or a transaction (ADR 0037). The collector stores a batch's nonce and its
 * events on a repository built from one transaction (`insertNonce`, then `insertEvents`).
 */
export function createAnalyticsRepository(db: Kysely<DB>) {
  return {
    async insertSession(session: Insertable<AnalyticsSessionsTable>): Promise<void> {
      await db.insertInto('analytics_sessions').values(session).execute();
    },

    /** The issued session of a sid (device, account, expiry), if any. */
    sessionBySid(sid: string) {
      return db
        .selectFrom('analytics_sessions')
        .select(['device_id', 'account_id', 'expires_at'])
        .where('sid', '=', sid)
        .executeTakeFirst();
    },

    /** Records (sid, nonce) once: false when it was already seen (a replay). */
    async insertNonce(sid: string, nonce: string, now: Date): Promise<boolean> {
      const fresh = await db
        .insertInto('analytics_nonces')
        .values({ sid, nonce, created_at: now })
        .onConflict((oc) => oc.columns(['sid', 'nonce']).doNothing())
        .returning('nonce')
        .executeTakeFirst();
      return fresh !== undefined;
    },

    /** One multi-row insert (callers skip an empty batch). */
    async insertEvents(rows: Array<Insertable<AnalyticsEventsTable>>): Promise<void> {
      await db.insertInto('analytics_events').values(rows).execute();
    },

    /** A device's first 1000 events in order (the dev-only read route). */
    eventsOfDevice(deviceId: string): Promise<AnalyticsEventRow[]> {
      return db
        .selectFrom('analytics_events')
        .selectAll()
        .where('device_id', '=', deviceId)
        .orderBy('event_at')
        .orderBy('seq')
        .orderBy('id')
        .limit(1000)
        .execute();
    },

    /** Stored events per UTC day and event name in [start, end), by day then event. */
    eventCountsPerDay(start: Date, end: Date) {
      const day = sql<string>`to_char(event_at at time zone 'UTC', 'YYYY-MM-DD')`;
      return db
        .selectFrom('analytics_events')
        .select([day.as('day'), 'event', sql<string>`count(*)`.as('count')])
        .where('event_at', '>=', start)
        .where('event_at', '<', end)
        .groupBy([day, 'event'])
        .orderBy('day')
        .orderBy('event')
        .execute();
    },

    /**
     * The report's funnel in [start, end): devices with `showPage` on `page`, of those with a
     * `buyRequest` at or after their first such show, of those with a `buyDone` at or after
     * their first such request (counts as strings, or no row).
     */
    async topupFunnel(q: {
      page: string;
      showPage: string;
      buyRequest: string;
      buyDone: string;
      start: Date;
      end: Date;
    }): Promise<{ shown: string; requested: string; done: string } | undefined> {
      const { page, showPage, buyRequest, buyDone, start, end } = q;
      const funnel = await sql<{ shown: string; requested: string; done: string }>`
    with shown as (
      select device_id, min(event_at) as at from analytics_events
      where event = ${showPage} and page = ${page}
        and event_at >= ${start} and event_at < ${end}
      group by device_id
    ), requested as (
      select s.device_id, min(e.event_at) as at from shown s
      join analytics_events e on e.device_id = s.device_id and e.event = ${buyRequest}
        and e.event_at >= s.at and e.event_at < ${end}
      group by s.device_id
    ), done as (
      select distinct r.device_id from requested r
      join analytics_events e on e.device_id = r.device_id and e.event = ${buyDone}
        and e.event_at >= r.at and e.event_at < ${end}
    )
    select (select count(*) from shown) as shown, (select count(*) from requested) as requested,
      (select count(*) from done) as done`.execute(db);
      return funnel.rows[0];
    },

    /** Deletes at most `batch` events older than `before`; the number deleted. */
    async deleteEventsBefore(before: Date, batch: number): Promise<bigint | undefined> {
      return (
        await db
          .deleteFrom('analytics_events')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('analytics_events')
              .select('id')
              .where('event_at', '<', before)
              .limit(batch),
          )
          .executeTakeFirst()
      ).numDeletedRows;
    },

    /** Deletes at most `batch` replay nonces older than `before`; the number deleted. */
    async deleteNoncesBefore(before: Date, batch: number): Promise<bigint | undefined> {
      return (
        await sql`delete from analytics_nonces where (sid, nonce) in (
          select sid, nonce from analytics_nonces where created_at < ${before} limit ${batch})`.execute(
          db,
        )
      ).numAffectedRows;
    },

    /** Deletes at most `batch` rate windows that started before `before`; the number deleted. */
    async deleteRateWindowsBefore(before: Date, batch: number): Promise<bigint | undefined> {
      return (
        await sql`delete from analytics_rate where (bucket, window_start) in (
          select bucket, window_start from analytics_rate where window_start < ${before}
          limit ${batch})`.execute(db)
      ).numAffectedRows;
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
