// How a game's players arrive on the portal (ADR 0042, docs/publisher-api.md):
// - handover/create: a hand-over ticket for the game's uid; exchanging it (login.service.ts)
//   signs in the account bound to the uid, or makes one and binds it (accountForGameTicket), in
//   the transaction that uses the ticket.
// - link-codes/create: a one-time code the game shows; a player signed in on the web another way
//   binds the uid with it (bindByLinkCode). 8 characters of an unambiguous alphabet, 10 minutes,
//   single use, stored as an HMAC under CODE_HASH_SECRET; a new code for a uid ends its earlier
//   unused ones. Wrong codes are counted per account (5 in 15 minutes) and per IP (30), on the
//   shared throttle (lib/throttle.ts): a code is guessed, never enumerated.
// Both Publisher API calls ask the game (gateway `validate`) first, outside any transaction, and
// are audited like the other publisher writes; the bind is audited under the key that issued the
// code (the game vouched for the player through it).
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  ErrorCode,
  LINK_CODE_ALPHABET,
  LINK_CODE_LENGTH,
  normaliseLinkCode,
  toUnixSeconds,
} from '@hc/contract';
import type { Kysely, Transaction } from 'kysely';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createThrottle } from '../../lib/throttle';
import type { PublisherCaller } from '../../plugins/register-call';
import { createAuditRepository } from '../audit/audit.repository';
import type { HandoverService, TicketGamePlayer } from '../auth/handover.service';
import { viaGateway, type GameLog } from '../games/games.service';
import { createLinkCodesRepository } from './link-codes.repository';
import { createPlayersRepository } from './players.repository';

export const LINK_CODE_POLICY = {
  ttlMs: 10 * 60_000,
  windowMs: 15 * 60_000,
  perAccount: 5,
  perIp: 30,
} as const;

export interface ArrivalContext {
  caller: PublisherCaller;
  ip: string;
  log?: GameLog;
}

export interface ArrivalServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  gateway: GameGateway;
  handover: HandoverService;
  /** HMAC key of stored link codes (CODE_HASH_SECRET). */
  pepper: string;
  /** The portal's external origin: the hand-over link. */
  publicBaseUrl: string;
}

/** Where a game's hand-over link lands: the top-up page (the web's route), signed in. */
export const HANDOVER_LANDING_PATH = '/main/recharge';

const accountTarget = (id: number) => `account:${id}`;
const uidTarget = (gameId: number, uid: string) => `game_account:${gameId}:${uid}`;

function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i += 1)
    code += LINK_CODE_ALPHABET[randomInt(0, LINK_CODE_ALPHABET.length)];
  return code;
}

/**
 * The account a game's ticket signs in, inside the transaction that used the ticket: the one
 * bound to the uid, else a new password-less account bound to it (audited as player.create
 * under the key that issued the ticket).
 */
export async function accountForGameTicket(
  trx: Transaction<DB>,
  player: TicketGamePlayer,
  now: Date,
): Promise<number> {
  const repo = createPlayersRepository(trx);
  await repo.lockUid(player.gameId, player.uid);
  const current = await repo.byUid(player.gameId, player.uid, { forUpdate: true });
  if (current !== undefined && current.unboundAt === null) return current.accountId;
  const login = `g${player.gameId}_${randomBytes(5).toString('hex')}`;
  const accountId = await repo.insertAccount({ account: login, email: null, phone: null, at: now });
  const displayName = player.displayName ?? current?.displayName ?? null;
  if (current === undefined)
    await repo.insertGameAccount({
      accountId,
      gameId: player.gameId,
      uid: player.uid,
      displayName,
      at: now,
    });
  else await repo.rebind(current.id, accountId, displayName, now);
  await createAuditRepository(trx).append({
    actorKind: 'publisher',
    actor: player.keyId,
    action: 'player.create',
    target: accountTarget(accountId),
    before: null,
    after: {
      game_id: player.gameId,
      uid: player.uid,
      account: login,
      display_name: displayName,
      via: 'handover',
    },
    at: now,
  });
  return accountId;
}

