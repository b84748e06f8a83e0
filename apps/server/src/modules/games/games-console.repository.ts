// Data access for the console's games, gateways and servers (migration 0020-console-games): the
// games table's per-language names and icons, game_gateways (the sealed secret never leaves
// through here unsealed) and game_servers (the portal's maintenance switch).
import type { Kysely } from 'kysely';
import type { DB, LocalizedText, Platform } from '../../db/schema';

export interface ConsoleGameRow {
  id: number;
  name: string;
  icon: string;
  names: LocalizedText;
  icons: LocalizedText;
  platforms: Platform[];
  sort: number;
  /** Who checks the players' passwords, set in the console (0022); null: GAME_GATEWAYS decides. */
  credentials: 'portal' | 'game' | null;
  updatedAt: Date | null;
}

/** What insertGame and updateGame write (credentials has its own setter). */
export type GameFields = Omit<ConsoleGameRow, 'updatedAt' | 'credentials'>;

export interface GatewayRow {
  gameId: number;
  url: string;
  secretEnc: string;
  keyFingerprint: string;
  credentials: 'portal' | 'game';
  rotatedAt: Date;
  updatedAt: Date;
}

export interface ServerRow {
  gameId: number;
  serverId: number;
  name: string;
  state: number;
  sort: number;
  maintenanceMessage: LocalizedText;
  updatedAt: Date | null;
}

function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

const gameColumns = [
  'id',
  'name',
  'icon',
  'names',
  'icons',
  'platforms',
  'sort',
  'credentials',
  'updated_at',
] as const;

function toGame(r: {
  id: number;
  name: string;
  icon: string;
  names: LocalizedText | string;
  icons: LocalizedText | string;
  platforms: Platform[];
  sort: number;
  credentials: 'portal' | 'game' | null;
  updated_at: Date | null;
}): ConsoleGameRow {
  const names = json<LocalizedText>(r.names);
  const icons = json<LocalizedText>(r.icons);
  // Games made before 0020 have only `name` and `icon`: they are the en-US ones.
  return {
    id: r.id,
    name: r.name,
    icon: r.icon,
    names: Object.keys(names).length === 0 ? { 'en-US': r.name } : names,
    icons: Object.keys(icons).length === 0 && r.icon !== '' ? { 'en-US': r.icon } : icons,
    platforms: [...r.platforms],
    sort: r.sort,
    credentials: r.credentials,
    updatedAt: r.updated_at,
  };
}

function toServer(r: {
  game_id: number;
  server_id: number;
  name: string;
  state: number;
  sort: number;
  maintenance_message: LocalizedText | string;
  updated_at: Date | null;
}): ServerRow {
  return {
    gameId: r.game_id,
    serverId: r.server_id,
    name: r.name,
    state: r.state,
    sort: r.sort,
    maintenanceMessage: json<LocalizedText>(r.maintenance_message),
    updatedAt: r.updated_at,
  };
}

