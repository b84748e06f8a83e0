// Data access for the console's jobs page (docs/console.md#jobs-and-exports): the dead, stuck and
// discarded jobs with their order number, counts per state, and the row an action locks.
import { wakeWorkersSql } from '../../jobs/jobs.repository';
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB, JobsTable } from '../../db/schema';

export type JobRow = Selectable<JobsTable> & { order_number: string | null };

export type JobListState = 'dead' | 'stuck' | 'discarded';

export interface JobListQuery {
  state?: JobListState | undefined;
  kind?: string | undefined;
  /** Rows with a smaller id than this (exclusive). */
  cursor?: number | undefined;
  limit: number;
  /** Pending jobs due before this, and running ones whose lease ended before this, are stuck. */
  stuckBefore: Date;
}

export function createJobsConsoleRepository(db: Kysely<DB>) {
  function base(q: Kysely<DB>) {
    return q
      .selectFrom('jobs as j')
      .leftJoin('orders as o', 'o.id', 'j.order_id')
      .selectAll('j')
      .select('o.sdk_order_id as order_number');
  }

  return {
    async list(f: JobListQuery): Promise<JobRow[]> {
      let q = base(db);
      const stuck = sql<boolean>`((j.state = 'pending' and j.run_at < ${f.stuckBefore})
        or (j.state = 'running' and j.lease_until < ${f.stuckBefore}))`;
      if (f.state === 'dead') q = q.where('j.state', '=', 'dead');
      else if (f.state === 'discarded') q = q.where('j.state', '=', 'discarded');
      else if (f.state === 'stuck') q = q.where(stuck);
      else q = q.where((eb) => eb.or([eb('j.state', '=', 'dead'), stuck]));
      if (f.kind !== undefined) q = q.where('j.kind', '=', f.kind);
      if (f.cursor !== undefined) q = q.where('j.id', '<', f.cursor);
      return q.orderBy('j.id', 'desc').limit(f.limit).execute();
    },

    async byId(id: number): Promise<JobRow | undefined> {
      return base(db).where('j.id', '=', id).executeTakeFirst();
    },

    /** Locks the job row for an action (inside the caller's transaction). */
    async lock(id: number): Promise<Selectable<JobsTable> | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** Sets the action's change on the job; answers the row after it. */
    async update(
      id: number,
      change: Pick<Updateable<JobsTable>, 'state' | 'attempts' | 'run_at' | 'lease_until'>,
      now: Date,
    ): Promise<Selectable<JobsTable>> {
      return (
        db
          .updateTable('jobs')
          .set({ ...change, updated_at: now })
          .where('id', '=', id)
          .returningAll()
          // A retried job is pending: wake the workers when the transaction commits (ADR 0057).
          .returning(wakeWorkersSql.as('woken'))
          .executeTakeFirstOrThrow()
      );
    },

    async counts(): Promise<Array<{ state: string; count: number }>> {
      const rows = await db
        .selectFrom('jobs')
        .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy('state')
        .execute();
      return rows.map((r) => ({ state: r.state, count: Number(r.count) }));
    },

    /** Dead and stuck jobs per kind. */
    async problemsByKind(
      stuckBefore: Date,
    ): Promise<Array<{ kind: string; dead: number; stuck: number }>> {
      const result = await sql<{ kind: string; dead: string; stuck: string }>`
        select kind,
          count(*) filter (where state = 'dead') as dead,
          count(*) filter (where state <> 'dead') as stuck
        from jobs
        where state = 'dead'
           or (state = 'pending' and run_at < ${stuckBefore})
           or (state = 'running' and lease_until < ${stuckBefore})
        group by kind
        order by kind`.execute(db);
      return result.rows.map((r) => ({
        kind: r.kind,
        dead: Number(r.dead),
        stuck: Number(r.stuck),
      }));
    },
  };
}
