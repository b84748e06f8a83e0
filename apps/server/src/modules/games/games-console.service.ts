// The console's games, gateways and servers (docs/console.md#games-and-servers, ADR 0046). Every
// change is one transaction with its audit row (before/after, never a secret); after it commits
// the invalidation bus tells every node to drop what it kept (`games`, `gateways`, `servers`).
// A game's credentials mode (ADR 0050) is kept by the gateway directory: a change publishes
// `gateways` too.
import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  LANGUAGES,
  toUnixSeconds,
  type ConsoleGame,
  type ConsoleServer,
  type Language,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import { createGameGateway } from '../../adapters/game-gateway/client';
import type { DB, LocalizedText, Platform } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataCipher } from '../../lib/data-cipher';
import { escapeHtml } from '../../lib/escape-html';
import type { InvalidationBus } from '../../lib/invalidation';
import { createAuditRepository } from '../audit/audit.repository';
import { createBulletinsRepository } from '../content/bulletins.repository';
import {
  createGamesConsoleRepository,
  type ConsoleGameRow,
  type GameFields,
  type GatewayRow,
  type ServerRow,
} from './games-console.repository';
import { gatewaySecretContext, keyFingerprint, type GatewayDirectory } from './gateway-directory';

/** Who makes a change, for the audit log. */
export interface ConsoleActor {
  kind: 'operator' | 'cli';
  name: string;
  ip?: string | null;
}

type Texts = Partial<Record<Language, string>>;

/** Drops empty texts: an absent language falls back to en-US. */
function compact(texts: Texts): LocalizedText {
  return Object.fromEntries(
    Object.entries(texts).filter((e): e is [string, string] => (e[1] ?? '') !== ''),
  );
}

function missingLanguages(names: LocalizedText): Language[] {
  return LANGUAGES.filter((l) => (names[l] ?? '') === '');
}

const ts = (d: Date | null) => (d === null ? null : toUnixSeconds(d));

function invalid(path: string, message: string): AppError {
  return new AppError(ErrorCode.InvalidParams, { issues: [{ path, message }] });
}

