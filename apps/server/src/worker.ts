// The background worker of `--role=worker|all` (ARCHITECTURE.md#jobs-and-the-worker): claims due jobs from the outbox
// (deliveries and receipts) with FOR UPDATE SKIP LOCKED, and sweeps unpaid orders (provider
// checks for stuck payments, expiry). Any number of workers can run against one PostgreSQL.
// A job enqueued anywhere wakes every worker once its transaction commits (the `jobs` topic of the
// invalidation bus, ADR 0057); the poll every WORKER_INTERVAL_MS stays as the fallback.
import type { FastifyBaseLogger } from 'fastify';
import type { Container } from './container';
import type { Clock } from './lib/clock';
import { setJobQueueDepthSource } from './lib/metrics';
import { createAnalyticsPurgeTimer } from './modules/analytics/analytics.purge';
import { JOBS_TOPIC, type JobHandler, type JobKind } from './jobs/queue';
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

/**
 * A round: `poll` is the timer's (jobs, then sweep and retention when due); `wake` runs the jobs
 * after a notification and then looks when the next pending job is due; `due` runs the jobs when
 * that time has come.
 */
type Round = 'poll' | 'wake' | 'due';

/** What the scheduler runs: the loop's parts (tests pass fakes). */
export interface WorkerRounds {
  /** A timer round: jobs, then sweep, purge and retention when due. */
  poll(): Promise<void>;
  /** Claims and runs due jobs until none is due. */
  jobs(): Promise<unknown>;
  /** When the earliest pending job is due. */
  nextRunAt(): Promise<Date | undefined>;
}

export interface WorkerScheduler {
  /** A job was enqueued somewhere (or notifications may have been missed): run the jobs now. */
  wake(): void;
  /** No new round; waits for the current one. */
  stop(): Promise<void>;
}

/**
 * One round at a time: the poll every `intervalMs` (the fallback) and a round per wake (ADR
 * 0057). A wake during a round runs another after it, since that round may have claimed before
 * the woken job committed: a wake is never lost, and many wakes during one round make one more.
 */
export function createWorkerScheduler(
  rounds: WorkerRounds,
  options: { intervalMs: number; clock: Clock; log: Pick<FastifyBaseLogger, 'error'> },
): WorkerScheduler {
  const { intervalMs, clock, log } = options;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let queued: Exclude<Round, 'poll'> | undefined;
  let dueTimer: NodeJS.Timeout | undefined;

  function request(round: Round): void {
    if (stopped) return;
    if (busy) {
      if (round !== 'poll') queued = queued === 'wake' ? 'wake' : round;
      return;
    }
    busy = true;
    running = runRound(round)
      .catch((err: unknown) => log.error({ err }, 'worker round failed'))
      .finally(() => {
        busy = false;
        const next = queued;
        queued = undefined;
        if (next !== undefined) request(next);
      });
  }

  async function runRound(round: Round): Promise<void> {
    if (round === 'poll') return rounds.poll();
    await rounds.jobs();
    if (round === 'wake') await armDueTimer();
  }

  /**
   * After a wake: a job due before the next poll gets its own timer. This covers a job whose
   * run_at is a little ahead of this node's clock (enqueued on a node whose clock runs ahead) and
   * retries due within the interval. Only a wake arms it, so a stopped clock cannot loop.
   */
  async function armDueTimer(): Promise<void> {
    const next = await rounds.nextRunAt();
    if (next === undefined || stopped) return;
    const delay = next.getTime() - clock.now().getTime();
    if (delay >= intervalMs) return; // the poll comes first
    clearTimeout(dueTimer);
    dueTimer = setTimeout(
      () => {
        dueTimer = undefined;
        request('due');
      },
      Math.max(0, delay) + 1,
    );
    dueTimer.unref();
  }

  const timer = setInterval(() => request('poll'), intervalMs);
  timer.unref();
  return {
    wake: () => request('wake'),
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(dueTimer);
      await running;
    },
  };
}

export function startWorker(c: Container): Worker {
  const loop = createWorkerLoop(c);
  const scheduler = createWorkerScheduler(
    {
      poll: () => loop.runOnce(),
      jobs: () => loop.runJobs(),
      nextRunAt: () => loop.queue.nextRunAt(),
    },
    { intervalMs: c.config.worker.intervalMs, clock: c.clock, log: c.log },
  );
  // Woken by every enqueue's commit, on any node; and when the bus has listened again after its
  // connection dropped (notifications may have been missed).
  const unsubscribe = c.invalidation.subscribe(JOBS_TOPIC, () => scheduler.wake());
  // The queue depth on this node's /metrics, read from the shared table at scrape time.
  setJobQueueDepthSource(() => loop.queue.depth());
  c.log.info('worker started');
  return {
    async stop() {
      unsubscribe();
      setJobQueueDepthSource(undefined);
      await scheduler.stop();
    },
  };
}
