// The Publisher API's player calls (docs/publisher-api.md, ADR 0039). The game of every call
// is the signing key's game. Each write runs in one transaction with its audit row and, when an
// Idempotency-Key came with it, the stored first answer; a repeat of the key with the same
// request answers that stored answer, with another request IdempotencyKeyReused. A uid new to
// the portal is checked with the game (gateway `validate`) before anything is written, outside
// the transaction (no row stays locked during a call to the game).
import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, toUnixSeconds, type PublisherPlayerResult, type api } from '@hc/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PublisherCaller } from '../../plugins/register-call';
import { createAuditRepository } from '../audit/audit.repository';
import { viaGateway, type GameLog } from '../games/games.service';
import { createPublisherRequestsRepository } from './publisher-requests.repository';
import {
  createPlayersRepository,
  type GameAccountBindingRow,
  type PlayerAccountRow,
  type PlayersRepository,
} from './players.repository';

type Api = typeof api;
type Body<K extends keyof Api> = z.output<Api[K]['body']>;
export type UpsertBody = Body<'publisherPlayersUpsert'>;
export type UpsertResult = PublisherPlayerResult & { created: boolean };

/** Who is calling and how: from the route (signature, Idempotency-Key, raw body, address). */
export interface WriteContext {
  caller: PublisherCaller;
  idempotencyKey: string | undefined;
  /** sha256 of `<METHOD> <path>\n<raw body>`: a reused key must come with the same request. */
  requestHash: string;
  ip: string;
  log?: GameLog;
}

export function requestHashOf(method: string, path: string, rawBody: string): string {
  return createHash('sha256').update(`${method} ${path}\n${rawBody}`).digest('hex');
}

export interface PlayersServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  gateway: GameGateway;
  /**
   * Drops this node's cached sessions after sessions were ended (ADR 0058; other nodes learn it
   * from the sessions table's trigger).
   */
  forgetSessions?: () => void;
}

/** What one write changed, for its audit row; undefined when it changed nothing. */
interface Change {
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const accountTarget = (id: number) => `account:${id}`;
/** `prepare` of the writes that need nothing from the game. */
const nothingToPrepare = (): Promise<undefined> => Promise.resolve(undefined);

function toAnswer(
  account: PlayerAccountRow,
  binding: GameAccountBindingRow | undefined,
): PublisherPlayerResult {
  return {
    account: {
      accid: account.id,
      account: account.account,
      email: account.email,
      phone: account.phone,
      disabled: account.disabledAt !== null,
      disabled_at: account.disabledAt === null ? null : toUnixSeconds(account.disabledAt),
      created_at: toUnixSeconds(account.createdAt),
    },
    binding:
      binding === undefined || binding.unboundAt !== null
        ? null
        : {
            game_id: binding.gameId,
            uid: binding.uid,
            display_name: binding.displayName,
            bound_at: toUnixSeconds(binding.boundAt),
          },
  };
}

export function createPlayersService(deps: PlayersServiceDeps) {
  const { db, clock, gateway } = deps;
  const players = createPlayersRepository(db);

  async function answerOf(repo: PlayersRepository, accountId: number, gameId: number) {
    const account = await repo.account(accountId);
    if (account === undefined) throw new AppError(ErrorCode.AccountNotFound);
    return toAnswer(account, await repo.boundOf(accountId, gameId));
  }

  /** The game knows `uid` (else PlayerUnknownToGame); its display name, when it gave one. */
  async function validateWithGame(ctx: WriteContext, uid: string): Promise<string | null> {
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

  async function storedAnswer<T>(ctx: WriteContext, trx?: Transaction<DB>): Promise<T | undefined> {
    if (ctx.idempotencyKey === undefined) return undefined;
    const stored = await createPublisherRequestsRepository(trx ?? db).answerOf(
      ctx.caller.gameId,
      ctx.idempotencyKey,
    );
    if (stored === undefined) return undefined;
    if (stored.requestHash !== ctx.requestHash) throw new AppError(ErrorCode.IdempotencyKeyReused);
    return stored.answer as T;
  }

  /**
   * One write: the Idempotency-Key claimed, the change, its audit row and the stored answer, in
   * one transaction. `prepare` runs first, outside it (the call to the game).
   */
  async function write<T, P>(
    ctx: WriteContext,
    prepare: () => Promise<P>,
    change: (
      repo: PlayersRepository,
      prepared: P,
      now: Date,
    ) => Promise<{ answer: T; change?: Change }>,
  ): Promise<T> {
    const earlier = await storedAnswer<T>(ctx);
    if (earlier !== undefined) return earlier;
    const prepared = await prepare();
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      if (ctx.idempotencyKey !== undefined) {
        const requests = createPublisherRequestsRepository(trx);
        const first = await requests.claim(
          ctx.caller.gameId,
          ctx.idempotencyKey,
          ctx.requestHash,
          now,
        );
        if (!first) {
          // A request with this key committed meanwhile.
          const stored = await storedAnswer<T>(ctx, trx);
          if (stored !== undefined) return stored;
          throw new AppError(ErrorCode.IdempotencyKeyReused);
        }
      }
      const { answer, change: done } = await change(createPlayersRepository(trx), prepared, now);
      if (done !== undefined) {
        await createAuditRepository(trx).append({
          actorKind: 'publisher',
          actor: ctx.caller.keyId,
          ip: ctx.ip,
          action: done.action,
          target: done.target,
          before: { game_id: ctx.caller.gameId, ...done.before },
          after: { game_id: ctx.caller.gameId, ...done.after },
          at: now,
        });
      }
      if (ctx.idempotencyKey !== undefined)
        await createPublisherRequestsRepository(trx).store(
          ctx.caller.gameId,
          ctx.idempotencyKey,
          answer,
        );
      return answer;
    });
  }

