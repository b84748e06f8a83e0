// What the worker does with an order's jobs (ARCHITECTURE.md#jobs-and-the-worker Delivery): `deliver` sends a paid game
// pack's items to the game through its gateway (idempotent on the delivery id) and completes
// the order; `receipt` mails the player after completion.
import { ServerOrderStatus } from '@hc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Mailer } from '../../adapters/mail/mail';
import type { DeliverInput, GameGateway } from '../../adapters/game-gateway/types';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DELIVERY_JOB_KINDS, metrics } from '../../lib/metrics';
import {
  enqueueJob,
  type Job,
  type JobHandler,
  type JobKind,
  type JobQueue,
} from '../../jobs/queue';
import { createWalletService } from '../wallet/wallet.service';
import { createOrdersRepository, type OrderRow } from './orders.repository';
import { sendReceipt } from './receipt';

const { Paid, Delivered } = ServerOrderStatus;

export interface JobRunnerDeps {
  db: Kysely<DB>;
  queue: JobQueue;
  gateway: GameGateway;
  mailer: Mailer | undefined;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Handlers of the other job kinds (refund take-backs, gift-code deliveries). */
  handlers?: Partial<Record<JobKind, JobHandler>>;
}

/** The delivery id the game dedupes on: one per order, so every retry carries the same id. */
export function deliveryIdOf(sdkOrderId: string): string {
  return `order:${sdkOrderId}`;
}

/** What the game is asked to deliver (or take back) for an order. */
export function deliveryOf(order: OrderRow): DeliverInput {
  return {
    deliveryId: deliveryIdOf(order.sdk_order_id),
    uid: order.game_account_id,
    serverId: order.server_id,
    roleId: order.role_id,
    items: order.items,
    orderId: order.sdk_order_id,
  };
}

/** Job and delivery metrics of one finished attempt (lib/metrics.ts). */
function countJob(job: Job, result: 'done' | 'failed' | 'dead'): void {
  metrics.jobs.inc({ kind: job.kind, result });
  if (!DELIVERY_JOB_KINDS.has(job.kind)) return;
  metrics.deliveries.inc({ kind: job.kind, result: result === 'done' ? 'success' : 'failure' });
  if (result !== 'failed')
    metrics.deliveryAttempts.observe(
      { kind: job.kind, result: result === 'done' ? 'delivered' : 'dead' },
      job.attempts,
    );
}

export function createJobRunner(deps: JobRunnerDeps) {
  const { db, queue, gateway, config, clock, log } = deps;
  const repo = createOrdersRepository(db);
  const wallet = createWalletService({ db });

  async function deliver(job: Job): Promise<void> {
    const order = job.orderId === null ? undefined : await repo.byId(job.orderId);
    if (order === undefined || order.status !== Paid) {
      // Refunded or already completed by an earlier attempt: nothing to send.
      await queue.complete(db, job, clock.now(), { skipped: order?.status ?? 'missing' });
      return;
    }
    const result = await gateway.deliver(order.game_id, deliveryOf(order));
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const moved = await createOrdersRepository(trx).transition(order, [Paid], Delivered, now, {
        completedAt: now,
      });
      if (moved)
        await enqueueJob(trx, {
          kind: 'receipt',
          dedupeKey: `receipt:${order.sdk_order_id}`,
          orderId: order.id,
          runAt: now,
        });
      await queue.complete(trx, job, now, result);
    });
  }

  async function receipt(job: Job): Promise<void> {
    const order = job.orderId === null ? undefined : await repo.byId(job.orderId);
    const email = order === undefined ? undefined : await repo.accountEmail(order.account_id);
    if (order === undefined || deps.mailer === undefined || !email) {
      await queue.complete(db, job, clock.now(), { sent: false });
      return;
    }
    const balance =
      order.kind === 'coin' ? await wallet.getBalance(order.game_account_id) : undefined;
    await sendReceipt(deps.mailer, email, {
      language: order.language,
      siteTitle: config.siteTitle,
      orderId: order.sdk_order_id,
      itemName: order.item_name,
      amount: order.price,
      currency: order.currency,
      completedAt: order.completed_at ?? clock.now(),
      ...(balance === undefined
        ? {}
        : {
            hcBalance: balance.basicNum + balance.presentNum,
            hcCredited: { basic: order.hc_amount ?? 0, present: order.hc_gift },
          }),
      orderUrl: `${config.publicBaseUrl}/main/recharge/detail/${encodeURIComponent(order.sdk_order_id)}`,
    });
    await queue.complete(db, job, clock.now(), { sent: true });
  }

  return {
    /** Runs one claimed job; a failure is recorded on the job (retry with backoff, then dead). */
    async run(job: Job): Promise<void> {
      try {
        const handler =
          job.kind === 'deliver'
            ? deliver
            : job.kind === 'receipt'
              ? receipt
              : deps.handlers?.[job.kind];
        if (handler === undefined) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job);
        countJob(job, 'done');
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const state = await queue.fail(job, clock.now(), message, {
          maxAttempts: config.worker.deliveryMaxAttempts,
          backoff: { baseMs: config.worker.backoffBaseMs, maxMs: config.worker.backoffMaxMs },
        });
        countJob(job, state === 'dead' ? 'dead' : 'failed');
        const level = state === 'dead' ? 'error' : 'warn';
        log[level](
          { err, job: job.id, kind: job.kind, attempts: job.attempts, state },
          state === 'dead' ? 'job moved to the dead-letter state' : 'job failed; will retry',
        );
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