/** `db` is the pool or a transaction (ADR 0037). */
export function createGamesConsoleRepository(db: Kysely<DB>) {
  return {
    async listGames(): Promise<ConsoleGameRow[]> {
      const rows = await db
        .selectFrom('games')
        .select(gameColumns)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map(toGame);
    },

    async game(id: number, opts: { forUpdate?: boolean } = {}) {
      let q = db.selectFrom('games').select(gameColumns).where('id', '=', id);
      if (opts.forUpdate === true) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row && toGame(row);
    },

    /** false when the id is taken. */
    async insertGame(g: GameFields, now: Date): Promise<boolean> {
      const r = await db
        .insertInto('games')
        .values({
          id: g.id,
          name: g.name,
          icon: g.icon,
          names: JSON.stringify(g.names),
          icons: JSON.stringify(g.icons),
          platforms: g.platforms,
          sort: g.sort,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return r !== undefined;
    },

    async setCredentials(id: number, credentials: 'portal' | 'game' | null): Promise<void> {
      await db.updateTable('games').set({ credentials }).where('id', '=', id).execute();
    },

    /** Games whose credentials mode was set in the console. */
    async credentialsSet(): Promise<Array<{ id: number; credentials: 'portal' | 'game' }>> {
      const rows = await db
        .selectFrom('games')
        .select(['id', 'credentials'])
        .where('credentials', 'is not', null)
        .execute();
      return rows.map((r) => ({ id: r.id, credentials: r.credentials ?? 'portal' }));
    },

    async updateGame(g: GameFields, now: Date): Promise<void> {
      await db
        .updateTable('games')
        .set({
          name: g.name,
          icon: g.icon,
          names: JSON.stringify(g.names),
          icons: JSON.stringify(g.icons),
          platforms: g.platforms,
          sort: g.sort,
          updated_at: now,
        })
        .where('id', '=', g.id)
        .execute();
    },

    async gateways(): Promise<GatewayRow[]> {
      const rows = await db.selectFrom('game_gateways').selectAll().execute();
      return rows.map((r) => ({
        gameId: r.game_id,
        url: r.url,
        secretEnc: r.secret_enc,
        keyFingerprint: r.key_fingerprint,
        credentials: r.credentials,
        rotatedAt: r.rotated_at,
        updatedAt: r.updated_at,
      }));
    },

    async gateway(gameId: number): Promise<GatewayRow | undefined> {
      const r = await db
        .selectFrom('game_gateways')
        .selectAll()
        .where('game_id', '=', gameId)
        .forUpdate()
        .executeTakeFirst();
      return (
        r && {
          gameId: r.game_id,
          url: r.url,
          secretEnc: r.secret_enc,
          keyFingerprint: r.key_fingerprint,
          credentials: r.credentials,
          rotatedAt: r.rotated_at,
          updatedAt: r.updated_at,
        }
      );
    },

    async upsertGateway(g: GatewayRow): Promise<void> {
      const values = {
        url: g.url,
        secret_enc: g.secretEnc,
        key_fingerprint: g.keyFingerprint,
        credentials: g.credentials,
        rotated_at: g.rotatedAt,
        updated_at: g.updatedAt,
      };
      await db
        .insertInto('game_gateways')
        .values({ game_id: g.gameId, ...values })
        .onConflict((oc) => oc.column('game_id').doUpdateSet(values))
        .execute();
    },

    /** Every server of a game, or of every game, in display order. */
    async servers(gameId?: number): Promise<ServerRow[]> {
      let q = db.selectFrom('game_servers').selectAll();
      if (gameId !== undefined) q = q.where('game_id', '=', gameId);
      const rows = await q.orderBy('game_id').orderBy('sort').orderBy('server_id').execute();
      return rows.map(toServer);
    },

    /** Servers in maintenance (by the portal's switch), of every game. */
    async serversInMaintenance(): Promise<
      Array<{ gameId: number; serverId: number; message: LocalizedText }>
    > {
      const rows = await db
        .selectFrom('game_servers')
        .select(['game_id', 'server_id', 'maintenance_message'])
        .where('state', '=', 1)
        .execute();
      return rows.map((r) => ({
        gameId: r.game_id,
        serverId: r.server_id,
        message: json<LocalizedText>(r.maintenance_message),
      }));
    },

    async server(gameId: number, serverId: number): Promise<ServerRow | undefined> {
      const r = await db
        .selectFrom('game_servers')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('server_id', '=', serverId)
        .forUpdate()
        .executeTakeFirst();
      return r && toServer(r);
    },

    async insertServer(s: { gameId: number; serverId: number; name: string; sort: number }) {
      await db
        .insertInto('game_servers')
        .values({ game_id: s.gameId, server_id: s.serverId, name: s.name, sort: s.sort })
        .onConflict((oc) => oc.columns(['game_id', 'server_id']).doNothing())
        .execute();
    },

    async renameServer(gameId: number, serverId: number, name: string): Promise<void> {
      await db
        .updateTable('game_servers')
        .set({ name })
        .where('game_id', '=', gameId)
        .where('server_id', '=', serverId)
        .execute();
    },

    async updateServer(
      gameId: number,
      serverId: number,
      change: { state: number; maintenanceMessage: LocalizedText; at: Date },
    ): Promise<void> {
      await db
        .updateTable('game_servers')
        .set({
          state: change.state,
          maintenance_message: JSON.stringify(change.maintenanceMessage),
          updated_at: change.at,
        })
        .where('game_id', '=', gameId)
        .where('server_id', '=', serverId)
        .execute();
    },
  };
}

export type GamesConsoleRepository = ReturnType<typeof createGamesConsoleRepository>;