  /** The bound game account of `uid` in the game, locked; else GameAccountNotFound. */
  async function boundUid(repo: PlayersRepository, gameId: number, uid: string) {
    await repo.lockUid(gameId, uid);
    const binding = await repo.byUid(gameId, uid, { forUpdate: true });
    if (binding === undefined || binding.unboundAt !== null)
      throw new AppError(ErrorCode.GameAccountNotFound);
    const account = await repo.account(binding.accountId, { forUpdate: true });
    if (account === undefined) throw new AppError(ErrorCode.AccountNotFound);
    return { binding, account };
  }

  /** Email and phone free for `accountId` (null: a new account); else EmailInUse / PhoneInUse. */
  async function checkContact(
    repo: PlayersRepository,
    accountId: number | null,
    contact: { email?: string | null | undefined; phone?: string | null | undefined },
  ): Promise<void> {
    if (contact.email != null && (await repo.emailTaken(contact.email, accountId)))
      throw new AppError(ErrorCode.EmailInUse);
    if (contact.phone != null && (await repo.phoneTaken(contact.phone, accountId)))
      throw new AppError(ErrorCode.PhoneInUse);
  }

  const contactOf = (a: PlayerAccountRow) => ({ email: a.email, phone: a.phone });

  return {
    async get(
      caller: PublisherCaller,
      body: Body<'publisherPlayersGet'>,
    ): Promise<PublisherPlayerResult> {
      const { gameId } = caller;
      if (body.uid !== undefined) {
        const binding = await players.byUid(gameId, body.uid);
        if (binding === undefined || binding.unboundAt !== null)
          throw new AppError(ErrorCode.GameAccountNotFound);
        return answerOf(players, binding.accountId, gameId);
      }
      // Only accounts bound to the key's game are visible to it.
      const accid = body.accid as number;
      if ((await players.boundOf(accid, gameId)) === undefined)
        throw new AppError(ErrorCode.AccountNotFound);
      return answerOf(players, accid, gameId);
    },

    upsert(ctx: WriteContext, body: UpsertBody): Promise<UpsertResult> {
      const { gameId } = ctx.caller;
      return write(
        ctx,
        async () => {
          const existing = await players.byUid(gameId, body.uid);
          if (existing !== undefined && existing.unboundAt === null) return { gameName: null };
          return { gameName: await validateWithGame(ctx, body.uid) };
        },
        async (repo, { gameName }, now) => {
          await repo.lockUid(gameId, body.uid);
          const current = await repo.byUid(gameId, body.uid, { forUpdate: true });
          if (current !== undefined && current.unboundAt === null) {
            const account = await repo.account(current.accountId, { forUpdate: true });
            if (account === undefined) throw new AppError(ErrorCode.AccountNotFound);
            await checkContact(repo, account.id, body);
            await repo.setContact(account.id, body);
            if (body.display_name !== undefined)
              await repo.setDisplayName(current.id, body.display_name);
            const answer = { ...(await answerOf(repo, account.id, gameId)), created: false };
            const before = { ...contactOf(account), display_name: current.displayName };
            const after = {
              email: answer.account.email,
              phone: answer.account.phone,
              display_name: answer.binding?.display_name ?? null,
            };
            const changed = JSON.stringify(before) !== JSON.stringify(after);
            return {
              answer,
              ...(changed && {
                change: {
                  action: 'player.update',
                  target: accountTarget(account.id),
                  before: { uid: body.uid, ...before },
                  after: { uid: body.uid, ...after },
                },
              }),
            };
          }
          await checkContact(repo, null, body);
          let login = body.account;
          if (login !== undefined && (await repo.loginNameTaken(login)))
            throw new AppError(ErrorCode.InvalidParams, {
              issues: [{ path: 'account', message: 'login name is taken' }],
            });
          login ??= `g${gameId}_${randomBytes(5).toString('hex')}`;
          const accountId = await repo.insertAccount({
            account: login,
            email: body.email ?? null,
            phone: body.phone ?? null,
            at: now,
          });
          const displayName = body.display_name ?? gameName;
          if (current === undefined)
            await repo.insertGameAccount({
              accountId,
              gameId,
              uid: body.uid,
              displayName,
              at: now,
            });
          else await repo.rebind(current.id, accountId, displayName, now);
          const answer = { ...(await answerOf(repo, accountId, gameId)), created: true };
          return {
            answer,
            change: {
              action: 'player.create',
              target: accountTarget(accountId),
              before: null,
              after: {
                uid: body.uid,
                account: login,
                email: answer.account.email,
                phone: answer.account.phone,
                display_name: displayName,
              },
            },
          };
        },
      );
    },

    bind(ctx: WriteContext, body: Body<'publisherPlayersBind'>): Promise<PublisherPlayerResult> {
      const { gameId } = ctx.caller;
      return write(
        ctx,
        async () => {
          if ((await players.account(body.accid)) === undefined)
            throw new AppError(ErrorCode.AccountNotFound);
          const existing = await players.byUid(gameId, body.uid);
          if (existing !== undefined && existing.unboundAt === null) {
            if (existing.accountId !== body.accid)
              throw new AppError(ErrorCode.GameAccountBoundElsewhere);
            return { gameName: null };
          }
          return { gameName: await validateWithGame(ctx, body.uid) };
        },
        async (repo, { gameName }, now) => {
          await repo.lockUid(gameId, body.uid);
          const account = await repo.account(body.accid, { forUpdate: true });
          if (account === undefined) throw new AppError(ErrorCode.AccountNotFound);
          const current = await repo.byUid(gameId, body.uid, { forUpdate: true });
          if (current !== undefined && current.unboundAt === null) {
            if (current.accountId !== body.accid)
              throw new AppError(ErrorCode.GameAccountBoundElsewhere);
            // Bound to this account already: only a new display name changes anything.
            const renamed =
              body.display_name !== undefined && body.display_name !== current.displayName;
            if (renamed) await repo.setDisplayName(current.id, body.display_name ?? null);
            const answer = await answerOf(repo, account.id, gameId);
            return {
              answer,
              ...(renamed && {
                change: {
                  action: 'player.update',
                  target: accountTarget(account.id),
                  before: { uid: body.uid, display_name: current.displayName },
                  after: { uid: body.uid, display_name: body.display_name ?? null },
                },
              }),
            };
          }
          const other = await repo.boundOf(account.id, gameId);
          if (other !== undefined) throw new AppError(ErrorCode.GameAccountAlreadyBound);
          const displayName = body.display_name ?? gameName ?? current?.displayName ?? null;
          if (current === undefined)
            await repo.insertGameAccount({
              accountId: account.id,
              gameId,
              uid: body.uid,
              displayName,
              at: now,
            });
          else await repo.rebind(current.id, account.id, displayName, now);
          return {
            answer: await answerOf(repo, account.id, gameId),
            change: {
              action: 'player.bind',
              target: accountTarget(account.id),
              before:
                current === undefined ? null : { uid: body.uid, previous_accid: current.accountId },
              after: { uid: body.uid, display_name: displayName },
            },
          };
        },
      );
    },

    unbind(
      ctx: WriteContext,
      body: Body<'publisherPlayersUnbind'>,
    ): Promise<PublisherPlayerResult> {
      const { gameId } = ctx.caller;
      return write(ctx, nothingToPrepare, async (repo, _prepared, now) => {
        const { binding, account } = await boundUid(repo, gameId, body.uid);
        await repo.unbind(binding.id, now);
        return {
          answer: await answerOf(repo, account.id, gameId),
          change: {
            action: 'player.unbind',
            target: accountTarget(account.id),
            before: { uid: body.uid, display_name: binding.displayName },
            after: null,
          },
        };
      });
    },

    contact(
      ctx: WriteContext,
      body: Body<'publisherPlayersContact'>,
    ): Promise<PublisherPlayerResult> {
      const { gameId } = ctx.caller;
      return write(ctx, nothingToPrepare, async (repo) => {
        const { account } = await boundUid(repo, gameId, body.uid);
        await checkContact(repo, account.id, body);
        await repo.setContact(account.id, body);
        const answer = await answerOf(repo, account.id, gameId);
        const after = { email: answer.account.email, phone: answer.account.phone };
        const changed = JSON.stringify(contactOf(account)) !== JSON.stringify(after);
        return {
          answer,
          ...(changed && {
            change: {
              action: 'player.contact',
              target: accountTarget(account.id),
              before: { uid: body.uid, ...contactOf(account) },
              after: { uid: body.uid, ...after },
            },
          }),
        };
      });
    },

    async disable(
      ctx: WriteContext,
      body: Body<'publisherPlayersDisable'>,
    ): Promise<PublisherPlayerResult> {
      const { gameId } = ctx.caller;
      const result = await write(ctx, nothingToPrepare, async (repo, _prepared, now) => {
        const { account } = await boundUid(repo, gameId, body.uid);
        if (account.disabledAt !== null)
          return { answer: await answerOf(repo, account.id, gameId) };
        await repo.setDisabledAt(account.id, now);
        const sessionsEnded = await repo.endSessions(account.id, now);
        return {
          answer: await answerOf(repo, account.id, gameId),
          change: {
            action: 'player.disable',
            target: accountTarget(account.id),
            before: { uid: body.uid, disabled: false },
            after: {
              uid: body.uid,
              disabled: true,
              sessions_ended: sessionsEnded,
              ...(body.reason === undefined ? {} : { reason: body.reason }),
            },
          },
        };
      });
      deps.forgetSessions?.();
      return result;
    },

    enable(
      ctx: WriteContext,
      body: Body<'publisherPlayersEnable'>,
    ): Promise<PublisherPlayerResult> {
      const { gameId } = ctx.caller;
      return write(ctx, nothingToPrepare, async (repo) => {
        const { account } = await boundUid(repo, gameId, body.uid);
        if (account.disabledAt === null)
          return { answer: await answerOf(repo, account.id, gameId) };
        await repo.setDisabledAt(account.id, null);
        return {
          answer: await answerOf(repo, account.id, gameId),
          change: {
            action: 'player.enable',
            target: accountTarget(account.id),
            before: { uid: body.uid, disabled: true },
            after: { uid: body.uid, disabled: false },
          },
        };
      });
    },
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