export function createArrivalService(deps: ArrivalServiceDeps) {
  const { db, clock, gateway } = deps;
  const throttle = createThrottle({ db, clock });
  const hashCode = (code: string) =>
    createHmac('sha256', deps.pepper).update(`link-code\n${code}`).digest('hex');

  /** The game knows `uid` (else PlayerUnknownToGame); its display name, when it gave one. */
  async function validateWithGame(ctx: ArrivalContext, uid: string): Promise<string | null> {
    const { gameId } = ctx.caller;
    const verdict = await viaGateway(ctx.log, gameId, async () => {
      if (!(await gateway.has(gameId))) {
        ctx.log?.warn({ gameId }, 'publisher call for a game without a game gateway');
        throw new AppError(ErrorCode.SystemBusy);
      }
      return gateway.validate(gameId, uid);
    });
    if (!verdict.exists) throw new AppError(ErrorCode.PlayerUnknownToGame);
    return verdict.display_name ?? null;
  }

  return {
    async handoverCreate(ctx: ArrivalContext, body: { uid: string; display_name?: string }) {
      const { gameId, keyId } = ctx.caller;
      const gameName = await validateWithGame(ctx, body.uid);
      const displayName = body.display_name ?? gameName;
      const { ticket, expiresAt } = await deps.handover.issueForGame({
        gameId,
        uid: body.uid,
        displayName,
        keyId,
      });
      const bound = await createPlayersRepository(db).byUid(gameId, body.uid);
      await createAuditRepository(db).append({
        actorKind: 'publisher',
        actor: keyId,
        ip: ctx.ip,
        action: 'player.handover',
        target:
          bound !== undefined && bound.unboundAt === null
            ? accountTarget(bound.accountId)
            : uidTarget(gameId, body.uid),
        before: null,
        after: { game_id: gameId, uid: body.uid, expires_at: toUnixSeconds(expiresAt) },
        at: clock.now(),
      });
      const url = `${deps.publicBaseUrl}${HANDOVER_LANDING_PATH}?hctoken=${ticket}`;
      return { ticket, url, expires_at: toUnixSeconds(expiresAt) };
    },

    async linkCodeCreate(ctx: ArrivalContext, body: { uid: string; display_name?: string }) {
      const { gameId, keyId } = ctx.caller;
      const players = createPlayersRepository(db);
      const bound = await players.byUid(gameId, body.uid);
      if (bound !== undefined && bound.unboundAt === null)
        throw new AppError(ErrorCode.GameAccountBoundElsewhere);
      const gameName = await validateWithGame(ctx, body.uid);
      const displayName = body.display_name ?? gameName;
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + LINK_CODE_POLICY.ttlMs);
      const code = await db.transaction().execute(async (trx) => {
        const codes = createLinkCodesRepository(trx);
        await createPlayersRepository(trx).lockUid(gameId, body.uid);
        await codes.retireUnused(gameId, body.uid, now);
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const candidate = newLinkCode();
          const stored = await codes.insert({
            gameId,
            uid: body.uid,
            displayName,
            keyId,
            codeHash: hashCode(candidate),
            now,
            expiresAt,
          });
          if (!stored) continue;
          await createAuditRepository(trx).append({
            actorKind: 'publisher',
            actor: keyId,
            ip: ctx.ip,
            action: 'player.link_code',
            target: uidTarget(gameId, body.uid),
            before: null,
            after: { game_id: gameId, uid: body.uid, expires_at: toUnixSeconds(expiresAt) },
            at: now,
          });
          return candidate;
        }
        throw new Error('could not draw a free link code');
      });
      return { code, expires_at: toUnixSeconds(expiresAt) };
    },

    /**
     * Binds the uid of `rawCode` to the signed-in account. The attempt is counted before the
     * code is looked up and forgotten when the code was right (whatever the binding's outcome),
     * so only wrong, used and expired codes count. Any refusal changes nothing else.
     */
    async bindByLinkCode(
      accountId: number,
      rawCode: string,
      ip: string,
    ): Promise<{ gameId: number }> {
      const P = LINK_CODE_POLICY;
      const hit = await throttle.take([
        { bucket: `link-code:account:${accountId}`, limit: P.perAccount, windowMs: P.windowMs },
        { bucket: `link-code:ip:${ip}`, limit: P.perIp, windowMs: P.windowMs },
      ]);
      const code = normaliseLinkCode(rawCode);
      const codeHash = hashCode(code);
      const codes = createLinkCodesRepository(db);
      const found = await codes.byHash(codeHash);
      const now = clock.now();
      if (found === undefined) throw new AppError(ErrorCode.LinkCodeInvalid);
      if (found.usedAt !== null) throw new AppError(ErrorCode.LinkCodeUsed);
      if (found.expiresAt <= now) throw new AppError(ErrorCode.LinkCodeExpired);
      // The code was right: the outcome below is not a guess.
      await hit.release();
      if (!(await codes.gameExists(found.gameId))) throw new AppError(ErrorCode.ContextReset);
      return db.transaction().execute(async (trx) => {
        const repo = createPlayersRepository(trx);
        const linkCodes = createLinkCodesRepository(trx);
        await repo.lockUid(found.gameId, found.uid);
        const locked = await linkCodes.byHash(codeHash, { forUpdate: true });
        if (locked === undefined || locked.usedAt !== null)
          throw new AppError(ErrorCode.LinkCodeUsed);
        if (locked.expiresAt <= now) throw new AppError(ErrorCode.LinkCodeExpired);
        const account = await repo.account(accountId, { forUpdate: true });
        if (account === undefined || account.disabledAt !== null)
          throw new AppError(ErrorCode.AuthFail);
        const current = await repo.byUid(found.gameId, found.uid, { forUpdate: true });
        if (current !== undefined && current.unboundAt === null) {
          if (current.accountId !== accountId)
            throw new AppError(ErrorCode.GameAccountBoundElsewhere);
          await linkCodes.markUsed(locked.id, accountId, now);
          return { gameId: found.gameId };
        }
        const other = await repo.boundOf(accountId, found.gameId);
        if (other !== undefined) throw new AppError(ErrorCode.GameAccountAlreadyBound);
        const displayName = locked.displayName ?? current?.displayName ?? null;
        if (current === undefined)
          await repo.insertGameAccount({
            accountId,
            gameId: found.gameId,
            uid: found.uid,
            displayName,
            at: now,
          });
        else await repo.rebind(current.id, accountId, displayName, now);
        await linkCodes.markUsed(locked.id, accountId, now);
        await createAuditRepository(trx).append({
          actorKind: 'publisher',
          actor: locked.keyId,
          ip,
          action: 'player.bind',
          target: accountTarget(accountId),
          before:
            current === undefined
              ? null
              : { game_id: found.gameId, uid: found.uid, previous_accid: current.accountId },
          after: {
            game_id: found.gameId,
            uid: found.uid,
            display_name: displayName,
            via: 'link_code',
          },
          at: now,
        });
        return { gameId: found.gameId };
      });
    },
  };
}

export type ArrivalService = ReturnType<typeof createArrivalService>;
