// HC Point wallet (DESIGN §5, SPEC §3 ePointNum = basicNum + presentNum). Every movement is a
// double-entry transfer with an idempotency key (order id + operation), run inside the caller's
// transaction. Later issues call creditHcPoint (HC Point pack top-up) and debitHcPoint (pay
// with HC Point); refunds use transfer() with their own keys.
// Spending order: present first, then basic (docs/decisions/0015-hc-point-spending-order.md).
import { ErrorCode } from '@hc/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  createWalletRepository,
  walletStatements,
  type PlayerBucket,
  type SystemAccount,
} from './wallet.repository';

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

function isBalanceCheckViolation(err: unknown): boolean {
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
  const st = walletStatements(trx);
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

/** HC Point pack paid: basic from system_purchase, present (bonus/gift) from system_bonus. */
export function creditHcPoint(
  trx: Transaction<DB>,
  input: { gameAccountId: number; basic: number; present: number; idempotencyKey: string },
): Promise<TransferResult> {
  requireAmount(input.basic, 'basic');
  requireAmount(input.present, 'present');
  const { gameAccountId } = input;
  return transfer(trx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'credit',
    entries: [
      { account: { gameAccountId, kind: 'basic' }, amount: input.basic },
      { account: { system: 'system_purchase' }, amount: -input.basic },
      { account: { gameAccountId, kind: 'present' }, amount: input.present },
      { account: { system: 'system_bonus' }, amount: -input.present },
    ],
  });
}

/** Spends `amount`, present first, then basic; too little -> ePointNumInsufficient. */
export async function debitHcPoint(
  trx: Transaction<DB>,
  input: { gameAccountId: number; amount: number; idempotencyKey: string },
): Promise<TransferResult & { fromPresent: number; fromBasic: number }> {
  requireAmount(input.amount, 'amount');
  if (input.amount === 0) throw new RangeError('amount must be > 0');
  const st = walletStatements(trx);
  const { gameAccountId } = input;
  if (await st.transferExists(input.idempotencyKey))
    return { applied: false, fromPresent: 0, fromBasic: 0 };
  // Lock both buckets first, so the split is computed on balances no one else can change.
  await st.ensurePlayerAccounts(gameAccountId, ['basic', 'present']);
  const locked = await st.lockPlayerAccounts(gameAccountId);
  const present = locked.find((a) => a.kind === 'present')?.balance ?? 0;
  const basic = locked.find((a) => a.kind === 'basic')?.balance ?? 0;
  if (present + basic < input.amount) throw new AppError(ErrorCode.ePointNumInsufficient);
  const fromPresent = Math.min(present, input.amount);
  const fromBasic = input.amount - fromPresent;
  const result = await transfer(trx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'debit',
    entries: [
      { account: { gameAccountId, kind: 'present' }, amount: -fromPresent },
      { account: { gameAccountId, kind: 'basic' }, amount: -fromBasic },
      { account: { system: 'system_spend' }, amount: input.amount },
    ],
  });
  return result.applied
    ? { applied: true, fromPresent, fromBasic }
    : { ...result, fromPresent: 0, fromBasic: 0 };
}

export function createWalletService(deps: { db: Kysely<DB> }) {
  const repo = createWalletRepository(deps.db);
  return {
    /** SPEC §7 e-point balance: 0/0 before the first movement. */
    async getBalance(gameAccountId: number): Promise<Balance> {
      const b = await repo.balances(gameAccountId);
      return { basicNum: b.basic ?? 0, presentNum: b.present ?? 0 };
    },
    transfer,
    creditHcPoint,
    debitHcPoint,
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
