// The portal's own maintenance switch over the game's server list (ADR 0046): a server an operator
// put in maintenance in the console answers state 1 to every caller (webRole, order creation, gift
// codes), whatever the game says; the game's own maintenance state is kept as it is. The
// operator's message per player language rides along as `maintenance_message` (a portal field,
// not part of the gateway protocol), so the player's calls can show it (ADR 0050).
import { inLanguage } from '@hc/contract';
import type { GameGateway, GatewayServer } from './types';

/** The operator's maintenance message, per player language (empty: none). */
export type MaintenanceMessage = Partial<Record<string, string>>;

/** A server as the portal's gateway answers it: with the operator's message when held. */
export type PortalServer = GatewayServer & { maintenance_message?: MaintenanceMessage };

/** The operator's message for `language` (en-US fallback), when the server carries one. */
export function maintenanceMessageOf(server: GatewayServer, language: string): string | undefined {
  const message = (server as PortalServer).maintenance_message;
  const text = message === undefined ? undefined : inLanguage(message, language);
  return text === undefined || text === '' ? undefined : text;
}

export function withPortalMaintenance(
  gateway: GameGateway,
  held: (gameId: number, serverId: number) => Promise<MaintenanceMessage | undefined>,
): GameGateway {
  return {
    ...gateway,
    has: (gameId) => gateway.has(gameId),
    listRoles: (gameId, uid, serverId) => gateway.listRoles(gameId, uid, serverId),
    validate: (gameId, uid, serverId) => gateway.validate(gameId, uid, serverId),
    verifyCredentials: (gameId, account, password) =>
      gateway.verifyCredentials(gameId, account, password),
    deliver: (gameId, input) => gateway.deliver(gameId, input),
    takeback: (gameId, input) => gateway.takeback(gameId, input),
    async listServers(gameId) {
      const servers = await gateway.listServers(gameId);
      const holds = await Promise.all(servers.map((s) => held(gameId, s.server_id)));
      return servers.map((s, i): PortalServer => {
        const message = holds[i];
        if (message === undefined) return s;
        return Object.keys(message).length === 0
          ? { ...s, state: 1 }
          : { ...s, state: 1, maintenance_message: message };
      });
    },
  };
}
