// Servers and roles of a game, read through its game gateway (docs/game-gateway.md): the list behind
// /api/user/webRole (docs/product/top-up.md#servers-and-roles) and the server/role check done before an order.
import { ErrorCode, type Language, type ServerRoles } from '@hc/contract';
import { maintenanceMessageOf } from '../../adapters/game-gateway/maintenance';
import {
  GatewayError,
  type GameGateway,
  type GatewayRole,
  type GatewayServer,
} from '../../adapters/game-gateway/types';
import { AppError } from '../../lib/app-error';

/** Where gateway failures are logged (a request's `req.log`, or the app logger). */
export interface GameLog {
  warn(obj: object, msg: string): void;
}

/** A gateway failure is logged with its cause and shown to the player as SystemBusy. */
export async function viaGateway<T>(
  log: GameLog | undefined,
  gameId: number,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    log?.warn({ err, gameId, maybeApplied: err.maybeApplied }, 'game gateway call failed');
    throw new AppError(ErrorCode.SystemBusy);
  }
}

async function requireGateway(gateway: GameGateway, gameId: number): Promise<void> {
  if (!(await gateway.has(gameId)))
    throw new GatewayError(`no game gateway for game ${gameId}`, false);
}

/**
 * The server and role an order goes to, as the game reports them (client-sent names are never
 * trusted). Unknown server or role -> RoleNotFound; server in maintenance -> serverMaintenance
 * (docs/product/top-up.md#servers-and-roles) with the operator's message in `language` as
 * `data.maintenance_message` when there is one; the game unreachable -> SystemBusy.
 */
export async function findServerAndRole(
  gateway: GameGateway,
  gameId: number,
  uid: number,
  serverId: number,
  roleId: string,
  log?: GameLog,
  language: string = 'en-US',
): Promise<{ server: GatewayServer; role: GatewayRole }> {
  return viaGateway(log, gameId, async () => {
    await requireGateway(gateway, gameId);
    // Both calls at once (ADR 0023 follow-up): the answers are judged in the old order, so the
    // outcome is the same as asking one after the other. A roles failure (e.g. the game refusing
    // an unknown server) only counts once the server is known to exist and be open.
    const [servers, roles] = await Promise.allSettled([
      gateway.listServers(gameId),
      gateway.listRoles(gameId, uid, serverId),
    ]);
    if (servers.status === 'rejected') throw servers.reason;
    const server = servers.value.find((s) => s.server_id === serverId);
    if (server === undefined) throw new AppError(ErrorCode.RoleNotFound);
    if (server.state !== 0) {
      const message = maintenanceMessageOf(server, language);
      throw new AppError(
        ErrorCode.serverMaintenance,
        message === undefined ? undefined : { maintenance_message: message },
      );
    }
    if (roles.status === 'rejected') throw roles.reason;
    const role = roles.value.find((r) => r.role_id === roleId);
    if (role === undefined) throw new AppError(ErrorCode.RoleNotFound);
    return { server, role };
  });
}

export function createGamesService(deps: { gateway: GameGateway }) {
  const { gateway } = deps;
  return {
    /**
     * Every server of the game with the game account's roles there; a server without roles has
     * `roles: []` and the web says "the server has no role information" (docs/product/top-up.md#before-paying).
     * A server under maintenance carries the operator's message in `language` (en-US fallback).
     */
    async serverRoles(
      gameId: number,
      uid: number,
      log?: GameLog,
      language: Language = 'en-US',
    ): Promise<ServerRoles[]> {
      return viaGateway(log, gameId, async () => {
        await requireGateway(gateway, gameId);
        const servers = await gateway.listServers(gameId);
        return Promise.all(
          servers.map(async (s) => {
            const message = s.state === 0 ? undefined : maintenanceMessageOf(s, language);
            return {
              server_id: s.server_id,
              server_name: s.server_name,
              state: s.state,
              ...(message === undefined ? {} : { maintenance_message: message }),
              roles: (await gateway.listRoles(gameId, uid, s.server_id)).map((r) => ({
                role_id: r.role_id,
                role_name: r.role_name,
                ...(r.level === undefined ? {} : { level: r.level }),
              })),
            };
          }),
        );
      });
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
