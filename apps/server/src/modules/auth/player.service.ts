// The current player's info for /api/user/uinfo (docs/product/session.md#user-info).
import { ErrorCode } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createGamesRepository } from '../games/games.repository';
import { createAccountsRepository } from './accounts.repository';
import type { Session } from './sessions.service';

export interface PlayerInfo {
  login: boolean;
  isInit: boolean;
  accid: number | null;
  account: string | null;
  gameAccountId: number | null;
  gameId: number | null;
  userId: number | null;
  customer_service: string | null;
}

const anonymous: PlayerInfo = {
  login: false,
  // isInit: the user info has been loaded (docs/product/routes-and-screens.md#visitors-and-permissions: the 403 view waits for it), for anonymous too.
  isInit: true,
  accid: null,
  account: null,
  gameAccountId: null,
  gameId: null,
  userId: null,
  customer_service: null,
};

export function createPlayerService(deps: { db: Kysely<DB>; customerServiceUrl: string }) {
  const accounts = createAccountsRepository(deps.db);
  const games = createGamesRepository(deps.db);

  return {
    /**
     * Anonymous -> login false. Signed in -> the account and its game account for the game in
     * the `gameid` header (else the first bound game). userId is the game account id (docs/product/api.md#request-headers
     * "E-point balance query: userId (game account id)"). A `gameid` naming no game at all is
     * ContextReset (docs/product/session.md#code-20002): the client's game choice is stale.
     */
    async current(
      session: Session | null,
      requestedGameId: number | undefined,
    ): Promise<PlayerInfo> {
      if (session === null) return anonymous;
      // One query for the account and its game accounts (was two; ADR 0023 follow-up). The
      // session lookup itself stays a plain index read: joining these into it made it several
      // times dearer for PostgreSQL, and most calls (catalog, pay) never need them.
      const found = await accounts.findNameWithGameAccounts(session.accountId);
      if (found === undefined) return anonymous;
      const { gameAccounts } = found;
      // A bound game exists (foreign key); anything else is looked up only when asked for.
      if (
        requestedGameId !== undefined &&
        !gameAccounts.some((g) => g.gameId === requestedGameId) &&
        !(await games.exists(requestedGameId))
      ) {
        throw new AppError(ErrorCode.ContextReset);
      }
      const gameAccount = gameAccounts.find((g) => g.gameId === requestedGameId) ?? gameAccounts[0];
      return {
        login: true,
        isInit: true,
        accid: session.accountId,
        account: found.account,
        gameAccountId: gameAccount?.id ?? null,
        gameId: gameAccount?.gameId ?? null,
        userId: gameAccount?.id ?? null,
        customer_service: deps.customerServiceUrl,
      };
    },
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
