// Balance calls (docs/product/hc-point.md#balance, docs/product/api.md#hc-point-calls):
// /api/operate/coinBalance and the HC Point balance query at /api/operate/epoint/balance. Both
// only ever show the caller's own.
import { api, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../plugins/register-call';
import { createAccountsRepository } from '../auth/accounts.repository';

export function register(app: FastifyInstance, c: Container): void {
  const { wallet } = c;
  const accounts = createAccountsRepository(c.db);

  // The game account is picked exactly as uinfo picks it (gameid header, else the first bound).
  registerCall(app, api.operateCoinBalance, async ({ player }) => {
    const me = await player();
    if (me.gameAccountId === null) return { amount: 0 };
    const b = await wallet.getBalance(me.gameAccountId);
    return { amount: b.basicNum + b.presentNum };
  });

  // userId is a game account id (docs/product/api.md#hc-point-calls); another player's game
  // account -> AuthFail.
  registerCall(app, api.epointBalance, async ({ session, body }) => {
    const own = await accounts.listGameAccounts(session.accountId);
    if (!own.some((g) => g.id === body.userId)) throw new AppError(ErrorCode.AuthFail);
    return wallet.getBalance(body.userId);
  });
}
