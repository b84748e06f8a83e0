// The portal's game gateway client (docs/game-gateway.md, DESIGN §6): signed HTTP POST JSON to
// each game's backend, with a timeout; answers validated with the contract schemas. Network
// errors, timeouts, 5xx and malformed answers become GatewayError. deliver and takeback are
// idempotent on the delivery id, so a call that may have been applied is safe to retry.
import {
  gatewayDeliverResultSchema,
  gatewayErrorBodySchema,
  gatewayRolesResponseSchema,
  gatewayServersResponseSchema,
  gatewayTakebackResultSchema,
  type GatewayCallName,
  type GatewayDeliverRequest,
} from '@hc/contract';
import type { z } from 'zod';
import { signGatewayRequestNode } from './sign';
import { GatewayError, type DeliverInput, type GameGateway, type GatewayServer } from './types';

export interface GameGatewayOptions {
  /** Per game id: base URL and shared secret (config.gateways, env GAME_GATEWAYS). */
  gateways: Readonly<Record<string, { readonly url: string; readonly secret: string }>>;
  /** Per request (config.gatewayTimeoutMs). */
  timeoutMs: number;
  /** Unix seconds, for the signature timestamp; default the system clock. */
  nowSeconds?: () => number;
  /** Default globalThis.fetch (tests may wrap it). */
  fetch?: typeof fetch;
  /**
   * Keep each game's server list this long in this process (default 0: ask every time). The
   * server runs with SERVER_LIST_CACHE_MS, so a server put in maintenance is seen within that.
   */
  serverListCacheMs?: number;
  /** Milliseconds clock for the server-list cache; default Date.now. */
  nowMs?: () => number;
}

/**
 * How long main.ts keeps a game's server list (ADR 0023 follow-up): webCreate and webRole ask
 * for it on every call; 5 s saves most of those requests and a maintenance switch still
 * reaches players within seconds. The roles of a player are never cached.
 */
export const SERVER_LIST_CACHE_MS = 5_000;

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

/** Failures where the request certainly never reached the game (nothing can have been applied). */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Calls that change the game: once sent, they may have been applied. */
const CHANGING: ReadonlySet<GatewayCallName> = new Set<GatewayCallName>(['deliver', 'takeback']);

function neverSent(err: unknown): boolean {
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' && NOT_SENT.has(cause.code);
}

export function createGameGateway(options: GameGatewayOptions): GameGateway {
  const doFetch = options.fetch ?? globalThis.fetch;
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const nowMs = options.nowMs ?? Date.now;
  const serverListCacheMs = options.serverListCacheMs ?? 0;
  const serverLists = new Map<number, { expiresAt: number; list: Promise<GatewayServer[]> }>();

  function target(gameId: number): { url: string; secret: string } {
    const entry = options.gateways[String(gameId)];
    if (!entry) throw new GatewayError(`no game gateway configured for game ${gameId}`, false);
    return entry;
  }

  async function post<S extends z.ZodType>(
    gameId: number,
    call: GatewayCallName,
    body: object,
    schema: S,
  ): Promise<z.infer<S>> {
    const { url, secret } = target(gameId);
    const raw = JSON.stringify(body);
    const endpoint = `${url.replace(/\/+$/, '')}/${call}`;
    const headers = signGatewayRequestNode(secret, raw, nowSeconds());
    let res: Response;
    let text: string;
    try {
      res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      // Once the request may have reached the game, it may have been applied (deliver).
      const timedOut = isTimeout(err);
      throw new GatewayError(
        timedOut
          ? `game ${gameId} ${call}: no answer within ${options.timeoutMs} ms`
          : `game ${gameId} ${call}: ${err instanceof Error ? err.message : String(err)}`,
        timedOut || (CHANGING.has(call) && !neverSent(err)),
        { cause: err },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const error = gatewayErrorBodySchema.safeParse(json);
      const detail = error.success
        ? `${error.data.error}: ${error.data.message}`
        : text.slice(0, 200);
      // A 5xx may come from a proxy after the game applied the request; a 4xx was refused.
      throw new GatewayError(
        `game ${gameId} ${call}: HTTP ${res.status} ${detail}`,
        res.status >= 500,
        { status: res.status, ...(error.success ? { code: error.data.error } : {}) },
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new GatewayError(`game ${gameId} ${call}: malformed answer`, CHANGING.has(call), {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  /** deliver and takeback: the same request; the answer must be for the same delivery id. */
  async function itemCall<S extends z.ZodType<{ delivery_id: string }>>(
    call: 'deliver' | 'takeback',
    gameId: number,
    input: DeliverInput,
    schema: S,
  ): Promise<z.infer<S>> {
    const body: GatewayDeliverRequest = {
      game_id: gameId,
      delivery_id: input.deliveryId,
      order_id: input.orderId,
      uid: input.uid,
      server_id: input.serverId,
      role_id: input.roleId,
      items: input.items,
    };
    const result = await post(gameId, call, body, schema);
    if (result.delivery_id !== input.deliveryId) {
      throw new GatewayError(`game ${gameId} ${call}: answer for another delivery id`, true);
    }
    return result;
  }

  return {
    has: (gameId) => options.gateways[String(gameId)] !== undefined,

    listServers(gameId) {
      const fetchList = () =>
        post(gameId, 'servers', { game_id: gameId }, gatewayServersResponseSchema).then(
          (r) => r.servers,
        );
      if (serverListCacheMs <= 0) return fetchList();
      const now = nowMs();
      const hit = serverLists.get(gameId);
      if (hit !== undefined && hit.expiresAt > now) return hit.list.then((l) => [...l]);
      // The promise is cached, so concurrent misses share one request; a failure is not kept.
      const entry = { expiresAt: now + serverListCacheMs, list: fetchList() };
      serverLists.set(gameId, entry);
      entry.list.catch(() => {
        if (serverLists.get(gameId) === entry) serverLists.delete(gameId);
      });
      return entry.list.then((l) => [...l]);
    },

    async listRoles(gameId, uid, serverId) {
      const r = await post(
        gameId,
        'roles',
        { game_id: gameId, uid, server_id: serverId },
        gatewayRolesResponseSchema,
      );
      return r.roles;
    },

    deliver: (gameId, input) => itemCall('deliver', gameId, input, gatewayDeliverResultSchema),
    takeback: (gameId, input) => itemCall('takeback', gameId, input, gatewayTakebackResultSchema),
  };
}
