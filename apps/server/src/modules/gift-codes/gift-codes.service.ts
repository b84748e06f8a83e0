// Redeeming gift codes and creating batches (docs/product/content.md#redeem-codes, docs/product/content.md#home "Redeem Code").
// A redemption checks the code, then the server and role with the game, then in ONE transaction
// locks the code and batch rows and applies the rules, records the redemption, counts it and
// enqueues the 'redeem' delivery job (the worker sends the pack, gift-codes.delivery.ts).
//
// Rules, in this order (each failure counts for the throttle, gift-codes.throttle.ts):
// - not [A-Z0-9]{6,32} after normalising, or no such code   -> RedeemCodeInvalid (no DB lookup
//   for a wrong shape)
// - the code's batch belongs to another game than the request's -> RedeemWrongGame
// - the batch has expired (expires_at <= now)                 -> RedeemCodeExpired
// - this account reached the batch's per-account limit, or already redeemed this single-use
//   code                                                       -> RedeemLimitReached
// - a single-use code redeemed by someone else, or the batch's total cap reached
//                                                              -> RedeemCodeUsed
// Server or role not the player's -> RoleNotFound; server in maintenance -> serverMaintenance.
import { ErrorCode, type ErrorCodeValue, type Language, type RedeemResult } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findServerAndRole, type GameLog } from '../games/games.service';
import { enqueueJob } from '../../jobs/queue';
import { creditHcPoint } from '../wallet/wallet.service';
import { generateCode, hashCode, isWellFormedCode, normaliseGiftCode } from './gift-codes.codes';
import { createGiftCodesRepository, type NewBatch } from './gift-codes.repository';
import { createGiftCodeThrottle } from './gift-codes.throttle';

/** Outcomes that count as a failed attempt for the brute-force throttle. */
const COUNTED: ReadonlySet<ErrorCodeValue> = new Set([
  ErrorCode.RedeemCodeInvalid,
  ErrorCode.RedeemCodeExpired,
  ErrorCode.RedeemCodeUsed,
  ErrorCode.RedeemLimitReached,
  ErrorCode.RedeemWrongGame,
]);

/** The delivery id the game dedupes on, also the redemption id shown to the player. */
export function redemptionDeliveryId(id: number): string {
  return `redeem:${id}`;
}

export interface RedeemInput {
  accountId: number;
  /** The request's game (gameid header) and the player's game account there. */
  gameId: number;
  gameAccountId: number;
  ip: string;
  code: string;
  serverId: number;
  roleId: string;
  log?: GameLog;
  /** The request's language: the maintenance message's (docs/console.md#games-and-servers). */
  language?: Language;
}

export interface CreateBatchInput {
  gameId: number;
  /** cp_goods_id of a game pack of the game (active or not). */
  product: string;
  kind: 'single' | 'shared';
  /** single: how many codes to generate. shared: ignored (one code). */
  count: number;
  /** shared: the code players type (e.g. WELCOME2026); default a generated one. */
  code?: string;
  name: string;
  expiresAt: Date | null;
  totalCap: number | null;
  perAccountLimit: number;
}

/** The reward name of an HC Point campaign (the player web shows it as is). */
export const HC_POINT_REWARD_NAME = 'HC Point';

/** Codes per single-use batch at most (one CLI run). */
export const MAX_BATCH_CODES = 100_000;

/** Bad batch parameters (the CLI shows the message). */
export class BatchInputError extends Error {}

