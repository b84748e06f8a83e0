// Seeding mechanism: a list of named steps, each guarded by its own "is it needed?" check, run
// in one transaction under an advisory lock so concurrent starts on PostgreSQL seed once.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

export interface SeedStep {
  /** Stable name, for logs. */
  readonly name: string;
  /** True when this step's data is absent (e.g. its table is empty); the step runs only then. */
  isNeeded(db: Kysely<DB>): Promise<boolean>;
  run(db: Transaction<DB>, context: SeedContext): Promise<void>;
}

export interface SeedContext {
  /** The seeding time (the app's clock): demo data dated relative to it reads as recent. */
  now: Date;
}

// Arbitrary constant key for pg_advisory_xact_lock; distinct from Kysely's migration lock.
const SEED_LOCK_KEY = 7_140_203_001;

/** Run the needed steps in order; returns the names of the steps that ran. */
export async function runSeedSteps(
  database: Database,
  steps: readonly SeedStep[],
  context: SeedContext = { now: new Date() },
): Promise<string[]> {
  return database.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK_KEY)})`.execute(trx);
    const ran: string[] = [];
    for (const step of steps) {
      if (await step.isNeeded(trx)) {
        await step.run(trx, context);
        ran.push(step.name);
      }
    }
    return ran;
  });
}
