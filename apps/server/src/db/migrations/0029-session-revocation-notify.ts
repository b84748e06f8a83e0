// Sessions cached in memory (ADR 0058) are dropped on every node when a session stops working
// early: a trigger notifies the invalidation bus's channel (ADR 0046) with the topic `sessions`
// when a session is revoked, deleted (erasure) or has an expiry moved earlier, whoever wrote it.
// The notification is sent when the writing transaction commits (and not at all if it rolls
// back); PostgreSQL folds identical notifications of one transaction into one. The minute's
// touch (last_seen_at, a later idle expiry, ip, user agent) notifies nothing. Plain SQL valid on
// PostgreSQL 15 and PGlite.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`create function sessions_notify_ended() returns trigger language plpgsql as $$
    begin
      perform pg_notify('hc_invalidation', 'sessions');
      return null;
    end
  $$`,
  sql`create trigger sessions_ended_update after update on sessions for each row
    when (old.revoked_at is distinct from new.revoked_at
      or new.idle_expires_at < old.idle_expires_at
      or new.absolute_expires_at < old.absolute_expires_at
      or new.account_id <> old.account_id
      or new.token_hash <> old.token_hash)
    execute function sessions_notify_ended()`,
  sql`create trigger sessions_ended_delete after delete on sessions for each row
    execute function sessions_notify_ended()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
