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

export function createAuditRepository(db: Kysely<DB>) {
  return {
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
