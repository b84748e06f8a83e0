// Record calls (docs/product/api.md#account-calls /api/order/record, /api/order/coin/record). The account comes from the
// session only; the HC Point record reads the game account picked exactly as uinfo and
// coinBalance pick it (gameid header, else the first bound game).
import { api } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { pickLanguage } from '../../lib/language';
import { registerCall } from '../../plugins/register-call';
import { gameIdOf } from '../auth/player.routes';
import type { PlayerService } from '../auth/player.service';
import { createRecordsService } from './records.service';

export function registerRecordsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; users: PlayerService },
): void {
  const records = createRecordsService({ db: deps.db });

  registerCall(app, api.orderRecord, ({ session, body, req }) =>
    records.orders(session.accountId, body, pickLanguage(req.headers)),
  );

  registerCall(app, api.orderCoinRecord, async ({ session, headers, body }) => {
    const me = await deps.users.currentUser(session, gameIdOf(headers.gameid));
    return records.coins(me.gameAccountId, body);
  });
}
