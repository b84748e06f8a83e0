// The worker's 'redeem' job (ARCHITECTURE.md#jobs-and-the-worker Delivery): sends a redemption's pack to
// the chosen role through the game gateway with delivery id `redeem:<n>` (the game applies each
// id once, so a retried or repeated job never gives twice), then marks the redemption delivered.
// A failure throws: the job retries with backoff like an order delivery, then goes dead.
import type { Kysely } from 'kysely';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { DB, PackItem } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Job, JobHandler, JobQueue } from '../../jobs/queue';
import { createGiftCodesRepository } from './gift-codes.repository';

function isPackItems(value: unknown): value is PackItem[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (i: unknown) =>
        typeof i === 'object' &&
        i !== null &&
        typeof (i as PackItem).item_id === 'string' &&
        typeof (i as PackItem).name === 'string' &&
        Number.isInteger((i as PackItem).count),
    )
  );
}

export function createGiftCodeDelivery(deps: {
  db: Kysely<DB>;
  queue: JobQueue;
  gateway: GameGateway;
  clock: Clock;
}): JobHandler {
  const { db, queue, gateway, clock } = deps;
  const repo = createGiftCodesRepository(db);

  return async (job: Job) => {
    const id = Number(job.payload.redemptionId);
    const redemption = Number.isSafeInteger(id) ? await repo.redemptionById(id) : undefined;
    if (redemption === undefined || redemption.status === 'delivered') {
      await queue.complete(db, job, clock.now(), { skipped: redemption?.status ?? 'missing' });
      return;
    }
    const batch = await repo.batchById(redemption.batch_id);
    if (batch === undefined) throw new Error(`redemption ${id}: batch missing`);
    // The pack as it was at redemption (the job's snapshot); older jobs fall back to the product.
    const items = isPackItems(job.payload.items)
      ? job.payload.items
      : batch.product_id === null
        ? undefined
        : (await repo.packById(batch.product_id))?.items;
    if (items === undefined || items.length === 0) throw new Error(`redemption ${id}: no items`);
    const result = await gateway.deliver(batch.game_id, {
      deliveryId: redemption.delivery_id,
      uid: redemption.game_account_id,
      serverId: redemption.server_id,
      roleId: redemption.role_id,
      items,
      orderId: redemption.delivery_id,
    });
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await createGiftCodesRepository(trx).markDelivered(redemption.id, now);
      await queue.complete(trx, job, now, result);
    });
  };
}
