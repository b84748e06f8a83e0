// The portal's game gateway client (docs/game-gateway.md): signed HTTP POST JSON to
// each game's backend, with a timeout; answers validated with the contract schemas. Network
// errors, timeouts, 5xx, malformed and oversized answers become GatewayError. deliver and
// takeback are idempotent on the delivery id, so a call that may have been applied is safe to
// retry. The read calls (servers, roles) are shared: identical calls under way at the same time
// send one request, and the answer may be kept a few seconds (ADR 0030).
import {
  gatewayDeliverResultSchema,
  gatewayUidOf,
  gatewayValidateResponseSchema,
  gatewayVerifyCredentialsResponseSchema,
  gatewayErrorBodySchema,
  gatewayRolesResponseSchema,
  gatewayServersResponseSchema,
  gatewayTakebackResultSchema,
  type GatewayCallName,
  type GatewayDeliverRequest,
  type GatewayUid,
  toUnixSeconds,
} from '@hc/contract';
import type { z } from 'zod';
import { signGatewayRequestNode } from './sign';
import {
  GatewayError,
  type DeliverInput,
  type GameGateway,
  type GatewayRole,
  type GatewayServer,
} from './types';

export interface GameGatewayOptions {
  /** Per game id: base URL and shared secret (config.gateways, env GAME_GATEWAYS). */
  gateways: Readonly<Record<string, { readonly url: string; readonly secret: string }>>;
  /**
   * Where a game's gateway is looked up instead of `gateways` (the console's entries with
   * GAME_GATEWAYS as fallback, modules/games/gateway-directory.ts); undefined: no gateway.
   */
  resolve?: (gameId: number) => Promise<GatewayTarget | undefined>;
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
  /**
   * Keep the roles of one game account on one server this long (default 0: ask every time).
   * The server runs with ROLES_CACHE_MS.
   */
  rolesCacheMs?: number;
  /** Milliseconds clock for the caches; default Date.now. */
  nowMs?: () => number;
}

/**
 * How long main.ts keeps a game's server list (ADR 0023 follow-up): webCreate and webRole ask
 * for it on every call; 5 s saves most of those requests and a maintenance switch still
 * reaches players within seconds. The roles of a player are never cached.
 */
export const SERVER_LIST_CACHE_MS = 5_000;

/**
 * How long main.ts keeps the roles of one game account on one server (ADR 0030): a burst of
 * webRole calls (a page opened many times, a script) costs the game one request per server
 * instead of one per call, and a role created or renamed in the game shows within 3 s.
 */
export const ROLES_CACHE_MS = 3_000;

/** Largest game answer read, in bytes; a longer one is a GatewayError (nothing is kept). */
export const GATEWAY_ANSWER_MAX_BYTES = 1024 * 1024;

/** Cached answers kept at most per cache; expired ones are swept first, then the oldest. */
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Single-flight with a short memory: concurrent calls with one key share one promise, and a
 * fulfilled answer is reused for `ttlMs` (0: only while under way). A failure is not kept.
 */
