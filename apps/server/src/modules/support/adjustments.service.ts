// HC Point adjustments by operators (docs/console.md#hc-point-adjustments, ADR 0052). An
// adjustment is a ledger transfer between the game account and the `system_adjustment` account
// (key `adjustment:<id>`), never a balance edit: a credit goes to the present bucket, a debit
// takes present first, then basic, and never below zero. The console's idempotency key makes a
// retried request answer the same adjustment. Above the approval threshold the adjustment waits
// (pending) for a second, different operator; approving applies the transfer in the transaction
// that marks it approved. Every step writes an audit row targeting `account:<id>`.
import { ErrorCode, toUnixSeconds, type Adjustment } from '@hc/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createAuditRepository } from '../audit/audit.repository';
import type { ConsoleActor } from '../games/games-console.service';
import { createWalletRepository } from '../wallet/wallet.repository';
import { transfer } from '../wallet/wallet.service';
import {
  createAdjustmentsRepository,
  type AdjustmentRow,
  type ListedRow,
} from './adjustments.repository';
import { accountTarget, keysetPage } from './players-support.service';

export const ADJUSTMENT_TRANSFER_KIND = 'adjustment';
export const adjustmentKey = (id: number) => `adjustment:${id}`;

export interface AdjustmentInput {
  accountId: number;
  gameAccountId: number;
  direction: 'credit' | 'debit';
  amount: number;
  reason: string;
  idempotencyKey: string;
}

const ts = (d: Date | null) => (d === null ? null : toUnixSeconds(d));

function toAdjustment(r: ListedRow): Adjustment {
  const amount = Number(r.amount);
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    account: r.account,
    gameAccountId: Number(r.game_account_id),
    gameId: r.game_id,
    uid: r.uid,
    direction: amount > 0 ? 'credit' : 'debit',
    amount: Math.abs(amount),
    reason: r.reason,
    status: r.status,
    requestedBy: r.requested_by,
    requestedAt: toUnixSeconds(r.requested_at),
    decidedBy: r.decided_by,
    decidedAt: ts(r.decided_at),
    decisionNote: r.decision_note,
    balance: Number(r.balance),
  };
}

/**
 * Books an adjustment's transfer inside `trx`; answers the balance (basic + present) before and
 * after. A debit larger than the balance -> AdjustmentBalanceTooLow, nothing moved.
 */
