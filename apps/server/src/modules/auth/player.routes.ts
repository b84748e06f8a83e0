// Routes for the user calls implemented so far: /api/user/uinfo (auth optional).
import { api, INT4_MAX } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { PlayerService } from './player.service';

/**
 * The `gameid` header as a game id (docs/product/api.md#request-headers), or undefined. Game ids are int4 (`games.id`): a
 * larger number names no game and must not reach PostgreSQL (schema fuzzing, apps/server/test/fuzz.test.ts).
 */
export function gameIdOf(header: string | undefined): number | undefined {
  const n = header === undefined ? Number.NaN : Number(header);
  return Number.isSafeInteger(n) && n > 0 && n <= INT4_MAX ? n : undefined;
}

export function registerUserRoutes(app: FastifyInstance, users: PlayerService): void {
  registerCall(app, api.userUinfo, ({ session, headers }) =>
    users.currentUser(session, gameIdOf(headers.gameid)),
  );
}
