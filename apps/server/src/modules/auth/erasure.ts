// The `erase` job (ADR 0049): when an account's grace period is over, its personal data is erased
// in one transaction with the job's completion and an audit row. A job whose deletion was
// cancelled by a sign-in (or asked for again later, which queues a new job) completes without
// touching anything.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Job, JobHandler, JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import { createAuditRepository } from '../audit/audit.repository';
import { createErasureRepository } from './erasure.repository';

export function createErasureHandler(deps: {
  db: Kysely<DB>;
  queue: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
}): JobHandler {
  return async (job: Job) => {
    const accountId = Number(job.payload.accountId);
    if (!Number.isSafeInteger(accountId) || accountId <= 0)
      throw new Error(`erase job ${job.id} names no account`);
    const now = deps.clock.now();
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const repo = createErasureRepository(trx);
      const account = await repo.lockAccount(accountId);
      const due = account?.deletion_due_at ?? null;
      if (account === undefined || account.erased_at !== null || due === null || due > now) {
        const result = { skipped: account === undefined ? 'missing' : 'not_due' };
        await deps.queue.complete(trx, job, now, result);
        return result;
      }
      const counts = await repo.erase(accountId, account, now);
      await createAuditRepository(trx).append({
        actorKind: 'player',
        actor: `account:${accountId}`,
        action: 'account.erase',
        target: `account:${accountId}`,
        after: counts,
        at: now,
      });
      const result = { erased: counts };
      await deps.queue.complete(trx, job, now, result);
      return result;
    });
    if ('erased' in outcome) deps.log.info({ accountId }, 'account erased');
  };
}
