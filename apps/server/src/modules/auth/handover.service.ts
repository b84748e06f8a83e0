// Single-use hand-over tickets (docs/product/session.md#hand-over `?hctoken=`): the game client (sdk/ticket/get), the
// social callbacks and a game's backend (Publisher API handover/create, for its own player id,
// ADR 0042) issue one; /api/user/tmpWebTokenLogin exchanges it for a session. Only the
// sha256 of a ticket is stored; a ticket lives 5 minutes and works once.
import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { createHandoverRepository } from './handover.repository';

export const TICKET_TTL_MS = 5 * 60_000;
const TICKET_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

/** The game player a game's ticket is for (ADR 0042). */
export interface TicketGamePlayer {
  gameId: number;
  uid: string;
  displayName: string | null;
  /** The publisher key that issued the ticket. */
  keyId: string;
}

/** A redeemed ticket: an account's, or a game player's (account found or made at exchange). */
export type RedeemedTicket =
  | { accountId: number; newLogin: boolean; game?: undefined; now: Date }
  | { accountId: null; newLogin: false; game: TicketGamePlayer; now: Date };

export function createHandoverService(deps: { db: Kysely<DB>; clock?: Clock }) {
  const clock = deps.clock ?? systemClock;
  const tickets = createHandoverRepository(deps.db);

  /**
   * The ticket's account or game player; marks it used in the same statement, so two concurrent
   * exchanges cannot both win. `db`: the pool or the caller's transaction (a game's ticket is
   * used in the transaction that binds its uid). Unknown, expired or used -> InvalidToken.
   */
  async function redeemWith(db: Kysely<DB>, ticket: string): Promise<RedeemedTicket> {
    if (!TICKET_PATTERN.test(ticket)) throw new AppError(ErrorCode.InvalidToken);
    const now = clock.now();
    const row = await createHandoverRepository(db).use(hashTicket(ticket), now);
    if (row === undefined) throw new AppError(ErrorCode.InvalidToken);
    if (row.account_id !== null)
      return { accountId: Number(row.account_id), newLogin: row.new_login, now };
    if (row.game_id === null || row.uid === null) throw new AppError(ErrorCode.InvalidToken);
    return {
      accountId: null,
      newLogin: false,
      now,
      game: {
        gameId: row.game_id,
        uid: row.uid,
        displayName: row.display_name,
        keyId: row.key_id ?? 'unknown',
      },
    };
  }

  /** An account's ticket (see redeemWith); a game player's ticket is refused here. */
  async function redeem(ticket: string): Promise<{ accountId: number; newLogin: boolean }> {
    const r = await redeemWith(deps.db, ticket);
    if (r.accountId === null) throw new AppError(ErrorCode.InvalidToken);
    return { accountId: r.accountId, newLogin: r.newLogin };
  }

  return {
    /**
     * A new 256-bit base64url ticket for the account, valid 5 minutes, usable once.
     * `newLogin: true` (social sign-in) makes the exchange count as a new login, which ends the
     * account's other sessions when SESSION_SINGLE_DEVICE is on; the game-client hand-over
     * (default false) keeps the game's own session alive.
     */
    async issue(accountId: number, options: { newLogin?: boolean } = {}): Promise<string> {
      const ticket = randomBytes(32).toString('base64url');
      const now = clock.now();
      await tickets.insert({
        accountId,
        ticketHash: hashTicket(ticket),
        newLogin: options.newLogin ?? false,
        now,
        expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
      });
      return ticket;
    },

    /**
     * A ticket for the game's player `uid` (Publisher API handover/create): exchanging it signs in
     * the account bound to the uid then, or a new account bound to it (login.service.ts).
     */
    async issueForGame(player: TicketGamePlayer): Promise<{ ticket: string; expiresAt: Date }> {
      const ticket = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
      await tickets.insertForGame({
        ...player,
        ticketHash: hashTicket(ticket),
        now,
        expiresAt,
      });
      return { ticket, expiresAt };
    },

    /** When a ticket issued at `issuedAt` expires (for the sdk/ticket/get result). */
    expiryOf(issuedAt: Date): Date {
      return new Date(issuedAt.getTime() + TICKET_TTL_MS);
    },

    redeem,
    redeemWith,

    /** The ticket's account id (see redeem). */
    async exchange(ticket: string): Promise<number> {
      return (await redeem(ticket)).accountId;
    },

    /** Maintenance: drop tickets that expired more than a day ago. */
    async purgeExpired(): Promise<void> {
      const cutoff = new Date(clock.now().getTime() - 86_400_000);
      await tickets.deleteExpiredBefore(cutoff);
    },
  };
}

export type HandoverService = ReturnType<typeof createHandoverService>;
