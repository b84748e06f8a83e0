// Where each game's gateway is (ADR 0046): the console's entry in game_gateways when the game has
// one, else its GAME_GATEWAYS entry (the bootstrap of deployments made before the console). The
// console's entries are read once and kept, with their secrets unsealed, until the invalidation
// bus's `gateways` topic (a change on any node) drops them.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { DataCipher } from '../../lib/data-cipher';
import { createGamesConsoleRepository } from './games-console.repository';

export interface ResolvedGateway {
  url: string;
  secret: string;
  credentials: 'portal' | 'game';
  source: 'database' | 'environment';
}

/** The DATA_KEY context a game's gateway secret is sealed under. */
export const gatewaySecretContext = (gameId: number) => `game_gateway:${gameId}`;

/** First 16 hex digits of SHA-256: tells secrets apart without revealing them. */
export function keyFingerprint(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex').slice(0, 16);
}

export function createGatewayDirectory(deps: {
  db: Kysely<DB>;
  cipher: () => DataCipher;
  env: Config['gateways'];
}) {
  const repo = createGamesConsoleRepository(deps.db);
  let loaded: Promise<Map<number, ResolvedGateway>> | undefined;

  async function load(): Promise<Map<number, ResolvedGateway>> {
    const rows = await repo.gateways();
    const map = new Map<number, ResolvedGateway>();
    for (const r of rows)
      map.set(r.gameId, {
        url: r.url,
        secret: deps.cipher().decrypt(r.secretEnc, gatewaySecretContext(r.gameId)),
        credentials: r.credentials,
        source: 'database',
      });
    return map;
  }

  function fromEnv(gameId: number): ResolvedGateway | undefined {
    const e = deps.env[String(gameId)];
    return e && { ...e, credentials: e.credentials ?? 'portal', source: 'environment' };
  }

  return {
    /** The gateway of a game: the console's entry first, then GAME_GATEWAYS. */
    async resolve(gameId: number): Promise<ResolvedGateway | undefined> {
      const current = (loaded ??= load());
      current.catch(() => {
        if (loaded === current) loaded = undefined;
      });
      return (await current).get(gameId) ?? fromEnv(gameId);
    },

    /** Drops the kept entries (bus topic `gateways`). */
    clear(): void {
      loaded = undefined;
    },
  };
}

export type GatewayDirectory = ReturnType<typeof createGatewayDirectory>;

/**
 * The portal's maintenance switch (game_servers.state), kept in memory until the bus's `servers`
 * topic: a server the game reports open but an operator put in maintenance is in maintenance.
 */
export function createServerStates(deps: { db: Kysely<DB> }) {
  const repo = createGamesConsoleRepository(deps.db);
  let loaded: Promise<Set<string>> | undefined;
  return {
    async inMaintenance(gameId: number, serverId: number): Promise<boolean> {
      const current = (loaded ??= repo
        .serversInMaintenance()
        .then((rows) => new Set(rows.map((r) => `${r.gameId}:${r.serverId}`))));
      current.catch(() => {
        if (loaded === current) loaded = undefined;
      });
      return (await current).has(`${gameId}:${serverId}`);
    },
    clear(): void {
      loaded = undefined;
    },
  };
}

export type ServerStates = ReturnType<typeof createServerStates>;
