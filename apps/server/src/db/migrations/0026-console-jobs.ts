// Jobs and the HC Point ledger export in the console (docs/console.md#jobs-and-exports, ADR 0054):
// the `discarded` job state (an operator gave up on the job: kept for the record, never claimed
// again, since the worker claims only pending and running jobs), an index for the list of dead
// and discarded jobs, and one for reading the ledger by time in keyset order. Plain SQL valid on
// PostgreSQL 15 and PGlite.
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`alter table jobs drop constraint jobs_state_check`,
  sql`alter table jobs add constraint jobs_state_check
    check (state in ('pending', 'running', 'done', 'dead', 'discarded'))`,
  // The console's list, newest first (pending and running ones are found through jobs_due_idx).
  sql`create index jobs_settled_problems_idx on jobs (id desc) where state in ('dead', 'discarded')`,
  // The ledger export walks a period in (created_at, id) order, a batch at a time.
  sql`create index ledger_entries_created_at_idx on ledger_entries (created_at, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
