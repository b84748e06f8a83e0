// HC Point wallet (docs/product/hc-point.md#balances, docs/product/hc-point.md#balance ePointNum = basicNum + presentNum). Every movement is a
// double-entry transfer with an idempotency key (order id + operation), run inside the caller's
// transaction. creditHcPoint (HC Point pack top-up, rebates) first settles the account's open
// refund debts; debitHcPoint pays with HC Point; takeBackCredit reverses a credit on refund.
// Spending order: present first, then basic (docs/decisions/0015-hc-point-spending-order.md).
// Refund shortfalls and their settlement: docs/decisions/0019-refund-debt.md.
import { ErrorCode } from '@hc/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createWalletRepository, type PlayerBucket, type SystemAccount } from './wallet.repository';

export type LedgerAccount =
  { gameAccountId: number; kind: PlayerBucket } | { system: SystemAccount };

export interface TransferInput {
  idempotencyKey: string;
  kind: string;
  entries: Array<{ account: LedgerAccount; amount: number }>;
}

export interface TransferResult {
  /** false: a transfer with this idempotency key already exists; nothing moved. */
  applied: boolean;
}

export interface Balance {
  basicNum: number;
  presentNum: number;
}

/** A player balance below zero refused by the ledger's CHECK (migration 0004). */
export function isBalanceCheckViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    e.code === '23514' &&
    (e.constraint === 'ledger_accounts_balance_nonnegative' ||
      (typeof e.message === 'string' && e.message.includes('ledger_accounts_balance_nonnegative')))
  );
}

