// Player support in the console (docs/console.md#support-players, ADR 0052): find a player by
// login name, email, phone, game uid or order number; their profile, game accounts, sessions,
// orders, HC Point ledger, gift-code redemptions and the staff actions about them; lock, unlock,
// end sessions, send a password-reset code; personal data masked unless revealed (audited).
// Role `support` (owner always). Lists are keyset-paged: send the answer's `nextCursor` as `cursor`.
import { z } from 'zod';
import { defineCall } from '../call';
import { hcPoint, minorUnits, numericId, unixSeconds } from '../common';
import { builtOnFirstUse } from '../lazy';

export const PLAYER_SEARCH_KINDS = ['auto', 'account', 'email', 'phone', 'uid', 'order'] as const;
export type PlayerSearchKind = (typeof PLAYER_SEARCH_KINDS)[number];
/** Personal data fields shown masked until revealed. */
export const PLAYER_PERSONAL_FIELDS = ['email', 'phone', 'realName', 'idNumber'] as const;
export type PlayerPersonalField = (typeof PLAYER_PERSONAL_FIELDS)[number];

const spec = 'docs/console.md#support-players';
const tag = 'console' as const;
const roles = ['support'] as const;

/** Keyset paging: rows after `cursor` (exclusive), newest first. */
export const keysetQuery = {
  cursor: numericId.optional(),
  size: z.number().int().min(1).max(100).default(20),
};
/** A page of rows; `nextCursor` null on the last page. */
export function keysetPageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), nextCursor: numericId.nullable() });
}

export const playerRowSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    account: z.string(),
    /** Masked (a***@example.com), null when none. */
    email: z.string().nullable(),
    /** Masked (+8613*****12), null when none. */
    phone: z.string().nullable(),
    locked: z.boolean(),
    createdAt: unixSeconds,
    /** What the query matched. */
    matched: z.enum(['account', 'email', 'phone', 'uid', 'order']),
  }),
);
export type PlayerRow = z.infer<typeof playerRowSchema>;

export const playerGameAccountSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    gameId: z.number().int(),
    gameName: z.string(),
    uid: z.string(),
    displayName: z.string().nullable(),
    bound: z.boolean(),
    boundAt: unixSeconds,
    unboundAt: unixSeconds.nullable(),
    basicNum: hcPoint,
    presentNum: hcPoint,
  }),
);

export const playerSessionSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    createdAt: unixSeconds,
    lastSeenAt: unixSeconds,
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    remember: z.boolean(),
  }),
);

export const playerDetailSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    account: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** Real-name record, masked; null when none is saved. */
    realName: z.object({ name: z.string(), idNumber: z.string() }).nullable(),
    locked: z.boolean(),
    lockedAt: unixSeconds.nullable(),
    createdAt: unixSeconds,
    language: z.string().nullable(),
    deletionDueAt: unixSeconds.nullable(),
    erased: z.boolean(),
    socialProviders: z.array(z.string()),
    gameAccounts: z.array(playerGameAccountSchema),
    /** Live sessions (signed-in devices), newest first. */
    sessions: z.array(playerSessionSchema),
    /** Whether this operator may reveal personal data (owner, support). */
    canReveal: z.boolean(),
  }),
);
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

export const playerOrderSchema = builtOnFirstUse(() =>
  z.object({
    cursor: numericId,
    sdkOrderId: z.string(),
    gameId: z.number().int(),
    gameName: z.string(),
    itemName: z.string(),
    price: minorUnits,
    currency: z.string(),
    hcPrice: hcPoint.nullable(),
    channel: z.string(),
    /** Order status code (docs/product/orders.md). */
    status: z.number().int(),
    createdAt: unixSeconds,
    paidAt: unixSeconds.nullable(),
  }),
);

export const playerLedgerRowSchema = builtOnFirstUse(() =>
  z.object({
    cursor: numericId,
    /** The transfer's idempotency key (order number + operation, `adjustment:<id>`, …). */
    key: z.string(),
    kind: z.string(),
    /** Signed change of basic + present. */
    change: z.number().int(),
    basicChange: z.number().int(),
    presentChange: z.number().int(),
    /** basic + present after the movement. */
    balance: z.number().int(),
    at: unixSeconds,
  }),
);

export const playerRedemptionSchema = builtOnFirstUse(() =>
  z.object({
    cursor: numericId,
    campaignId: numericId,
    campaignName: z.string(),
    gameId: z.number().int(),
    serverName: z.string(),
    roleName: z.string(),
    status: z.string(),
    at: unixSeconds,
  }),
);

