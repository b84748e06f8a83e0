// Rebuilds the dashboards' rollups of orders and jobs (report_order_daily, report_lag_daily,
// report_failed_daily; migration 0027) from the orders, in one transaction: for a bulk load made
// with the trigger off (the performance check, apps/server/test/support/dashboard-bench.ts) or a
// repair. The triggers keep them exact otherwise (ADR 0055). report_event_daily is not rebuilt:
// its trigger runs once per insert statement, so bulk loads keep it on, and it holds the counts
// of days whose events the retention purge has deleted.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createRollupRepository } from './rollup.repository';

export async function rebuildReportRollups(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await createRollupRepository(trx).rebuild();
  });
}
