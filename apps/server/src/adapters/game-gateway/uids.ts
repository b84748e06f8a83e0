// The uid the game knows (ADR 0039). The portal's code names a player's game account by its id
// (game_accounts.id, a number); the game knows the player by game_accounts.uid, which is that id
// as text for accounts the portal made itself and the game's own player id for accounts that
// came through the Publisher API. This wrapper swaps one for the other on every call that
// carries a game account id, so orders, deliveries, take-backs, gift codes and the role picker
// send the game's uid without knowing about it. A string uid is already the game's and passes.
// A game account's uid never changes once written, so the lookups are kept (bounded).
import type { GameGateway, GatewayUid } from './types';

const KEPT_MAX = 50_000;

/** game_accounts.uid of a game account id, or undefined when there is no such row. */
export type GameUidLookup = (gameAccountId: number) => Promise<string | undefined>;

export function withGameUids(gateway: GameGateway, lookup: GameUidLookup): GameGateway {
  const kept = new Map<number, string>();

  async function gameUid(uid: GatewayUid): Promise<GatewayUid> {
    if (typeof uid === 'string') return uid;
    const hit = kept.get(uid);
    if (hit !== undefined) return hit;
    const found = await lookup(uid);
    // No row (a test's made-up id): the id itself, as before game accounts had a uid.
    if (found === undefined) return uid;
    if (kept.size >= KEPT_MAX) kept.clear();
    kept.set(uid, found);
    return found;
  }

  return {
    has: (gameId) => gateway.has(gameId),
    listServers: (gameId) => gateway.listServers(gameId),
    listRoles: async (gameId, uid, serverId) =>
      gateway.listRoles(gameId, await gameUid(uid), serverId),
    validate: (gameId, uid, serverId) => gateway.validate(gameId, uid, serverId),
    verifyCredentials: (gameId, account, password) =>
      gateway.verifyCredentials(gameId, account, password),
    deliver: async (gameId, input) =>
      gateway.deliver(gameId, { ...input, uid: await gameUid(input.uid) }),
    takeback: async (gameId, input) =>
      gateway.takeback(gameId, { ...input, uid: await gameUid(input.uid) }),
  };
}