export function createGiftCodeService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  gateway: GameGateway;
}) {
  const { db, clock, gateway } = deps;
  const repo = createGiftCodesRepository(db);
  const throttle = createGiftCodeThrottle({ db, repo, clock });

  /** The rules above, once the attempt is counted (redeem below keeps or releases it). */
  async function redeemCounted(input: RedeemInput): Promise<RedeemResult> {
    const code = normaliseGiftCode(input.code);
    if (!isWellFormedCode(code)) throw new AppError(ErrorCode.RedeemCodeInvalid);
    const hash = hashCode(code);
    const found = await repo.codeByHash(hash);
    if (found === undefined) throw new AppError(ErrorCode.RedeemCodeInvalid);
    const foundBatch = await repo.batchById(found.batch_id);
    if (foundBatch?.game_id !== input.gameId) throw new AppError(ErrorCode.RedeemWrongGame);
    // Asked before the transaction: no row stays locked during a call to the game.
    const { server, role } = await findServerAndRole(
      gateway,
      input.gameId,
      input.gameAccountId,
      input.serverId,
      input.roleId,
      input.log,
      input.language,
    );
    return db.transaction().execute(async (trx) => {
      const trxRepo = createGiftCodesRepository(trx);
      // Lock order everywhere: code, then batch.
      const row = await trxRepo.codeByHash(hash, { forUpdate: true });
      const batch = row && (await trxRepo.batchById(row.batch_id, { forUpdate: true }));
      if (row === undefined || batch === undefined) throw new AppError(ErrorCode.RedeemCodeInvalid);
      const now = clock.now();
      // A revoked code or campaign, or one whose window has not opened, is not a code yet.
      if (row.revoked_at !== null || batch.revoked_at !== null)
        throw new AppError(ErrorCode.RedeemCodeInvalid);
      if (batch.starts_at !== null && batch.starts_at.getTime() > now.getTime())
        throw new AppError(ErrorCode.RedeemCodeInvalid);
      if (batch.expires_at !== null && batch.expires_at.getTime() <= now.getTime())
        throw new AppError(ErrorCode.RedeemCodeExpired);
      const use = await trxRepo.accountUse(input.accountId, batch.id, row.id);
      if (use.inBatch >= batch.per_account_limit || (batch.kind === 'single' && use.ofCode > 0))
        throw new AppError(ErrorCode.RedeemLimitReached);
      if (batch.kind === 'single' && row.uses > 0) throw new AppError(ErrorCode.RedeemCodeUsed);
      if (batch.total_cap !== null && batch.redeemed >= batch.total_cap)
        throw new AppError(ErrorCode.RedeemCodeUsed);
      const pack = batch.product_id === null ? undefined : await trxRepo.packById(batch.product_id);
      if (batch.points === null && (pack === undefined || pack.items.length === 0))
        throw new Error(`redeem batch ${batch.id}: product ${batch.product_id} has no items`);
      const id = await trxRepo.nextRedemptionId();
      const deliveryId = redemptionDeliveryId(id);
      await trxRepo.insertRedemption({
        id,
        code_id: row.id,
        batch_id: batch.id,
        account_id: input.accountId,
        game_account_id: input.gameAccountId,
        server_id: server.server_id,
        server_name: server.server_name,
        role_id: role.role_id,
        role_name: role.role_name,
        delivery_id: deliveryId,
        createdAt: now,
      });
      await trxRepo.countUse(row.id, batch.id);
      if (batch.points !== null) {
        // An HC Point campaign credits the wallet here, in this transaction: nothing to send.
        await creditHcPoint(trx, {
          gameAccountId: input.gameAccountId,
          basic: 0,
          present: batch.points,
          idempotencyKey: deliveryId,
        });
        await trxRepo.markDelivered(id, now);
      } else {
        // The items are snapshotted on the job: a later edit of the pack changes nothing here.
        await enqueueJob(trx, {
          kind: 'redeem',
          dedupeKey: deliveryId,
          payload: { redemptionId: id, items: pack?.items ?? [] },
          runAt: now,
        });
      }
      await trxRepo.recordAttempt({
        accountId: input.accountId,
        ip: input.ip,
        success: true,
        at: now,
      });
      return {
        redemption_id: deliveryId,
        rewards:
          batch.points !== null
            ? [{ name: HC_POINT_REWARD_NAME, count: batch.points }]
            : (pack?.items ?? []).map((i) => ({ name: i.name, count: i.count })),
      };
    });
  }

  return {
    /**
     * The attempt is counted before the code is looked up (so concurrent guesses cannot pass
     * the limit); only a failed guess keeps the count.
     */
    async redeem(input: RedeemInput): Promise<RedeemResult> {
      const hit = await throttle.begin(input.accountId, input.ip);
      let guessFailed = false;
      try {
        return await redeemCounted(input);
      } catch (err) {
        // A failed guess: the count stays and the attempt is logged against account and IP.
        guessFailed = err instanceof AppError && COUNTED.has(err.code);
        if (guessFailed) await throttle.fail(input.accountId, input.ip);
        throw err;
      } finally {
        if (!guessFailed) await hit.release();
      }
    },
  };
}

export type GiftCodeService = ReturnType<typeof createGiftCodeService>;

/**
 * A new batch and its codes (operator CLI, demo seed). Returns the plain codes: they are
 * stored only hashed, so this is the one time they can be printed.
 */
export async function createGiftCodeBatch(
  conn: Kysely<DB>,
  input: CreateBatchInput,
  now: Date,
): Promise<{ batchId: number; codes: string[] }> {
  const repo = createGiftCodesRepository(conn);
  const pack = await repo.packByGoodsId(input.gameId, input.product);
  if (pack === undefined)
    throw new BatchInputError(
      `no game pack '${input.product}' in game ${input.gameId} (products of kind 'game')`,
    );
  if (pack.items.length === 0) throw new BatchInputError(`pack '${input.product}' has no items`);
  let codes: string[];
  if (input.kind === 'shared') {
    const given = input.code === undefined ? generateCode() : input.code;
    if (!isWellFormedCode(normaliseGiftCode(given)))
      throw new BatchInputError('a code is 6 to 32 letters A-Z and digits (dashes allowed)');
    codes = [given];
  } else {
    if (input.code !== undefined)
      throw new BatchInputError('--code is for shared batches; single-use codes are generated');
    if (!Number.isSafeInteger(input.count) || input.count < 1 || input.count > MAX_BATCH_CODES)
      throw new BatchInputError(`--count is 1 to ${MAX_BATCH_CODES}`);
    codes = Array.from({ length: input.count }, () => generateCode());
  }
  const hashes = codes.map(hashCode);
  if (new Set(hashes).size !== hashes.length)
    throw new BatchInputError('duplicate code generated; run again');
  if ((await repo.existingHashes(hashes)).size > 0)
    throw new BatchInputError('a code of this batch already exists');
  const batch: NewBatch = {
    gameId: input.gameId,
    name: input.name,
    kind: input.kind,
    productId: pack.id,
    expiresAt: input.expiresAt,
    totalCap: input.totalCap,
    perAccountLimit: input.perAccountLimit,
  };
  const run = async (trx: Kysely<DB>) => {
    const trxRepo = createGiftCodesRepository(trx);
    const batchId = await trxRepo.insertBatch(batch, now);
    await trxRepo.insertCodes(batchId, hashes, now);
    return batchId;
  };
  const batchId = conn.isTransaction ? await run(conn) : await conn.transaction().execute(run);
  return { batchId, codes };
}
