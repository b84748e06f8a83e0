// Where each game's gateway is (ADR 0046): the console's entry in game_gateways when the game has
// one, else its GAME_GATEWAYS entry (the bootstrap of deployments made before the console). The
// console's entries are read once and kept, with their secrets unsealed, until the invalidation
// bus's `gateways` topic (a change on any node) drops them. The same goes for each game's
// credentials mode (ADR 0050): the console's setting (games.credentials), else the game's
// GAME_GATEWAYS `credentials`, else `portal`.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB, LocalizedText } from '../../db/schema';
import type { DataCipher } from '../../lib/data-cipher';
import { createGamesConsoleRepository } from './games-console.repository';

export type CredentialsMode = 'portal' | 'game';

export interface ResolvedGateway {
  url: string;
  secret: string;
  /** The game's effective credentials mode (see credentialsOf). */
  credentials: CredentialsMode;
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
  interface Loaded {
    gateways: Map<number, ResolvedGateway>;
    credentials: Map<number, CredentialsMode>;
  }
  let loaded: Promise<Loaded> | undefined;

  /** The credentials mode when the console has set none. */
  const defaultCredentials = (gameId: number): CredentialsMode =>
    deps.env[String(gameId)]?.credentials ?? 'portal';

  async function load(): Promise<Loaded> {
    const [rows, set] = await Promise.all([repo.gateways(), repo.credentialsSet()]);
    const credentials = new Map(set.map((g) => [g.id, g.credentials]));
    const gateways = new Map<number, ResolvedGateway>();
    for (const r of rows)
      gateways.set(r.gameId, {
        url: r.url,
        secret: deps.cipher().decrypt(r.secretEnc, gatewaySecretContext(r.gameId)),
        credentials: credentials.get(r.gameId) ?? defaultCredentials(r.gameId),
        source: 'database',
      });
    return { gateways, credentials };
  }

  function current(): Promise<Loaded> {
    const now = (loaded ??= load());
    now.catch(() => {
      if (loaded === now) loaded = undefined;
    });
    return now;
  }

  return {
    /** The gateway of a game: the console's entry first, then GAME_GATEWAYS. */
    async resolve(gameId: number): Promise<ResolvedGateway | undefined> {
      const { gateways, credentials } = await current();
      const e = deps.env[String(gameId)];
      return (
        gateways.get(gameId) ??
        (e && {
          url: e.url,
          secret: e.secret,
          credentials: credentials.get(gameId) ?? defaultCredentials(gameId),
          source: 'environment',
        })
      );
    },

    /** Who checks the game's players' passwords: the console's setting, else GAME_GATEWAYS. */
    async credentialsOf(gameId: number): Promise<CredentialsMode> {
      return (await current()).credentials.get(gameId) ?? defaultCredentials(gameId);
    },

    defaultCredentials,

    /** Drops the kept entries (bus topic `gateways`). */
    clear(): void {
      loaded = undefined;
    },
  };
}

export type GatewayDirectory = ReturnType<typeof createGatewayDirectory>;

/**
 * The portal's maintenance switch (game_servers.state) and its message per player language, kept
 * in memory until the bus's `servers` topic: a server the game reports open but an operator put
 * in maintenance is in maintenance.
 */
export function createServerStates(deps: { db: Kysely<DB> }) {
  const repo = createGamesConsoleRepository(deps.db);
  let loaded: Promise<Map<string, LocalizedText>> | undefined;
  /** The operator's message (possibly empty) when the server is held in maintenance. */
  async function held(gameId: number, serverId: number): Promise<LocalizedText | undefined> {
    const current = (loaded ??= repo
      .serversInMaintenance()
      .then((rows) => new Map(rows.map((r) => [`${r.gameId}:${r.serverId}`, r.message]))));
    current.catch(() => {
      if (loaded === current) loaded = undefined;
    });
    return (await current).get(`${gameId}:${serverId}`);
  }
  return {
    held,
    async inMaintenance(gameId: number, serverId: number): Promise<boolean> {
      return (await held(gameId, serverId)) !== undefined;
    },
    clear(): void {
      loaded = undefined;
    },
  };
}

export type ServerStates = ReturnType<typeof createServerStates>;
