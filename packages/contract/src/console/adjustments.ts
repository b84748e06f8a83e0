// HC Point adjustments in the console (docs/console.md#support-players, ADR 0052): an operator
// credits or debits a game account's HC Point with a reason, as a ledger transfer from the
// operator adjustment account. Above ADJUSTMENT_APPROVAL_THRESHOLD it waits for a second,
// different operator (support, finance or owner) to approve or reject it. The console sends a
// client-made UUID as `idempotencyKey`: the same request twice changes nothing the second time.
import { z } from 'zod';
import { defineCall } from '../call';
import { hcPoint, numericId, unixSeconds } from '../common';
import { keysetPageOf, keysetQuery } from './players';
import { builtOnFirstUse } from '../lazy';

export const ADJUSTMENT_STATUSES = ['pending', 'applied', 'rejected'] as const;
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
/** Largest amount of one adjustment. */
export const ADJUSTMENT_MAX = 10_000_000;

const spec = 'docs/console.md#hc-point-adjustments';
const tag = 'console' as const;

export const adjustmentSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    accountId: numericId,
    account: z.string(),
    gameAccountId: numericId,
    gameId: z.number().int(),
    uid: z.string(),
    direction: z.enum(ADJUSTMENT_DIRECTIONS),
    amount: hcPoint,
    reason: z.string(),
    status: z.enum(ADJUSTMENT_STATUSES),
    requestedBy: z.string(),
    requestedAt: unixSeconds,
    decidedBy: z.string().nullable(),
    decidedAt: unixSeconds.nullable(),
    decisionNote: z.string().nullable(),
    /** The game account's HC Point now (basic + present). */
    balance: hcPoint,
  }),
);
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const consoleAdjustmentsCreate = defineCall({
  path: '/api/console/adjustments/create',
  method: 'POST',
  auth: 'console',
  roles: ['support'],
  body: () =>
    z.object({
      accountId: numericId,
      gameAccountId: numericId,
      direction: z.enum(ADJUSTMENT_DIRECTIONS),
      amount: z.number().int().min(1).max(ADJUSTMENT_MAX),
      reason: z.string().trim().min(3).max(500),
      idempotencyKey: z
        .string()
        .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/)
        .describe('A UUID made by the console for this request'),
    }),
  result: () => adjustmentSchema,
  summary: 'Credits or debits HC Point (applied now, or pending above the threshold)',
  spec,
  chosen:
    'A credit goes to the present bucket; a debit takes present first, then basic. AdjustmentBalanceTooLow when the balance is short (nothing changes). The same idempotencyKey answers the same adjustment; with other values AdjustmentKeyReused.',
  tag,
});

export const consoleAdjustmentsList = defineCall({
  path: '/api/console/adjustments/list',
  method: 'POST',
  auth: 'console',
  roles: ['support', 'finance'],
  body: () =>
    z.object({
      status: z.enum(ADJUSTMENT_STATUSES).optional(),
      accountId: numericId.optional(),
      ...keysetQuery,
    }),
  result: () => keysetPageOf(adjustmentSchema),
  summary: 'Adjustments, newest first (status pending: the approvals list)',
  spec,
  chosen: 'Keyset-paged on the adjustment id.',
  tag,
});

const decision = builtOnFirstUse(() =>
  z.object({ id: numericId, note: z.string().trim().max(500).optional() }),
);

export const consoleAdjustmentsApprove = defineCall({
  path: '/api/console/adjustments/approve',
  method: 'POST',
  auth: 'console',
  roles: ['support', 'finance'],
  body: () => decision,
  result: () => adjustmentSchema,
  summary: 'Approves a pending adjustment: its transfer is applied in the same transaction',
  spec,
  chosen:
    'AdjustmentSelfApproval for the operator who asked for it; AdjustmentNotPending once decided; AdjustmentBalanceTooLow when a debit no longer fits (it stays pending).',
  tag,
});

export const consoleAdjustmentsReject = defineCall({
  path: '/api/console/adjustments/reject',
  method: 'POST',
  auth: 'console',
  roles: ['support', 'finance'],
  body: () => decision,
  result: () => adjustmentSchema,
  summary: 'Rejects a pending adjustment: nothing moves',
  spec,
  chosen: 'AdjustmentSelfApproval for the operator who asked for it.',
  tag,
});