async function applyTransfer(
  trx: Transaction<DB>,
  adj: { id: number; gameAccountId: number; amount: number },
): Promise<{ before: number; after: number }> {
  const gameAccountId = adj.gameAccountId;
  const st = createWalletRepository(trx);
  // The player's buckets are locked first, in id order, like every other movement.
  await st.ensurePlayerAccounts(gameAccountId, ['basic', 'present']);
  const locked = await st.lockPlayerAccounts(gameAccountId);
  const basic = locked.find((a) => a.kind === 'basic')?.balance ?? 0;
  const present = locked.find((a) => a.kind === 'present')?.balance ?? 0;
  const before = basic + present;
  let entries;
  if (adj.amount > 0) {
    entries = [
      { account: { gameAccountId, kind: 'present' as const }, amount: adj.amount },
      { account: { system: 'system_adjustment' as const }, amount: -adj.amount },
    ];
  } else {
    const take = -adj.amount;
    if (take > before) throw new AppError(ErrorCode.AdjustmentBalanceTooLow, { balance: before });
    const fromPresent = Math.min(present, take);
    entries = [
      { account: { gameAccountId, kind: 'present' as const }, amount: -fromPresent },
      { account: { gameAccountId, kind: 'basic' as const }, amount: -(take - fromPresent) },
      { account: { system: 'system_adjustment' as const }, amount: take },
    ];
  }
  try {
    await transfer(trx, {
      idempotencyKey: adjustmentKey(adj.id),
      kind: ADJUSTMENT_TRANSFER_KIND,
      entries,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.ePointNumInsufficient)
      throw new AppError(ErrorCode.AdjustmentBalanceTooLow, { balance: before });
    throw err;
  }
  return { before, after: before + adj.amount };
}

export function createAdjustmentsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  /** Adjustments above this many HC Point wait for a second operator. */
  approvalThreshold: number;
}) {
  const { db, clock } = deps;

  async function one(trx: Kysely<DB>, id: number): Promise<Adjustment> {
    const r = await createAdjustmentsRepository(trx).byId(id);
    if (r === undefined) throw new AppError(ErrorCode.AdjustmentNotFound);
    return toAdjustment(r);
  }

  function audit(
    trx: Kysely<DB>,
    actor: ConsoleActor,
    accountId: number,
    action: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
    at: Date,
  ) {
    return createAuditRepository(trx).append({
      actorKind: actor.kind,
      actor: actor.name,
      ip: actor.ip ?? null,
      action,
      target: accountTarget(accountId),
      before,
      after,
      at,
    });
  }

  async function decide(
    id: number,
    verdict: 'applied' | 'rejected',
    note: string | undefined,
    actor: ConsoleActor,
  ): Promise<Adjustment> {
    return db.transaction().execute(async (trx) => {
      const adjustments = createAdjustmentsRepository(trx);
      const row = await adjustments.lockById(id);
      if (row === undefined) throw new AppError(ErrorCode.AdjustmentNotFound);
      if (row.status !== 'pending')
        throw new AppError(ErrorCode.AdjustmentNotPending, { status: row.status });
      if (row.requested_by === actor.name) throw new AppError(ErrorCode.AdjustmentSelfApproval);
      const now = clock.now();
      const moved =
        verdict === 'applied'
          ? await applyTransfer(trx, {
              id: Number(row.id),
              gameAccountId: Number(row.game_account_id),
              amount: Number(row.amount),
            })
          : undefined;
      await adjustments.decide(id, {
        status: verdict,
        by: actor.name,
        at: now,
        note: note ?? null,
      });
      await audit(
        trx,
        actor,
        Number(row.account_id),
        verdict === 'applied' ? 'hc_adjustment.approve' : 'hc_adjustment.reject',
        { adjustmentId: id, status: 'pending', ...(moved && { balance: moved.before }) },
        {
          adjustmentId: id,
          status: verdict,
          ...(moved && { balance: moved.after }),
          ...(note !== undefined && { note }),
        },
        now,
      );
      return one(trx, id);
    });
  }

  return {
    approvalThreshold: deps.approvalThreshold,

    async create(input: AdjustmentInput, actor: ConsoleActor): Promise<Adjustment> {
      const amount = input.direction === 'credit' ? input.amount : -input.amount;
      const same = (r: AdjustmentRow) =>
        Number(r.account_id) === input.accountId &&
        Number(r.game_account_id) === input.gameAccountId &&
        Number(r.amount) === amount &&
        r.reason === input.reason;
      const replay = async (trx: Kysely<DB>) => {
        const r = await createAdjustmentsRepository(trx).byIdempotencyKey(input.idempotencyKey);
        if (r === undefined) return undefined;
        if (!same(r)) throw new AppError(ErrorCode.AdjustmentKeyReused);
        return one(trx, Number(r.id));
      };
      const earlier = await replay(db);
      if (earlier !== undefined) return earlier;
      return db.transaction().execute(async (trx) => {
        const adjustments = createAdjustmentsRepository(trx);
        if (!(await adjustments.gameAccountOfAccount(input.gameAccountId, input.accountId))) {
          const known = await adjustments.accountExists(input.accountId);
          throw new AppError(
            known ? ErrorCode.PlayerGameAccountNotFound : ErrorCode.PlayerNotFound,
          );
        }
        const now = clock.now();
        const pending = input.amount > deps.approvalThreshold;
        const id = await adjustments.insert({
          idempotency_key: input.idempotencyKey,
          account_id: input.accountId,
          game_account_id: input.gameAccountId,
          amount,
          reason: input.reason,
          status: pending ? 'pending' : 'applied',
          requested_by: actor.name,
          requested_at: now,
          decided_by: pending ? null : actor.name,
          decided_at: pending ? null : now,
        });
        // The same key committed by a concurrent request meanwhile: answer that one.
        if (id === undefined) {
          const raced = await replay(trx);
          if (raced === undefined) throw new Error('adjustment key conflict without a row');
          return raced;
        }
        let moved: { before: number; after: number } | undefined;
        if (pending) {
          // A debit the balance cannot cover now is refused at once (checked again on approval).
          if (amount < 0) {
            const b = await createWalletRepository(trx).balances(input.gameAccountId);
            const balance = (b.basic ?? 0) + (b.present ?? 0);
            if (-amount > balance)
              throw new AppError(ErrorCode.AdjustmentBalanceTooLow, { balance });
          }
        } else {
          moved = await applyTransfer(trx, { id, gameAccountId: input.gameAccountId, amount });
        }
        await audit(
          trx,
          actor,
          input.accountId,
          'hc_adjustment.create',
          moved === undefined ? null : { balance: moved.before },
          {
            adjustmentId: id,
            gameAccountId: input.gameAccountId,
            direction: input.direction,
            amount: input.amount,
            reason: input.reason,
            status: pending ? 'pending' : 'applied',
            ...(moved && { balance: moved.after }),
          },
          now,
        );
        return one(trx, id);
      });
    },

    async list(body: {
      status?: Adjustment['status'] | undefined;
      accountId?: number | undefined;
      cursor?: number | undefined;
      size: number;
    }) {
      const rows = await createAdjustmentsRepository(db).list({
        status: body.status,
        accountId: body.accountId,
        cursor: body.cursor,
        limit: body.size + 1,
      });
      return keysetPage(rows.map(toAdjustment), body.size, (r) => r.id);
    },

    approve: (id: number, note: string | undefined, actor: ConsoleActor) =>
      decide(id, 'applied', note, actor),
    reject: (id: number, note: string | undefined, actor: ConsoleActor) =>
      decide(id, 'rejected', note, actor),
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
