// The console's player support (docs/console.md#support-players, ADR 0052): search, the player
// page, reveal of personal data, lock / unlock, ending sessions and the password-reset mail.
// Personal data is answered masked; a reveal is an explicit call that writes an audit row (the
// field, never the value). Every write runs with its audit row in one transaction; the audit
// target of everything about a player is `account:<id>` (as the Publisher API writes it).
import {
  ErrorCode,
  toUnixSeconds,
  type PlayerDetail,
  type PlayerPersonalField,
  type PlayerRow,
  type PlayerSearchKind,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createAuditRepository } from '../audit/audit.repository';
import type { VerificationCodeService } from '../auth/verification-codes.service';
import type { ConsoleActor } from '../games/games-console.service';
import type { RealNameService } from '../real-name/real-name.service';
import { maskEmail, maskIdNumber, maskPhone } from '../real-name/masking';
import { createSupportRepository, type FoundAccount } from './support.repository';

export const accountTarget = (accountId: number) => `account:${accountId}`;

const ts = (d: Date | null) => (d === null ? null : toUnixSeconds(d));

/** A name shown masked: its first character, then one star per further character. */
export function maskName(name: string): string {
  const chars = [...name];
  return (chars[0] ?? '') + '*'.repeat(Math.max(chars.length - 1, 1));
}

/** What an `auto` query is: an email with @, a phone when + and digits, else the rest. */
export function detectKind(q: string): Exclude<PlayerSearchKind, 'auto'> | 'any' {
  if (q.includes('@')) return 'email';
  if (/^\+\d{6,15}$/.test(q.replace(/[\s-]/g, ''))) return 'phone';
  return 'any';
}

/** Keyset page: `limit + 1` rows were read; the extra one tells there is a next page. */
export function keysetPage<T>(rows: T[], size: number, cursorOf: (r: T) => number) {
  const list = rows.slice(0, size);
  const last = list[list.length - 1];
  return { list, nextCursor: rows.length > size && last !== undefined ? cursorOf(last) : null };
}

