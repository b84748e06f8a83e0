// The background worker of `--role=worker|all` (DESIGN §3). A placeholder for now: later issues
// add the jobs (delivery outbox, unpaid-order expiry, stuck-payment checks) to this loop.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/database';

export interface Worker {
  /** Stop taking new work and wait for the current tick to finish. */
  stop(): Promise<void>;
}

const TICK_MS = 5_000;

export function startWorker(deps: { database: Database; log: FastifyBaseLogger }): Worker {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    // No jobs yet: later issues claim work here with FOR UPDATE SKIP LOCKED.
  };
  const timer = setInterval(() => {
    if (stopped) return;
    running = running
      .then(tick)
      .catch((err: unknown) => deps.log.error({ err }, 'worker tick failed'));
  }, TICK_MS);
  timer.unref();
  deps.log.info('worker started (no jobs yet)');
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
