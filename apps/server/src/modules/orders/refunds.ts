// Refunds (docs/decisions/0019-refund-debt.md, docs/game-gateway.md, docs/payments.md): what a refunded order does, in the transaction
// that moves it to 5 (refunded), and the worker's `takeback` job.
//
// - HC Point pack: the credited points are taken back (`<order>:refund`); what was already spent
//   becomes a flagged debt, settled from the account's next HC Point credits (ADR 0019).
// - Game pack: a rebate credited to present is taken back the same way; the items are taken back
//   from the game by a `takeback` job (gateway call `takeback`, idempotent on the delivery id).
// - A game pack paid with HC Point (operator refund only): the HC Point goes back to the wallet
//   (`<order>:epoint-refund`, exactly the buckets the payment took).
// Every step is keyed (transfer keys, job dedupe key, the status guard), so applying the same
// refund twice (webhook + operator CLI, or a replayed event) changes nothing the second time.
import { ServerOrderStatus } from '@hc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { GatewayError, type GameGateway } from '../../adapters/game-gateway/types';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { enqueueJob, type Job, type JobHandler, type JobQueue } from '../../jobs/queue';
import { playerMovement, reverseDebit, takeBackCredit } from '../wallet/wallet.service';
import { deliveryOf } from './delivery';
import { createOrdersRepository, type OrderRow } from './orders.repository';

const { Paid, Delivered, Refunded } = ServerOrderStatus;

/** Timeline notes of a refund (order_events.note). */
export type RefundNote = 'provider_refund' | 'operator_refund';

export interface RefundOutcome {
  /** false: the order was not paid/delivered (already refunded, unpaid, ...); nothing changed. */
  refunded: boolean;
  /** HC Point taken back from the wallet (coin pack credit or game pack rebate). */
  takenBack: number;
  /** HC Point owed but already spent: recorded in account_debts. */
  shortfall: number;
  /** HC Point given back to the wallet (game pack paid with HC Point). */
  returned: number;
  /** A take-back job was enqueued for the game. */
  takebackJob: boolean;
}

/**
 * Takes back what the order credited (coin pack: basic + present; game pack: its rebate), as
 * booked; what was already spent becomes a debt (ADR 0019).
 */
async function takeBackCredited(
  trx: Transaction<DB>,
  order: OrderRow,
  now: Date,
): Promise<{ takenBack: number; shortfall: number }> {
  const key = order.sdk_order_id;
  const gameAccountId = order.game_account_id;
  const credited =
    (await playerMovement(trx, `${key}:credit`, gameAccountId)) ??
    (await playerMovement(trx, `${key}:rebate`, gameAccountId));
  if (credited === undefined || credited.basic + credited.present <= 0)
    return { takenBack: 0, shortfall: 0 };
  const taken = await takeBackCredit(trx, {
    gameAccountId,
    basic: credited.basic,
    present: credited.present,
    idempotencyKey: `${key}:refund`,
    orderId: order.id,
    now,
  });
  return { takenBack: taken.basic + taken.present, shortfall: taken.shortfall };
}

/**
 * Moves a paid (6) or delivered (2) order to refunded (5) and does the follow-up work, inside
 * `trx` (the caller holds the order row locked FOR UPDATE).
 */
export async function refundOrder(
  trx: Transaction<DB>,
  order: OrderRow,
  now: Date,
  note: RefundNote,
): Promise<RefundOutcome> {
  const outcome: RefundOutcome = {
    refunded: false,
    takenBack: 0,
    shortfall: 0,
    returned: 0,
    takebackJob: false,
  };
  const wasDelivered = order.status === Delivered;
  const repo = createOrdersRepository(trx);
  const moved = await repo.transition(order, [Paid, Delivered], Refunded, now, { note });
  if (!moved) return outcome;
  outcome.refunded = true;
  const key = order.sdk_order_id;
  const gameAccountId = order.game_account_id;
  const taken = await takeBackCredited(trx, order, now);
  outcome.takenBack = taken.takenBack;
  outcome.shortfall = taken.shortfall;

  if (order.provider === 'epoint') {
    const back = await reverseDebit(trx, {
      gameAccountId,
      debitKey: `${key}:epoint-pay`,
      idempotencyKey: `${key}:epoint-refund`,
    });
    outcome.returned = back.basic + back.present;
  }

  if (order.kind === 'game') {
    // Delivered: the items are in the game. Still paid: the deliver job skips a refunded order,
    // but one already talking to the game may deliver anyway; the take-back job waits for it
    // and asks the game only when a delivery was (or may have been) made.
    outcome.takebackJob = await enqueueJob(trx, {
      kind: 'takeback',
      dedupeKey: `takeback:${key}`,
      orderId: order.id,
      payload: { wasDelivered },
      runAt: now,
    });
  }
  return outcome;
}

export interface TakebackDeps {
  db: Kysely<DB>;
  queue: JobQueue;
  gateway: GameGateway;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The worker's `takeback` handler: reverses a refunded game pack's delivery in the game. */
export function createTakebackHandler(deps: TakebackDeps): JobHandler {
  const { db, queue, gateway, clock, log } = deps;
  const repo = createOrdersRepository(db);

  return async (job: Job): Promise<void> => {
    const order = job.orderId === null ? undefined : await repo.byId(job.orderId);
    if (order === undefined || order.status !== Refunded || order.kind !== 'game') {
      await queue.complete(db, job, clock.now(), { skipped: order?.status ?? 'missing' });
      return;
    }
    const deliverJob = await repo.jobByDedupeKey(`deliver:${order.sdk_order_id}`);
    if (
      deliverJob !== undefined &&
      (deliverJob.state === 'pending' || deliverJob.state === 'running')
    )
      // Throwing retries later with backoff; by then the deliver job has run (and skipped).
      throw new Error('the delivery job has not finished yet; take-back waits for it');
    const result =
      typeof deliverJob?.result === 'string'
        ? (JSON.parse(deliverJob.result) as unknown)
        : deliverJob?.result;
    if (
      deliverJob?.state === 'done' &&
      typeof result === 'object' &&
      result !== null &&
      'skipped' in result
    ) {
      // The deliver job saw the order refunded and sent nothing: nothing to take back.
      await queue.complete(db, job, clock.now(), { skipped: 'not_delivered' });
      return;
    }
    try {
      const answer = await gateway.takeback(order.game_id, deliveryOf(order));
      if (answer.shortfall !== undefined && answer.shortfall.length > 0)
        log.warn(
          { order: order.sdk_order_id, shortfall: answer.shortfall },
          'take-back: the role no longer had some items',
        );
      await queue.complete(db, job, clock.now(), answer);
    } catch (err) {
      // A dead delivery job may never have reached the game: it has nothing to take back.
      if (err instanceof GatewayError && err.code === 'not_found') {
        await queue.complete(db, job, clock.now(), { skipped: 'not_delivered' });
        return;
      }
      throw err;
    }
  };
}