function sharedCalls<T>(ttlMs: number, nowMs: () => number) {
  const entries = new Map<string, { expiresAt: number; settled: boolean; value: Promise<T> }>();
  function sweep(now: number): void {
    for (const [key, e] of entries) if (e.settled && e.expiresAt <= now) entries.delete(key);
    while (entries.size >= CACHE_MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const now = nowMs();
    const hit = entries.get(key);
    if (hit !== undefined && (!hit.settled || hit.expiresAt > now)) return hit.value;
    if (hit !== undefined) entries.delete(key);
    if (entries.size >= CACHE_MAX_ENTRIES) sweep(now);
    const entry = { expiresAt: Number.POSITIVE_INFINITY, settled: false, value: load() };
    entries.set(key, entry);
    entry.value.then(
      () => {
        entry.settled = true;
        entry.expiresAt = nowMs() + ttlMs;
        if (ttlMs <= 0 && entries.get(key) === entry) entries.delete(key);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry.value;
  };
}

/** The body of `res` as text, refused past GATEWAY_ANSWER_MAX_BYTES. */
async function readAnswer(res: Response): Promise<string> {
  if (res.body === null) return '';
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > GATEWAY_ANSWER_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`answer larger than ${GATEWAY_ANSWER_MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

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

/** A uid on the wire: game account ids as before, stored uids by gatewayUidOf (numbers stay numbers). */
function wireUid(uid: GatewayUid): GatewayUid {
  return typeof uid === 'number' ? uid : gatewayUidOf(uid);
}

export interface GatewayTarget {
  readonly url: string;
  readonly secret: string;
}

/** The client, and a way to drop its server-list and role caches (invalidation bus). */
export type GameGatewayClient = GameGateway & { clearCaches(): void };

export function createGameGateway(options: GameGatewayOptions): GameGatewayClient {
  const doFetch = options.fetch ?? globalThis.fetch;
  const nowSeconds = options.nowSeconds ?? (() => toUnixSeconds(Date.now()));
  const nowMs = options.nowMs ?? Date.now;
  let serverLists = sharedCalls<GatewayServer[]>(options.serverListCacheMs ?? 0, nowMs);
  let roleLists = sharedCalls<GatewayRole[]>(options.rolesCacheMs ?? 0, nowMs);

  async function lookup(gameId: number): Promise<GatewayTarget | undefined> {
    if (options.resolve !== undefined) return options.resolve(gameId);
    return options.gateways[String(gameId)];
  }

  async function target(gameId: number): Promise<GatewayTarget> {
    const entry = await lookup(gameId);
    if (!entry) throw new GatewayError(`no game gateway configured for game ${gameId}`, false);
    return entry;
  }

  async function post<S extends z.ZodType>(
    gameId: number,
    call: GatewayCallName,
    body: object,
    schema: S,
  ): Promise<z.infer<S>> {
    const { url, secret } = await target(gameId);
    const raw = JSON.stringify(body);
    const endpoint = `${url.replace(/\/+$/, '')}/${call}`;
    const headers = signGatewayRequestNode(secret, raw, nowSeconds());
    let res: Response;
    let text: string;
    // A timer cleared with the answer, not AbortSignal.timeout: that one's timer still fires
    // after the answer and builds a TimeoutError (with its stack) for every call, 3 % of the
    // API's CPU in the pay loop (docs/benchmarks.md).
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new DOMException('The operation timed out.', 'TimeoutError')),
      options.timeoutMs,
    );
    timer.unref();
    try {
      res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: raw,
        signal: timeout.signal,
      });
      text = await readAnswer(res);
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
    } finally {
      clearTimeout(timer);
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
      uid: wireUid(input.uid),
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
    has: async (gameId) => (await lookup(gameId)) !== undefined,

    clearCaches() {
      serverLists = sharedCalls<GatewayServer[]>(options.serverListCacheMs ?? 0, nowMs);
      roleLists = sharedCalls<GatewayRole[]>(options.rolesCacheMs ?? 0, nowMs);
    },

    // Callers get copies: one changing its list does not change what the others see.
    listServers: (gameId) =>
      serverLists(String(gameId), () =>
        post(gameId, 'servers', { game_id: gameId }, gatewayServersResponseSchema).then(
          (r) => r.servers,
        ),
      ).then((list) => list.map((s) => ({ ...s }))),

    listRoles: (gameId, uid, serverId) =>
      roleLists(`${gameId}:${serverId}:${uid}`, () =>
        post(
          gameId,
          'roles',
          { game_id: gameId, uid: wireUid(uid), server_id: serverId },
          gatewayRolesResponseSchema,
        ).then((r) => r.roles),
      ).then((list) => list.map((r) => ({ ...r }))),

    // Never cached: the Publisher API asks right before it binds.
    validate: (gameId, uid, serverId) =>
      post(
        gameId,
        'validate',
        {
          game_id: gameId,
          uid: wireUid(uid),
          ...(serverId === undefined ? {} : { server_id: serverId }),
        },
        gatewayValidateResponseSchema,
      ),

    // Never cached, never retried here: a sign-in asks once and answers SystemBusy on failure.
    verifyCredentials: (gameId, account, password) =>
      post(
        gameId,
        'verifyCredentials',
        { game_id: gameId, account, password },
        gatewayVerifyCredentialsResponseSchema,
      ),

    deliver: (gameId, input) => itemCall('deliver', gameId, input, gatewayDeliverResultSchema),
    takeback: (gameId, input) => itemCall('takeback', gameId, input, gatewayTakebackResultSchema),
  };
}