export function createGamesConsoleService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  cipher: () => DataCipher;
  directory: GatewayDirectory;
  invalidation: InvalidationBus;
  timeoutMs: number;
}) {
  const { db, clock, invalidation } = deps;
  const repo = createGamesConsoleRepository(db);

  type Mode = 'portal' | 'game';

  /** The credentials mode as the sign-in reads it, from the row read now (not the cache). */
  function credentialsView(gameId: number, set: Mode | null) {
    const environment = deps.directory.defaultCredentials(gameId);
    return { effective: set ?? environment, console: set, environment };
  }

  async function gatewayView(gameId: number, row: GatewayRow | undefined, credentials: Mode) {
    if (row !== undefined)
      return {
        source: 'database' as const,
        url: row.url,
        keyFingerprint: row.keyFingerprint,
        credentials,
        rotatedAt: toUnixSeconds(row.rotatedAt),
      };
    const resolved = await deps.directory.resolve(gameId);
    if (resolved === undefined)
      return {
        source: 'none' as const,
        url: null,
        keyFingerprint: null,
        credentials,
        rotatedAt: null,
      };
    return {
      source: resolved.source,
      url: resolved.url,
      keyFingerprint: keyFingerprint(resolved.secret),
      credentials,
      rotatedAt: null,
    };
  }

  async function view(
    g: ConsoleGameRow,
    gateways: Map<number, GatewayRow>,
    servers: ServerRow[],
  ): Promise<ConsoleGame> {
    const own = servers.filter((s) => s.gameId === g.id);
    const credentials = credentialsView(g.id, g.credentials);
    return {
      id: g.id,
      names: g.names,
      icons: g.icons,
      platforms: g.platforms,
      sort: g.sort,
      missingLanguages: missingLanguages(g.names),
      gateway: await gatewayView(g.id, gateways.get(g.id), credentials.effective),
      credentials,
      servers: { total: own.length, maintenance: own.filter((s) => s.state === 1).length },
      updatedAt: ts(g.updatedAt),
    };
  }

  async function one(id: number): Promise<ConsoleGame> {
    const g = await repo.game(id);
    if (g === undefined) throw new AppError(ErrorCode.ConsoleGameNotFound);
    const gateways = new Map((await repo.gateways()).map((r) => [r.gameId, r]));
    return view(g, gateways, await repo.servers(id));
  }

  function audited(g: GameFields, credentials?: Mode | null) {
    return {
      names: g.names,
      icons: g.icons,
      platforms: g.platforms,
      sort: g.sort,
      ...(credentials === undefined ? {} : { credentials }),
    };
  }

  function serverView(s: ServerRow): ConsoleServer {
    return {
      gameId: s.gameId,
      serverId: s.serverId,
      name: s.name,
      state: s.state === 1 ? 'maintenance' : 'open',
      maintenanceMessage: s.maintenanceMessage,
      updatedAt: ts(s.updatedAt),
    };
  }

  /** A client of one game's gateway as it is now (no cache): for the test and the sync. */
  async function freshClient(gameId: number) {
    const g = await repo.game(gameId);
    if (g === undefined) throw new AppError(ErrorCode.ConsoleGameNotFound);
    deps.directory.clear();
    const target = await deps.directory.resolve(gameId);
    if (target === undefined) throw new AppError(ErrorCode.GameGatewayNotSet);
    return createGameGateway({
      gateways: { [String(gameId)]: target },
      timeoutMs: deps.timeoutMs,
    });
  }

  return {
    async list(
      f: { q?: string | undefined; missingTranslations?: boolean | undefined },
      page: number,
      size: number,
    ) {
      const [games, gateways, servers] = await Promise.all([
        repo.listGames(),
        repo.gateways(),
        repo.servers(),
      ]);
      const q = f.q?.toLowerCase();
      const matching = games.filter(
        (g) =>
          (q === undefined ||
            String(g.id) === q ||
            Object.values(g.names).some((n) => n?.toLowerCase().includes(q))) &&
          (f.missingTranslations !== true || missingLanguages(g.names).length > 0),
      );
      const byGame = new Map(gateways.map((r) => [r.gameId, r]));
      const list = await Promise.all(
        matching.slice((page - 1) * size, page * size).map((g) => view(g, byGame, servers)),
      );
      return { list, total: matching.length, page, size };
    },

    get: one,

    async create(
      input: { id: number; names: Texts; icons: Texts; platforms: Platform[]; sort: number },
      actor: ConsoleActor,
    ): Promise<ConsoleGame> {
      const names = compact(input.names);
      const icons = compact(input.icons);
      const row = {
        id: input.id,
        name: names['en-US'] ?? '',
        icon: icons['en-US'] ?? '',
        names,
        icons,
        platforms: [...new Set(input.platforms)],
        sort: input.sort,
      };
      await db.transaction().execute(async (trx) => {
        const now = clock.now();
        if (!(await createGamesConsoleRepository(trx).insertGame(row, now)))
          throw new AppError(ErrorCode.GameIdTaken);
        await createAuditRepository(trx).append({
          actorKind: actor.kind,
          actor: actor.name,
          ip: actor.ip ?? null,
          action: 'game.create',
          target: `game:${row.id}`,
          before: null,
          after: audited(row),
          at: now,
        });
      });
      await invalidation.publish('games');
      return one(row.id);
    },

    async update(
      input: {
        id: number;
        names?: Texts | undefined;
        icons?: Texts | undefined;
        platforms?: Platform[] | undefined;
        sort?: number | undefined;
        credentials?: Mode | null | undefined;
      },
      actor: ConsoleActor,
    ): Promise<ConsoleGame> {
      // `game` needs a gateway to ask (ADR 0043: a game without one cannot own credentials).
      if (input.credentials === 'game' && (await deps.directory.resolve(input.id)) === undefined) {
        if ((await repo.game(input.id)) === undefined)
          throw new AppError(ErrorCode.ConsoleGameNotFound);
        throw new AppError(ErrorCode.GameCredentialsNeedGateway);
      }
      let credentialsChanged = false;
      await db.transaction().execute(async (trx) => {
        const games = createGamesConsoleRepository(trx);
        const now = clock.now();
        const old = await games.game(input.id, { forUpdate: true });
        if (old === undefined) throw new AppError(ErrorCode.ConsoleGameNotFound);
        const names = input.names === undefined ? old.names : compact(input.names);
        const icons = input.icons === undefined ? old.icons : compact(input.icons);
        if ((names['en-US'] ?? '') === '')
          throw invalid('names.en-US', 'the en-US name is required');
        const next = {
          id: old.id,
          name: names['en-US'] ?? old.name,
          icon: icons['en-US'] ?? '',
          names,
          icons,
          platforms: input.platforms === undefined ? old.platforms : [...new Set(input.platforms)],
          sort: input.sort ?? old.sort,
        };
        await games.updateGame(next, now);
        const credentials = input.credentials === undefined ? old.credentials : input.credentials;
        credentialsChanged = credentials !== old.credentials;
        if (credentialsChanged) await games.setCredentials(old.id, credentials);
        await createAuditRepository(trx).append({
          actorKind: actor.kind,
          actor: actor.name,
          ip: actor.ip ?? null,
          action: 'game.update',
          target: `game:${old.id}`,
          before: audited(old, old.credentials),
          after: audited(next, credentials),
          at: now,
        });
      });
      await invalidation.publish('games');
      if (credentialsChanged) await invalidation.publish('gateways');
      return one(input.id);
    },

    async gatewaySet(
      input: { gameId: number; url: string; credentials?: 'portal' | 'game' | undefined },
      actor: ConsoleActor,
    ) {
      const secret = await db.transaction().execute(async (trx) => {
        const games = createGamesConsoleRepository(trx);
        const now = clock.now();
        const g = await games.game(input.gameId, { forUpdate: true });
        if (g === undefined) throw new AppError(ErrorCode.ConsoleGameNotFound);
        const old = await games.gateway(input.gameId);
        // The credentials mode is the game's (games.credentials, ADR 0050); the gateway row
        // keeps a copy only.
        if (input.credentials !== undefined && input.credentials !== g.credentials)
          await games.setCredentials(input.gameId, input.credentials);
        const made = old === undefined ? randomBytes(32).toString('base64url') : undefined;
        const next: GatewayRow = {
          gameId: input.gameId,
          url: input.url,
          secretEnc:
            made === undefined
              ? (old as GatewayRow).secretEnc
              : deps.cipher().encrypt(made, gatewaySecretContext(input.gameId)),
          keyFingerprint:
            made === undefined ? (old as GatewayRow).keyFingerprint : keyFingerprint(made),
          credentials: input.credentials ?? old?.credentials ?? 'portal',
          rotatedAt: old?.rotatedAt ?? now,
          updatedAt: now,
        };
        await games.upsertGateway(next);
        const shown = (row: GatewayRow, credentials: Mode | null) => ({
          url: row.url,
          credentials,
          keyFingerprint: row.keyFingerprint,
        });
        await createAuditRepository(trx).append({
          actorKind: actor.kind,
          actor: actor.name,
          ip: actor.ip ?? null,
          action: 'game.gateway.set',
          target: `game:${input.gameId}`,
          before: old === undefined ? null : shown(old, g.credentials),
          after: shown(next, input.credentials ?? g.credentials),
          at: now,
        });
        return made;
      });
      await invalidation.publish('gateways');
      const game = await one(input.gameId);
      return { gateway: game.gateway, ...(secret === undefined ? {} : { secret }) };
    },

    async gatewayRotate(
      input: { gameId: number; secret?: string | undefined },
      actor: ConsoleActor,
    ) {
      const secret = input.secret ?? randomBytes(32).toString('base64url');
      await db.transaction().execute(async (trx) => {
        const games = createGamesConsoleRepository(trx);
        const now = clock.now();
        if ((await games.game(input.gameId)) === undefined)
          throw new AppError(ErrorCode.ConsoleGameNotFound);
        const old = await games.gateway(input.gameId);
        if (old === undefined) throw new AppError(ErrorCode.GameGatewayNotSet);
        const next: GatewayRow = {
          ...old,
          secretEnc: deps.cipher().encrypt(secret, gatewaySecretContext(input.gameId)),
          keyFingerprint: keyFingerprint(secret),
          rotatedAt: now,
          updatedAt: now,
        };
        await games.upsertGateway(next);
        await createAuditRepository(trx).append({
          actorKind: actor.kind,
          actor: actor.name,
          ip: actor.ip ?? null,
          action: 'game.gateway.rotate',
          target: `game:${input.gameId}`,
          before: { keyFingerprint: old.keyFingerprint },
          after: { keyFingerprint: next.keyFingerprint, pasted: input.secret !== undefined },
          at: now,
        });
      });
      await invalidation.publish('gateways');
      return { gateway: (await one(input.gameId)).gateway, secret };
    },

    async gatewayTest(gameId: number) {
      const client = await freshClient(gameId);
      const started = performance.now();
      try {
        const servers = await client.listServers(gameId);
        return {
          ok: true,
          latencyMs: Math.round(performance.now() - started),
          servers: servers.length,
        };
      } catch (err) {
        return {
          ok: false,
          latencyMs: Math.round(performance.now() - started),
          error: (err instanceof Error ? err.message : String(err)).slice(0, 300),
        };
      }
    },

    async servers(
      f: { gameId: number; state?: 'open' | 'maintenance' | undefined; q?: string | undefined },
      page: number,
      size: number,
    ) {
      if ((await repo.game(f.gameId)) === undefined)
        throw new AppError(ErrorCode.ConsoleGameNotFound);
      const q = f.q?.toLowerCase();
      const all = (await repo.servers(f.gameId))
        .map(serverView)
        .filter(
          (s) =>
            (f.state === undefined || s.state === f.state) &&
            (q === undefined || String(s.serverId) === q || s.name.toLowerCase().includes(q)),
        );
      return { list: all.slice((page - 1) * size, page * size), total: all.length, page, size };
    },

    async syncServers(gameId: number, actor: ConsoleActor) {
      const client = await freshClient(gameId);
      let reported;
      try {
        reported = await client.listServers(gameId);
      } catch {
        throw new AppError(ErrorCode.GameGatewayUnreachable);
      }
      const result = await db.transaction().execute(async (trx) => {
        const games = createGamesConsoleRepository(trx);
        const now = clock.now();
        const known = new Map((await games.servers(gameId)).map((s) => [s.serverId, s]));
        let added = 0;
        let renamed = 0;
        for (const [i, s] of reported.entries()) {
          const had = known.get(s.server_id);
          if (had === undefined) {
            await games.insertServer({
              gameId,
              serverId: s.server_id,
              name: s.server_name,
              sort: i,
            });
            added += 1;
          } else if (had.name !== s.server_name) {
            await games.renameServer(gameId, s.server_id, s.server_name);
            renamed += 1;
          }
        }
        const total = (await games.servers(gameId)).length;
        await createAuditRepository(trx).append({
          actorKind: actor.kind,
          actor: actor.name,
          ip: actor.ip ?? null,
          action: 'game.servers.sync',
          target: `game:${gameId}`,
          before: { total: known.size },
          after: { total, added, renamed },
          at: now,
        });
        return { added, renamed, total };
      });
      await invalidation.publish('servers');
      return result;
    },

    async updateServer(
      input: {
        gameId: number;
        serverId: number;
        state: 'open' | 'maintenance';
        maintenanceMessage?: Texts | undefined;
        postBulletin?: boolean | undefined;
      },
      actor: ConsoleActor,
    ) {
      const out = await db.transaction().execute(async (trx) => {
        const games = createGamesConsoleRepository(trx);
        const now = clock.now();
        const old = await games.server(input.gameId, input.serverId);
        if (old === undefined) throw new AppError(ErrorCode.ServerNotFound);
        const message =
          input.maintenanceMessage === undefined
            ? old.maintenanceMessage
            : compact(input.maintenanceMessage);
        let bulletinId: number | undefined;
        if (input.postBulletin === true) {
          if ((message['en-US'] ?? '') === '')
            throw invalid('maintenanceMessage.en-US', 'a bulletin needs the en-US message');
          bulletinId = await createBulletinsRepository(trx).insert({
            pinned: false,
            link: null,
            texts: Object.fromEntries(
              Object.entries(message).map(([lang, text]) => [
                lang,
                { title: old.name, content: `<p>${escapeHtml(text ?? '')}</p>` },
              ]),
            ),
          });
        }
        const state = input.state === 'maintenance' ? 1 : 0;
        await games.updateServer(input.gameId, input.serverId, {
          state,
          maintenanceMessage: message,
          at: now,
        });
        await createAuditRepository(trx).append({
          actorKind: actor.kind,
          actor: actor.name,
          ip: actor.ip ?? null,
          action: 'game.server.update',
          target: `game_server:${input.gameId}:${input.serverId}`,
          before: { state: serverView(old).state, maintenanceMessage: old.maintenanceMessage },
          after: {
            state: input.state,
            maintenanceMessage: message,
            ...(bulletinId === undefined ? {} : { bulletinId }),
          },
          at: now,
        });
        return {
          server: serverView({ ...old, state, maintenanceMessage: message, updatedAt: now }),
          bulletinId,
        };
      });
      await invalidation.publish('servers');
      if (out.bulletinId !== undefined) await invalidation.publish('bulletins');
      return {
        server: out.server,
        ...(out.bulletinId === undefined ? {} : { bulletinId: out.bulletinId }),
      };
    },
  };
}

export type GamesConsoleService = ReturnType<typeof createGamesConsoleService>;
