// The portal's own maintenance switch over the game's server list (ADR 0046): a server an operator
// put in maintenance in the console answers state 1 to every caller (webRole, order creation, gift
// codes), whatever the game says; the game's own maintenance state is kept as it is.
import type { GameGateway } from './types';

export function withPortalMaintenance(
  gateway: GameGateway,
  inMaintenance: (gameId: number, serverId: number) => Promise<boolean>,
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
      const held = await Promise.all(servers.map((s) => inMaintenance(gameId, s.server_id)));
      return servers.map((s, i) => (held[i] === true ? { ...s, state: 1 } : s));
    },
  };
}