export function createPlayersSupportService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  realName: () => RealNameService;
  codes: () => VerificationCodeService;
  /**
   * Drops this node's cached sessions of an account after sessions of it were ended (ADR 0058;
   * other nodes learn it from the sessions table's trigger).
   */
  forgetSessions?: (accountId: number) => void;
}) {
  const { db, clock } = deps;
  const repo = createSupportRepository(db);

  async function existing(id: number) {
    const a = await repo.account(id);
    if (a === undefined) throw new AppError(ErrorCode.PlayerNotFound);
    return a;
  }

  function audit(
    trx: Kysely<DB>,
    actor: ConsoleActor,
    e: {
      action: string;
      accountId: number;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      at: Date;
    },
  ) {
    return createAuditRepository(trx).append({
      actorKind: actor.kind,
      actor: actor.name,
      ip: actor.ip ?? null,
      action: e.action,
      target: accountTarget(e.accountId),
      before: e.before,
      after: e.after,
      at: e.at,
    });
  }

  const rowOf = (a: FoundAccount, matched: PlayerRow['matched']): PlayerRow => ({
    id: a.id,
    account: a.account,
    email: a.email === null ? null : maskEmail(a.email),
    phone: a.phone === null ? null : maskPhone(a.phone),
    locked: a.disabled_at !== null,
    createdAt: toUnixSeconds(a.created_at),
    matched,
  });

  return {
    async search(body: {
      q: string;
      kind: PlayerSearchKind;
      cursor?: number | undefined;
      size: number;
    }) {
      const q = body.q.trim();
      const kind = body.kind === 'auto' ? detectKind(q) : body.kind;
      const limit = body.size + 1;
      const phone = q.replace(/[\s-]/g, '');
      let rows: PlayerRow[];
      if (kind === 'email' || kind === 'phone') {
        const found = await repo.searchAccounts(
          kind === 'email' ? { email: q } : { phone },
          body.cursor,
          limit,
        );
        rows = found.map((a) => rowOf(a, kind));
      } else {
        const byUid = kind === 'uid' || kind === 'any' ? await repo.accountIdsByUid(q) : [];
        const byOrder = kind === 'order' || kind === 'any' ? await repo.accountIdsByOrder(q) : [];
        const found = await repo.searchAccounts(
          {
            ...((kind === 'account' || kind === 'any') && { accountPrefix: q }),
            ids: [...byUid, ...byOrder],
          },
          body.cursor,
          limit,
        );
        rows = found.map((a) =>
          rowOf(a, byOrder.includes(a.id) ? 'order' : byUid.includes(a.id) ? 'uid' : 'account'),
        );
      }
      return keysetPage(rows, body.size, (r) => r.id);
    },

    async get(id: number, canReveal: boolean): Promise<PlayerDetail> {
      const a = await existing(id);
      const now = clock.now();
      const [games, sessions, social, realName] = await Promise.all([
        repo.gameAccounts(id),
        repo.liveSessions(id, now),
        repo.socialProviders(id),
        deps.realName().ownerCopy(id),
      ]);
      return {
        id: a.id,
        account: a.account,
        email: a.email === null ? null : maskEmail(a.email),
        phone: a.phone === null ? null : maskPhone(a.phone),
        realName:
          realName === null
            ? null
            : {
                name: maskName(realName.name),
                idNumber:
                  realName.id_number !== undefined
                    ? maskIdNumber(realName.id_number)
                    : (realName.id_number_masked ?? ''),
              },
        locked: a.disabled_at !== null,
        lockedAt: ts(a.disabled_at),
        createdAt: toUnixSeconds(a.created_at),
        language: a.language,
        deletionDueAt: ts(a.deletion_due_at),
        erased: a.erased_at !== null,
        socialProviders: social,
        gameAccounts: games.map((g) => ({
          id: g.id,
          gameId: g.game_id,
          gameName: g.game_name,
          uid: g.uid,
          displayName: g.display_name,
          bound: g.unbound_at === null,
          boundAt: toUnixSeconds(g.bound_at),
          unboundAt: ts(g.unbound_at),
          basicNum: g.basic,
          presentNum: g.present,
        })),
        sessions: sessions.map((s) => ({
          id: s.id,
          createdAt: toUnixSeconds(s.created_at),
          lastSeenAt: toUnixSeconds(s.last_seen_at),
          ip: s.ip,
          userAgent: s.user_agent,
          remember: s.remember,
        })),
        canReveal,
      };
    },

    async orders(id: number, cursor: number | undefined, size: number) {
      await existing(id);
      const rows = await repo.orders(id, cursor, size + 1);
      return keysetPage(
        rows.map((o) => ({
          cursor: Number(o.id),
          sdkOrderId: o.sdk_order_id,
          gameId: o.game_id,
          gameName: o.game_name ?? String(o.game_id),
          itemName: o.item_name,
          price: o.price,
          currency: o.currency,
          hcPrice: o.hc_price,
          channel: o.channel_code,
          status: o.status,
          createdAt: toUnixSeconds(o.created_at),
          paidAt: ts(o.paid_at),
        })),
        size,
        (r) => r.cursor,
      );
    },

    async ledger(id: number, gameAccountId: number, cursor: number | undefined, size: number) {
      await existing(id);
      if ((await repo.gameAccountOf(id, gameAccountId)) === undefined)
        throw new AppError(ErrorCode.PlayerGameAccountNotFound);
      const rows = await repo.ledger(gameAccountId, cursor, size + 1);
      return keysetPage(
        rows.map((r) => ({
          cursor: r.id,
          key: r.key,
          kind: r.kind,
          change: r.change,
          basicChange: r.basicChange,
          presentChange: r.presentChange,
          balance: r.balance,
          at: toUnixSeconds(r.at),
        })),
        size,
        (r) => r.cursor,
      );
    },

    async redemptions(id: number, cursor: number | undefined, size: number) {
      await existing(id);
      const rows = await repo.redemptions(id, cursor, size + 1);
      return keysetPage(
        rows.map((r) => ({
          cursor: Number(r.id),
          campaignId: Number(r.batch_id),
          campaignName: r.name,
          gameId: r.game_id,
          serverName: r.server_name,
          roleName: r.role_name,
          status: String(r.status),
          at: toUnixSeconds(r.created_at),
        })),
        size,
        (r) => r.cursor,
      );
    },

    async auditTrail(id: number, cursor: number | undefined, size: number) {
      await existing(id);
      const rows = await repo.audit(accountTarget(id), cursor, size + 1);
      return keysetPage(
        rows.map((r) => ({
          cursor: Number(r.id),
          at: toUnixSeconds(r.at),
          actorKind: r.actor_kind,
          actor: r.actor,
          ip: r.ip,
          action: r.action,
          before: r.before,
          after: r.after,
        })),
        size,
        (r) => r.cursor,
      );
    },

    /** The unmasked value of one field; the reveal is audited before it is answered. */
    async reveal(id: number, field: PlayerPersonalField, actor: ConsoleActor) {
      const a = await existing(id);
      let value: string | null | undefined;
      if (field === 'email') value = a.email;
      else if (field === 'phone') value = a.phone;
      else {
        const record = await deps.realName().ownerCopy(id);
        value = field === 'realName' ? record?.name : record?.id_number;
      }
      if (value === null || value === undefined || value === '')
        throw new AppError(ErrorCode.PlayerFieldEmpty);
      await audit(db, actor, {
        action: 'player.reveal',
        accountId: id,
        before: null,
        after: { field },
        at: clock.now(),
      });
      return { field, value };
    },

    /** Locks (sign-in refused, sessions end) or unlocks; nothing is written when unchanged. */
    async setLocked(id: number, locked: boolean, reason: string, actor: ConsoleActor) {
      const answer = await db.transaction().execute(async (trx) => {
        const r = createSupportRepository(trx);
        const a = await r.lockAccount(id);
        if (a === undefined) throw new AppError(ErrorCode.PlayerNotFound);
        if ((a.disabled_at !== null) === locked) return { locked, sessionsEnded: 0 };
        const now = clock.now();
        await r.setDisabledAt(id, locked ? now : null);
        const ended = locked ? await r.endSessions(id, now) : [];
        await audit(trx, actor, {
          action: locked ? 'player.lock' : 'player.unlock',
          accountId: id,
          before: { locked: !locked },
          after: { locked, reason, ...(locked && { sessionsEnded: ended.length }) },
          at: now,
        });
        return { locked, sessionsEnded: ended.length };
      });
      if (answer.sessionsEnded > 0) deps.forgetSessions?.(id);
      return answer;
    },

    /** Ends one live session, or every one: their tokens stop working at once. */
    async endSessions(id: number, sessionId: number | undefined, actor: ConsoleActor) {
      const answer = await db.transaction().execute(async (trx) => {
        const r = createSupportRepository(trx);
        if ((await r.lockAccount(id)) === undefined) throw new AppError(ErrorCode.PlayerNotFound);
        const now = clock.now();
        const ended = await r.endSessions(id, now, sessionId);
        if (sessionId !== undefined && ended.length === 0)
          throw new AppError(ErrorCode.PlayerSessionNotFound);
        if (ended.length > 0)
          await audit(trx, actor, {
            action: 'player.sessions.end',
            accountId: id,
            before: { liveSessions: ended },
            after: { ended: ended.length },
            at: now,
          });
        return { sessionsEnded: ended.length };
      });
      if (answer.sessionsEnded > 0) deps.forgetSessions?.(id);
      return answer;
    },

    /**
     * Mails the players' own reset code (modules/auth verification codes, purpose `reset`) to
     * the account's email, in the account's language; the player then resets on the portal.
     */
    async sendReset(id: number, actor: ConsoleActor) {
      const a = await existing(id);
      if (a.email === null || a.erased_at !== null) throw new AppError(ErrorCode.PlayerNoEmail);
      const sent = await deps.codes().send({
        channel: 'email',
        destination: a.email,
        purpose: 'reset',
        ip: actor.ip ?? '0.0.0.0',
        known: true,
        trustedIp: true,
        ...(a.language !== null && { language: a.language }),
      });
      await audit(db, actor, {
        action: 'player.send_reset',
        accountId: id,
        before: null,
        after: { channel: 'email' },
        at: clock.now(),
      });
      return { email: maskEmail(a.email), expiresIn: sent.expires_in };
    },
  };
}

export type PlayersSupportService = ReturnType<typeof createPlayersSupportService>;
