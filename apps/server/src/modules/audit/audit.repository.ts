// The audit log (migration 0014-publisher, ADR 0039): who changed what, append-only. The
// database refuses UPDATE, DELETE and TRUNCATE on audit_log, so this repository only appends
// and reads. Write the row in the same transaction as the change it records (pass the
// transaction as `db`). `before`/`after` hold the changed fields only: never a secret, a
// password hash or a token.
import type { Kysely } from 'kysely';
import type { AuditActorKind, DB } from '../../db/schema';

export interface AuditEntry {
  actorKind: AuditActorKind;
  /** Who: a publisher key id, an operator's name, `cli`. */
  actor: string;
  ip?: string | null;
  /** What, as `<thing>.<verb>`, e.g. `player.upsert`, `publisher_key.rotate`. */
  action: string;
  /** What it was done to, e.g. `account:1001`, `game_account:1:p-771204`. */
  target?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

export interface AuditRow {
  id: number;
  at: Date;
  actorKind: AuditActorKind;
  actor: string;
  ip: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
}

/** Keys never written to before/after, at any depth. */
const SECRET_KEYS = /secret|password|passwd|token|hash/i;

function scrub(value: Record<string, unknown> | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return JSON.stringify(value, (key, v: unknown) => (SECRET_KEYS.test(key) ? undefined : v));
}

/** The console's filter (docs/console.md#audit-log). */
export interface AuditQuery {
  actor?: string | undefined;
  actorKind?: AuditActorKind | undefined;
  /** Exact, or a prefix when it ends with `.`. */
  action?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function toAuditRow(r: {
  id: number | string;
  at: Date;
  actor_kind: AuditActorKind;
  actor: string;
  ip: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
}): AuditRow {
  return {
    id: Number(r.id),
    at: r.at,
    actorKind: r.actor_kind,
    actor: r.actor,
    ip: r.ip,
    action: r.action,
    target: r.target,
    before: r.before,
    after: r.after,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createAuditRepository(db: Kysely<DB>) {
  function filtered(f: AuditQuery) {
    let q = db.selectFrom('audit_log');
    if (f.actor !== undefined) q = q.where('actor', '=', f.actor);
    if (f.actorKind !== undefined) q = q.where('actor_kind', '=', f.actorKind);
    if (f.action !== undefined)
      q = f.action.endsWith('.')
        ? q.where('action', 'like', `${escapeLike(f.action)}%`)
        : q.where('action', '=', f.action);
    if (f.target !== undefined) q = q.where('target', '=', f.target);
    if (f.from !== undefined) q = q.where('at', '>=', f.from);
    if (f.to !== undefined) q = q.where('at', '<', f.to);
    return q;
  }

  return {
    /** One page, newest first, and the total of the filter. */
    async page(
      f: AuditQuery,
      page: number,
      size: number,
    ): Promise<{ rows: AuditRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(f)
          .selectAll()
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        filtered(f)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toAuditRow), total: Number(count.n) };
    },

    /** Every row of the filter, newest first, read in batches by id (for the CSV export). */
    async *each(f: AuditQuery, batch = 500): AsyncGenerator<AuditRow> {
      let beforeId: number | undefined;
      for (;;) {
        let q = filtered(f).selectAll();
        if (beforeId !== undefined) q = q.where('id', '<', beforeId);
        const rows = await q.orderBy('id', 'desc').limit(batch).execute();
        for (const r of rows) yield toAuditRow(r);
        if (rows.length < batch) return;
        beforeId = Number(rows[rows.length - 1]?.id);
      }
    },

    async append(entry: AuditEntry): Promise<number> {
      const row = await db
        .insertInto('audit_log')
        .values({
          at: entry.at,
          actor_kind: entry.actorKind,
          actor: entry.actor,
          ip: entry.ip ?? null,
          action: entry.action,
          target: entry.target ?? null,
          before: scrub(entry.before),
          after: scrub(entry.after),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Newest first; by target and/or actor (the operator console will page this). */
    async list(
      filter: { target?: string; actor?: string; limit?: number } = {},
    ): Promise<AuditRow[]> {
      let q = db.selectFrom('audit_log').selectAll();
      if (filter.target !== undefined) q = q.where('target', '=', filter.target);
      if (filter.actor !== undefined) q = q.where('actor', '=', filter.actor);
      const rows = await q
        .orderBy('id', 'desc')
        .limit(filter.limit ?? 100)
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        at: r.at,
        actorKind: r.actor_kind,
        actor: r.actor,
        ip: r.ip,
        action: r.action,
        target: r.target,
        before: r.before,
        after: r.after,
      }));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