function requireAmount(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be an integer >= 0`);
}

/** Moves HC Point inside `trx`. A balance that would go below zero -> ePointNumInsufficient. */
export async function transfer(
  trx: Transaction<DB>,
  input: TransferInput,
): Promise<TransferResult> {
  const st = createWalletRepository(trx);
  const entries = input.entries.filter((e) => e.amount !== 0);
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amount)) throw new RangeError('ledger amounts are integers');
  }
  const players = new Map<number, Set<PlayerBucket>>();
  for (const { account } of entries) {
    if ('system' in account) continue;
    const set = players.get(account.gameAccountId) ?? new Set<PlayerBucket>();
    set.add(account.kind);
    players.set(account.gameAccountId, set);
  }
  for (const [gameAccountId, kinds] of players)
    await st.ensurePlayerAccounts(gameAccountId, [...kinds].sort());
  const transferId = await st.insertTransfer(input.idempotencyKey, input.kind);
  if (transferId === undefined) return { applied: false };
  const rows: Array<{ ledgerAccountId: number; amount: number }> = [];
  for (const e of entries)
    rows.push({ ledgerAccountId: await st.accountId(e.account), amount: e.amount });
  try {
    await st.insertEntries(transferId, rows);
  } catch (err) {
    if (isBalanceCheckViolation(err)) throw new AppError(ErrorCode.ePointNumInsufficient);
    throw err;
  }
  return { applied: true };
}

/** Ledger transfer kind of a debt settlement (shown as an expense in the HC Point records). */
export const DEBT_SETTLEMENT_KIND = 'debt_settlement';
/** Ledger transfer kind of a refund take-back. */
export const REFUND_KIND = 'refund';

/**
 * HC Point credited: basic from system_purchase, present (bonus/gift) from system_bonus. The
 * account's open refund debts are paid first, oldest first, in the same transaction (ADR 0019):
 * the full credit is booked, then a `debt_settlement` transfer (key `<key>:debt`, present first,
 * then basic) moves the owed part to system_refund, so the player keeps only the rest.
 */
export async function creditHcPoint(
  trx: Transaction<DB>,
  input: { gameAccountId: number; basic: number; present: number; idempotencyKey: string },
): Promise<TransferResult & { debtSettled: number }> {
  requireAmount(input.basic, 'basic');
  requireAmount(input.present, 'present');
  const { gameAccountId } = input;
  const st = createWalletRepository(trx);
  // Same lock order as every other movement: the player's buckets first, then their debts.
  await st.ensurePlayerAccounts(gameAccountId, ['basic', 'present']);
  await st.lockPlayerAccounts(gameAccountId);
  const credited = await transfer(trx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'credit',
    entries: [
      { account: { gameAccountId, kind: 'basic' }, amount: input.basic },
      { account: { system: 'system_purchase' }, amount: -input.basic },
      { account: { gameAccountId, kind: 'present' }, amount: input.present },
      { account: { system: 'system_bonus' }, amount: -input.present },
    ],
  });
  if (!credited.applied) return { applied: false, debtSettled: 0 };
  const debtSettled = await settleDebts(trx, gameAccountId, {
    basic: input.basic,
    present: input.present,
    idempotencyKey: `${input.idempotencyKey}:debt`,
  });
  return { applied: true, debtSettled };
}

/**
 * Pays open debts of the account (oldest first) out of HC Point that just arrived (`basic` and
 * `present` of the credit; never from older balance). Returns the amount settled.
 */
async function settleDebts(
  trx: Transaction<DB>,
  gameAccountId: number,
  arrived: { basic: number; present: number; idempotencyKey: string },
): Promise<number> {
  const available = arrived.basic + arrived.present;
  if (available === 0) return 0;
  const repo = createWalletRepository(trx);
  const debts = await repo.lockOpenDebts(gameAccountId);
  let left = available;
  const payments: Array<{ id: number; settled: number; done: boolean }> = [];
  for (const d of debts) {
    if (left === 0) break;
    const pay = Math.min(left, d.amount - d.settled);
    left -= pay;
    payments.push({
      id: Number(d.id),
      settled: d.settled + pay,
      done: d.settled + pay === d.amount,
    });
  }
  const total = available - left;
  if (total === 0) return 0;
  const fromPresent = Math.min(arrived.present, total);
  const fromBasic = total - fromPresent;
  const moved = await transfer(trx, {
    idempotencyKey: arrived.idempotencyKey,
    kind: DEBT_SETTLEMENT_KIND,
    entries: [
      { account: { gameAccountId, kind: 'present' }, amount: -fromPresent },
      { account: { gameAccountId, kind: 'basic' }, amount: -fromBasic },
      { account: { system: 'system_refund' }, amount: total },
    ],
  });
  if (!moved.applied) return 0;
  const now = new Date();
  for (const p of payments) await repo.setDebtSettled(p.id, p.settled, p.done ? now : null);
  return total;
}

export interface TakeBackResult {
  applied: boolean;
  /** Taken from each bucket. */
  basic: number;
  present: number;
  /** Owed but no longer there: recorded as a debt on the account (0: none). */
  shortfall: number;
}

/**
 * Refund of a credit (ADR 0019): takes back `basic` and `present` (what the credit gave) to
 * system_refund. Each bucket gives up to what it owes; what one bucket lacks is taken from the
 * other bucket's remaining balance; what is still missing (already spent) becomes a
 * `refund_shortfall` debt of the account for `orderId`. Balances never go below zero.
 */
export async function takeBackCredit(
  trx: Transaction<DB>,
  input: {
    gameAccountId: number;
    basic: number;
    present: number;
    idempotencyKey: string;
    orderId: number | null;
    now: Date;
  },
): Promise<TakeBackResult> {
  requireAmount(input.basic, 'basic');
  requireAmount(input.present, 'present');
  const st = createWalletRepository(trx);
  const { gameAccountId } = input;
  const none = { applied: false, basic: 0, present: 0, shortfall: 0 };
  if (await st.transferExists(input.idempotencyKey)) return none;
  await st.ensurePlayerAccounts(gameAccountId, ['basic', 'present']);
  const locked = await st.lockPlayerAccounts(gameAccountId);
  const haveBasic = locked.find((a) => a.kind === 'basic')?.balance ?? 0;
  const havePresent = locked.find((a) => a.kind === 'present')?.balance ?? 0;
  let basic = Math.min(haveBasic, input.basic);
  let present = Math.min(havePresent, input.present);
  let missing = input.basic + input.present - basic - present;
  const extraBasic = Math.min(haveBasic - basic, missing);
  basic += extraBasic;
  missing -= extraBasic;
  const extraPresent = Math.min(havePresent - present, missing);
  present += extraPresent;
  missing -= extraPresent;
  const moved = await transfer(trx, {
    idempotencyKey: input.idempotencyKey,
    kind: REFUND_KIND,
    entries: [
      { account: { gameAccountId, kind: 'basic' }, amount: -basic },
      { account: { gameAccountId, kind: 'present' }, amount: -present },
      { account: { system: 'system_refund' }, amount: basic + present },
    ],
  });
  if (!moved.applied) return none;
  if (missing > 0)
    await st.insertShortfallDebt({
      gameAccountId,
      orderId: input.orderId,
      amount: missing,
      now: input.now,
    });
  return { applied: true, basic, present, shortfall: missing };
}

/** What a transfer moved into (+) or out of (-) each bucket of one player; undefined: none. */
export async function playerMovement(
  db: Kysely<DB>,
  idempotencyKey: string,
  gameAccountId: number,
): Promise<{ basic: number; present: number } | undefined> {
  const repo = createWalletRepository(db);
  const rows = await repo.playerEntries(idempotencyKey, gameAccountId);
  if (!(await repo.transferExists(idempotencyKey))) return undefined;
  const out = { basic: 0, present: 0 };
  for (const r of rows)
    if (r.kind === 'basic' || r.kind === 'present') out[r.kind] += Number(r.amount);
  return out;
}

/**
 * Gives back exactly what a debit took (same buckets), from system_spend, e.g. an HC Point-paid
 * game pack refunded by an operator. Open debts are then settled from it like any credit.
 */
export async function reverseDebit(
  trx: Transaction<DB>,
  input: { gameAccountId: number; debitKey: string; idempotencyKey: string },
): Promise<TransferResult & { basic: number; present: number }> {
  const { gameAccountId } = input;
  const st = createWalletRepository(trx);
  await st.ensurePlayerAccounts(gameAccountId, ['basic', 'present']);
  await st.lockPlayerAccounts(gameAccountId);
  const taken = await playerMovement(trx, input.debitKey, gameAccountId);
  if (taken === undefined) return { applied: false, basic: 0, present: 0 };
  const basic = -taken.basic;
  const present = -taken.present;
  const moved = await transfer(trx, {
    idempotencyKey: input.idempotencyKey,
    kind: REFUND_KIND,
    entries: [
      { account: { gameAccountId, kind: 'basic' }, amount: basic },
      { account: { gameAccountId, kind: 'present' }, amount: present },
      { account: { system: 'system_spend' }, amount: -(basic + present) },
    ],
  });
  if (!moved.applied) return { applied: false, basic: 0, present: 0 };
  await settleDebts(trx, gameAccountId, {
    basic,
    present,
    idempotencyKey: `${input.idempotencyKey}:debt`,
  });
  return { applied: true, basic, present };
}

/**
 * Spends `amount`, present first, then basic; too little -> ePointNumInsufficient. Two round
 * trips (ADR 0023): the player's buckets are locked (with the key check), the split is computed
 * on those locked balances, then the transfer and its entries are written in one statement.
 * The entries move the shared system_spend balance, whose row lock every payment waits for until
 * COMMIT: callers run this last in their transaction, so the lock is held as briefly as possible.
 * `balance` is the player's balance after the call (unchanged when nothing moved), known from
 * the locked buckets without another read.
 */
export async function debitHcPointWithBalance(
  trx: Transaction<DB>,
  input: { gameAccountId: number; amount: number; idempotencyKey: string },
): Promise<TransferResult & { fromPresent: number; fromBasic: number; balance: Balance }> {
  requireAmount(input.amount, 'amount');
  if (input.amount === 0) throw new RangeError('amount must be > 0');
  const st = createWalletRepository(trx);
  const { accounts, keyUsed } = await st.lockPlayerAccountsAndCheckKey(
    input.gameAccountId,
    input.idempotencyKey,
  );
  const presentRow = accounts.find((a) => a.kind === 'present');
  const basicRow = accounts.find((a) => a.kind === 'basic');
  const present = presentRow?.balance ?? 0;
  const basic = basicRow?.balance ?? 0;
  const unchanged = {
    fromPresent: 0,
    fromBasic: 0,
    balance: { basicNum: basic, presentNum: present },
  };
  if (keyUsed) return { applied: false, ...unchanged };
  if (present + basic < input.amount) throw new AppError(ErrorCode.ePointNumInsufficient);
  const fromPresent = Math.min(present, input.amount);
  const fromBasic = input.amount - fromPresent;
  // A bucket gives something only when its balance is > 0, so its row exists.
  const entries: Array<
    ({ ledgerAccountId: number } | { system: SystemAccount }) & { amount: number }
  > = [];
  if (fromPresent > 0 && presentRow !== undefined)
    entries.push({ ledgerAccountId: presentRow.id, amount: -fromPresent });
  if (fromBasic > 0 && basicRow !== undefined)
    entries.push({ ledgerAccountId: basicRow.id, amount: -fromBasic });
  entries.push({ system: 'system_spend', amount: input.amount });
  let transferId: number | undefined;
  try {
    transferId = await st.insertTransferWithEntries(input.idempotencyKey, 'debit', entries);
  } catch (err) {
    if (isBalanceCheckViolation(err)) throw new AppError(ErrorCode.ePointNumInsufficient);
    throw err;
  }
  if (transferId === undefined) return { applied: false, ...unchanged };
  return {
    applied: true,
    fromPresent,
    fromBasic,
    balance: { basicNum: basic - fromBasic, presentNum: present - fromPresent },
  };
}

/** debitHcPointWithBalance without the balance. */
export async function debitHcPoint(
  trx: Transaction<DB>,
  input: { gameAccountId: number; amount: number; idempotencyKey: string },
): Promise<TransferResult & { fromPresent: number; fromBasic: number }> {
  const { applied, fromPresent, fromBasic } = await debitHcPointWithBalance(trx, input);
  return { applied, fromPresent, fromBasic };
}

export function createWalletService(deps: { db: Kysely<DB> }) {
  const repo = createWalletRepository(deps.db);
  return {
    /** docs/product/api.md#hc-point-calls e-point balance: 0/0 before the first movement. */
    async getBalance(gameAccountId: number): Promise<Balance> {
      const b = await repo.balances(gameAccountId);
      return { basicNum: b.basic ?? 0, presentNum: b.present ?? 0 };
    },
    /** Open refund debt of the account (sum of unsettled parts). */
    async openDebt(gameAccountId: number): Promise<number> {
      const rows = await repo.debts(gameAccountId);
      return rows.reduce((sum, r) => sum + r.amount - r.settled, 0);
    },
    transfer,
    creditHcPoint,
    debitHcPoint,
    takeBackCredit,
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
