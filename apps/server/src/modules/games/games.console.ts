// The console's games, gateways and servers calls (docs/console.md#games-and-servers). Roles,
// session and CSRF are checked by registerCall from the contract before a handler runs.
import { consoleApi } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import type { OperatorCaller } from '../../plugins/register-call';
import { registerCall } from '../../plugins/register-call';
import type { ConsoleActor } from './games-console.service';

export const actorOf = (o: OperatorCaller): ConsoleActor => ({
  kind: 'operator',
  name: o.name,
  ip: o.ip,
});

export function registerConsole(app: FastifyInstance, c: Container): void {
  registerCall(app, consoleApi.consoleGamesList, ({ body }) =>
    c.gamesConsole.list(body, body.page, body.size),
  );
  registerCall(app, consoleApi.consoleGamesGet, ({ body }) => c.gamesConsole.get(body.id));
  registerCall(app, consoleApi.consoleGamesCreate, ({ body, operator }) =>
    c.gamesConsole.create(body, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleGamesUpdate, ({ body, operator }) =>
    c.gamesConsole.update(body, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleGamesGatewaySet, ({ body, operator }) =>
    c.gamesConsole.gatewaySet(body, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleGamesGatewayRotate, ({ body, operator }) =>
    c.gamesConsole.gatewayRotate(body, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleGamesGatewayTest, ({ body }) =>
    c.gamesConsole.gatewayTest(body.gameId),
  );
  registerCall(app, consoleApi.consoleServersList, ({ body }) =>
    c.gamesConsole.servers(body, body.page, body.size),
  );
  registerCall(app, consoleApi.consoleServersSync, ({ body, operator }) =>
    c.gamesConsole.syncServers(body.gameId, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleServersUpdate, ({ body, operator }) =>
    c.gamesConsole.updateServer(body, actorOf(operator)),
  );
}
