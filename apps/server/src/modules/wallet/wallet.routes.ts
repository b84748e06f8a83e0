// Balance calls (docs/product/hc-point.md#balance, docs/product/api.md#hc-point-calls): /api/operate/coinBalance and the
// e-point balance query at /api/operate/epoint/balance. Both only ever show the caller's own.
import { api, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../plugins/register-call';
import { createAccountsRepository } from '../auth/accounts.repository';
import { gameIdOf } from '../auth/player.routes';
import type { PlayerService } from '../auth/player.service';
import type { WalletService } from './wallet.service';

export function registerWalletRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; wallet: WalletService; users: PlayerService },
): void {
  const accounts = createAccountsRepository(deps.db);

  // The game account is picked exactly as uinfo picks it (gameid header, else the first bound).
  registerCall(app, api.operateCoinBalance, async ({ session, headers }) => {
    const me = await deps.users.currentUser(session, gameIdOf(headers.gameid));
    if (me.gameAccountId === null) return { amount: 0 };
    const b = await deps.wallet.getBalance(me.gameAccountId);
    return { amount: b.basicNum + b.presentNum };
  });

  // userId is a game account id (docs/product/api.md#hc-point-calls); another player's game account -> AuthFail.
  registerCall(app, api.epointBalance, async ({ session, body }) => {
    const own = await accounts.listGameAccounts(session.accountId);
    if (!own.some((g) => g.id === body.userId)) throw new AppError(ErrorCode.AuthFail);
    return deps.wallet.getBalance(body.userId);
  });
}
