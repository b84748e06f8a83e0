// Sign-in for games that keep their players' credentials (ADR 0043, docs/game-gateway.md
// `verifyCredentials`). When the login's `gameid` names a game set to `game` credentials (in the
// console's game editor, else its GAME_GATEWAYS entry's `"credentials": "game"`; ADR 0050), the
// account + password sign-in asks that game instead of checking a password kept here. On success
// the portal account bound to the game's uid is created or refreshed (contact details, display
// name) and bound, in one transaction. The game being unreachable answers SystemBusy: no local
// password is ever tried instead.
import {
  e164Phone,
  emailAddress,
  ErrorCode,
  type GatewayVerifyCredentialsResponse,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { GameGateway } from '../../adapters/game-gateway/types';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { viaGateway, type GameLog } from '../games/games.service';
import { createGameCredentialsRepository } from './game-credentials.repository';

/** The login-name shape of accounts made here; a game's account name outside it is not reused. */
const LOGIN_NAME = /^[A-Za-z0-9_.@-]{3,64}$/;

export interface GameCredentialsDeps {
  db: Kysely<DB>;
  gateway: GameGateway;
  clock: Clock;
  /** true when the game keeps its players' credentials (console setting, else GAME_GATEWAYS). */
  ownsCredentials(gameId: number): Promise<boolean>;
  log?: GameLog;
}

export type GameSignIn =
  { ok: true; accountId: number } | { ok: false; failure: 'unknown_account' | 'wrong_password' };

function validOrNull(
  schema: { safeParse(v: unknown): { success: boolean } },
  v: string | null | undefined,
): string | null {
  return v !== null && v !== undefined && schema.safeParse(v).success ? v : null;
}

export function createGameCredentials(deps: GameCredentialsDeps) {
  const { db, gateway, clock } = deps;

  /** The portal account of the game's player, made or refreshed in one transaction. */
  async function upsertPlayer(
    gameId: number,
    typedAccount: string,
    verdict: Extract<GatewayVerifyCredentialsResponse, { ok: true }>,
  ): Promise<number> {
    const uid = String(verdict.uid);
    const email = validOrNull(emailAddress, verdict.email);
    const phone = validOrNull(e164Phone, verdict.phone);
    const displayName = verdict.display_name ?? null;
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const repo = createGameCredentialsRepository(trx);
      await repo.lockUid(gameId, uid);
      const binding = await repo.bindingOf(gameId, uid);
      if (binding !== undefined && !binding.unbound) {
        const current = await repo.accountContact(binding.accountId);
        // Contact details follow the game unless another account signs in with them.
        const contact: { email?: string; phone?: string } = {};
        if (
          email !== null &&
          email.toLowerCase() !== current?.email &&
          !(await repo.emailTaken(email, binding.accountId))
        )
          contact.email = email;
        if (
          phone !== null &&
          phone !== current?.phone &&
          !(await repo.phoneTaken(phone, binding.accountId))
        )
          contact.phone = phone;
        await repo.setContact(binding.accountId, contact);
        if (displayName !== null && displayName !== binding.displayName)
          await repo.setDisplayName(binding.id, displayName);
        return binding.accountId;
      }
      // A new portal account: never an existing one found by name, which may be someone else's.
      const name =
        LOGIN_NAME.test(typedAccount) && !(await repo.loginNameTaken(typedAccount))
          ? typedAccount
          : `g${gameId}_${randomBytes(5).toString('hex')}`;
      const accountId = await repo.insertAccount({
        account: name,
        email: email !== null && !(await repo.emailTaken(email, null)) ? email : null,
        phone: phone !== null && !(await repo.phoneTaken(phone, null)) ? phone : null,
      });
      if (binding === undefined)
        await repo.insertBinding({ accountId, gameId, uid, displayName, at: now });
      // An unbound game account is bound again: its orders and HC Point follow the player.
      else await repo.rebind(binding.id, accountId, displayName ?? binding.displayName, now);
      return accountId;
    });
  }

  return {
    owns: (gameId: number): Promise<boolean> => deps.ownsCredentials(gameId),

    /**
     * Asks the game; on success the bound portal account's id. A game that cannot be reached
     * or answers badly: AppError SystemBusy.
     */
    async signIn(gameId: number, account: string, password: string): Promise<GameSignIn> {
      const verdict = await viaGateway(deps.log, gameId, () =>
        gateway.verifyCredentials(gameId, account, password),
      );
      if (!verdict.ok) return { ok: false, failure: verdict.failure };
      const uid = String(verdict.uid);
      if (!/^[\x21-\x7e]{1,64}$/.test(uid)) throw new AppError(ErrorCode.SystemBusy);
      return { ok: true, accountId: await upsertPlayer(gameId, account, verdict) };
    },
  };
}

export type GameCredentials = ReturnType<typeof createGameCredentials>;