export const playerAuditRowSchema = builtOnFirstUse(() =>
  z.object({
    cursor: numericId,
    at: unixSeconds,
    actorKind: z.string(),
    actor: z.string(),
    ip: z.string().nullable(),
    action: z.string(),
    before: z.unknown(),
    after: z.unknown(),
  }),
);

const playerId = builtOnFirstUse(() => z.object({ id: numericId }));

export const consolePlayersSearch = defineCall({
  path: '/api/console/players/search',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      q: z.string().trim().min(1).max(254),
      kind: z.enum(PLAYER_SEARCH_KINDS).default('auto'),
      ...keysetQuery,
    }),
  result: () => keysetPageOf(playerRowSchema),
  summary: 'Players by login name (prefix), email, phone, game uid or order number',
  spec,
  chosen:
    'auto: an email when it has @, a phone when it is + and digits, else login name prefix, game uid and order number together. Newest account first.',
  tag,
});

export const consolePlayersGet = defineCall({
  path: '/api/console/players/get',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => playerId,
  result: () => playerDetailSchema,
  summary: 'A player: profile (masked), game accounts with HC Point, live sessions',
  spec,
  chosen: 'PlayerNotFound for an unknown id.',
  tag,
});

export const consolePlayersOrders = defineCall({
  path: '/api/console/players/orders',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ id: numericId, ...keysetQuery }),
  result: () => keysetPageOf(playerOrderSchema),
  summary: "A player's orders, newest first",
  spec,
  chosen: 'Keyset-paged on the order id.',
  tag,
});

export const consolePlayersLedger = defineCall({
  path: '/api/console/players/ledger',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ id: numericId, gameAccountId: numericId, ...keysetQuery }),
  result: () => keysetPageOf(playerLedgerRowSchema),
  summary: "The HC Point movements of one of a player's game accounts, newest first",
  spec,
  chosen: 'One row per ledger transfer; PlayerGameAccountNotFound when not the player’s.',
  tag,
});

export const consolePlayersRedemptions = defineCall({
  path: '/api/console/players/redemptions',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ id: numericId, ...keysetQuery }),
  result: () => keysetPageOf(playerRedemptionSchema),
  summary: "A player's gift-code redemptions, newest first",
  spec,
  chosen: 'The code itself is never shown (only its campaign).',
  tag,
});

export const consolePlayersAudit = defineCall({
  path: '/api/console/players/audit',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ id: numericId, ...keysetQuery }),
  result: () => keysetPageOf(playerAuditRowSchema),
  summary: 'Audit entries whose target is this player (account:<id>), newest first',
  spec,
  chosen: 'Staff, publisher and the player’s own actions on the account.',
  tag,
});

export const consolePlayersReveal = defineCall({
  path: '/api/console/players/reveal',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ id: numericId, field: z.enum(PLAYER_PERSONAL_FIELDS) }),
  result: () => z.object({ field: z.enum(PLAYER_PERSONAL_FIELDS), value: z.string() }),
  summary: 'One personal data field unmasked; the reveal is audited',
  spec,
  chosen:
    'A write: one audit row (player.reveal, the field name, never the value). PlayerFieldEmpty when the player has none.',
  tag,
});

export const consolePlayersLock = defineCall({
  path: '/api/console/players/lock',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      id: numericId,
      locked: z.boolean(),
      reason: z.string().trim().min(1).max(500),
    }),
  result: () => z.object({ locked: z.boolean(), sessionsEnded: z.number().int() }),
  summary: 'Locks (no sign-in, sessions end) or unlocks a player',
  spec,
  chosen: 'The same lock as the Publisher API’s disable (accounts.disabled_at); audited.',
  tag,
});

export const consolePlayersEndSessions = defineCall({
  path: '/api/console/players/sessions/end',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ id: numericId, sessionId: numericId.optional() }),
  result: () => z.object({ sessionsEnded: z.number().int() }),
  summary: "Ends one of a player's sessions, or all (no sessionId): its token stops working",
  spec,
  chosen: 'PlayerSessionNotFound when that session is not live; audited.',
  tag,
});

export const consolePlayersSendReset = defineCall({
  path: '/api/console/players/send-reset',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => playerId,
  result: () => z.object({ email: z.string(), expiresIn: z.number().int() }),
  summary: "Mails the player a password-reset code (the players' own reset flow)",
  spec,
  chosen:
    'The email is answered masked. PlayerNoEmail without an email; the code send limits apply (AuthCodeSendTooFrequently).',
  tag,
});
