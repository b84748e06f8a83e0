// Console sessions (migration 0015-console): the token is stored as its SHA-256, never in clear.
import type { OperatorRole } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface ConsoleSessionRow {
  id: number;
  operatorId: number;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  enrolmentOnly: boolean;
  operator: { name: string; roles: OperatorRole[]; disabledAt: Date | null };
}

export function createConsoleSessionsRepository(db: Kysely<DB>) {
  return {
    async insert(s: {
      operatorId: number;
      tokenHash: string;
      csrfToken: string;
      at: Date;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
      enrolmentOnly: boolean;
    }): Promise<number> {
      const r = await db
        .insertInto('operator_sessions')
        .values({
          operator_id: s.operatorId,
          token_hash: s.tokenHash,
          csrf_token: s.csrfToken,
          created_at: s.at,
          last_seen_at: s.at,
          expires_at: s.expiresAt,
          ip: s.ip,
          user_agent: s.userAgent,
          enrolment_only: s.enrolmentOnly,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },

    /** The live (not ended) session with this token hash, with its operator. */
    async byTokenHash(tokenHash: string): Promise<ConsoleSessionRow | undefined> {
      const r = await db
        .selectFrom('operator_sessions as s')
        .innerJoin('operators as o', 'o.id', 's.operator_id')
        .select([
          's.id',
          's.operator_id',
          's.csrf_token',
          's.created_at',
          's.last_seen_at',
          's.expires_at',
          's.enrolment_only',
          'o.name',
          'o.roles',
          'o.disabled_at',
        ])
        .where('s.token_hash', '=', tokenHash)
        .where('s.ended_at', 'is', null)
        .executeTakeFirst();
      if (r === undefined) return undefined;
      return {
        id: Number(r.id),
        operatorId: Number(r.operator_id),
        csrfToken: r.csrf_token,
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        expiresAt: r.expires_at,
        enrolmentOnly: r.enrolment_only,
        operator: { name: r.name, roles: r.roles as OperatorRole[], disabledAt: r.disabled_at },
      };
    },

    async byId(id: number): Promise<ConsoleSessionRow | undefined> {
      const r = await db
        .selectFrom('operator_sessions')
        .select('token_hash')
        .where('id', '=', id)
        .executeTakeFirst();
      return r === undefined ? undefined : this.byTokenHash(r.token_hash);
    },

    async touch(id: number, at: Date): Promise<void> {
      await db
        .updateTable('operator_sessions')
        .set({ last_seen_at: at })
        .where('id', '=', id)
        .execute();
    },

    async end(id: number, at: Date): Promise<void> {
      await db
        .updateTable('operator_sessions')
        .set({ ended_at: at })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .execute();
    },

    async endAllOf(operatorId: number, at: Date): Promise<void> {
      await db
        .updateTable('operator_sessions')
        .set({ ended_at: at })
        .where('operator_id', '=', operatorId)
        .where('ended_at', 'is', null)
        .execute();
    },

    /** Lifts the enrolment-only limit of every live session of the operator. */
    async liftEnrolmentOnly(operatorId: number): Promise<void> {
      await db
        .updateTable('operator_sessions')
        .set({ enrolment_only: false })
        .where('operator_id', '=', operatorId)
        .where('ended_at', 'is', null)
        .execute();
    },
  };
}
