// The background worker of `--role=worker|all` (ARCHITECTURE.md#jobs-and-the-worker): claims due jobs from the outbox
// (deliveries and receipts) with FOR UPDATE SKIP LOCKED, and sweeps unpaid orders (provider
// checks for stuck payments, expiry). Any number of workers can run against one PostgreSQL.
import type { Container } from './container';
import { setJobQueueDepthSource } from './lib/metrics';
import { createAnalyticsPurgeTimer } from './modules/analytics/analytics.purge';
import type { JobHandler, JobKind } from './jobs/queue';
import { createJobRunner } from './modules/orders/delivery';
import { createTakebackHandler } from './modules/orders/refunds';
import { createGiftCodeDelivery } from './modules/gift-codes/gift-codes.delivery';
import { createRetentionTimer } from './jobs/retention';
import { createErasureHandler } from './modules/auth/erasure';

/** Jobs claimed per round; they run concurrently. */
const BATCH = 8;
/** Unpaid orders are swept at most this often. */
const SWEEP_EVERY_MS = 15_000;

/** One worker round at a time; tests drive it directly with `runOnce`. */
export function createWorkerLoop(c: Container) {
  const { config, log, clock, db, queue, gateway, orders } = c;
  // Job kinds beyond deliver/receipt: one line per module (refund take-back, gift codes,
  // account erasure).
  const handlers: Partial<Record<JobKind, JobHandler>> = {};
  handlers.takeback = createTakebackHandler({ db, queue, gateway, clock, log });
  handlers.redeem = createGiftCodeDelivery({ db, queue, gateway, clock });
  handlers.erase = createErasureHandler({ db, queue, clock, log });
  const jobRunner = createJobRunner({
    db,
    queue,
    gateway,
    mailer: c.mailer,
    config,
    clock,
    log,
    handlers,
  });
  let lastSweep = Number.NEGATIVE_INFINITY;
  const analyticsPurge = createAnalyticsPurgeTimer({
    db,
    clock,
    retentionDays: config.analytics.retentionDays,
    log,
  });

  const retention = createRetentionTimer({
    db,
    clock,
    policy: { paymentEventsDays: config.worker.paymentEventsRetentionDays },
    log,
  });

  return {
    queue,
    /** Claims and runs due jobs until none is due; returns how many ran. */
    async runJobs(): Promise<number> {
      let total = 0;
      for (;;) {
        const jobs = await queue.claim(clock.now(), config.worker.leaseSeconds, BATCH);
        if (jobs.length === 0) return total;
        await Promise.all(jobs.map((job) => jobRunner.run(job)));
        total += jobs.length;
      }
    },
    sweep: () => orders.sweepUnpaid(),
    /** One round: due jobs, then the unpaid-order sweep when it is due. */
    async runOnce(options: { forceSweep?: boolean } = {}): Promise<void> {
      await this.runJobs();
      const now = clock.now().getTime();
      if (options.forceSweep === true || now - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now;
        const swept = await orders.sweepUnpaid();
        if (swept.closed + swept.recovered > 0) log.info(swept, 'unpaid orders swept');
      }
      await analyticsPurge.runIfDue(); // retention, at most every 10 minutes
      await retention.runIfDue(); // codes, attempts, sessions, tickets, payment events (ADR 0032)
    },
  };
}

export interface Worker {
  /** Stop taking new work and wait for the current round to finish. */
  stop(): Promise<void>;
}

export function startWorker(c: Container): Worker {
  const loop = createWorkerLoop(c);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (stopped || busy) return;
    busy = true;
    running = loop
      .runOnce()
      .catch((err: unknown) => c.log.error({ err }, 'worker round failed'))
      .finally(() => {
        busy = false;
      });
  }, c.config.worker.intervalMs);
  timer.unref();
  // The queue depth on this node's /metrics, read from the shared table at scrape time.
  setJobQueueDepthSource(() => loop.queue.depth());
  c.log.info('worker started');
  return {
    async stop() {
      stopped = true;
      setJobQueueDepthSource(undefined);
      clearInterval(timer);
      await running;
    },
  };
}
