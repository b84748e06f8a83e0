// The demo game's HTTP server (node:http): the signed game gateway calls (docs/game-gateway.md,
// docs/game-gateway.md) plus an unsigned test-only admin API under /_demo/ to flip fault switches and read
// inventories and grant counts. createDemoGame() listens and returns { server, url, close, state }.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GatewayErrorCode,
  gatewayDeliverRequestSchema,
  gatewayRolesRequestSchema,
  gatewayServersRequestSchema,
  gatewayTakebackRequestSchema,
  gatewayValidateRequestSchema,
  gatewayVerifyCredentialsRequestSchema,
  verifyGatewaySignature,
} from '@hc/contract';
import { createHandover, createLinkCode, PortalCallError, type PortalLink } from './portal';
import { DemoGameError, DemoGameState, type Switches } from './state';

const BODY_LIMIT = 64 * 1024;

export interface DemoGameOptions {
  /** HMAC secret shared with the portal (GAME_GATEWAYS). */
  secret: string;
  /** The game id this backend answers for; default 1 (the portal's demo game). */
  gameId?: number;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  switches?: Partial<Switches>;
  /** false: no /_demo/ admin API. Default true. */
  admin?: boolean;
  /** Random source for the failure switches (tests pass a fixed one). Default Math.random. */
  random?: () => number;
  /** Clock, Unix seconds. Default the system clock. */
  now?: () => number;
  /**
   * The portal and this game's publisher key: turns on "open the portal" (GET
   * /_demo/open-portal?uid=…, a redirect to a hand-over link) and POST /_demo/link-code {uid}.
   */
  portal?: PortalLink;
  /** One line per handled call; default silent. */
  log?: (line: string) => void;
}

export interface DemoGame {
  server: Server;
  /** Base URL, e.g. http://127.0.0.1:8091; calls go to `${url}/servers` etc. */
  url: string;
  state: DemoGameState;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Raised to stop handling without answering (the socket is already gone). */
class Dropped extends Error {}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(new HttpError(413, GatewayErrorCode.badRequest, 'body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  try {
    return raw === '' ? {} : JSON.parse(raw);
  } catch {
    throw new HttpError(400, GatewayErrorCode.badRequest, 'body is not JSON');
  }
}

function parseWith<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
  },
  value: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`)
      .join('; ');
    throw new HttpError(400, GatewayErrorCode.badRequest, detail);
  }
  return parsed.data;
}

function rate(value: unknown, name: string): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new HttpError(400, GatewayErrorCode.badRequest, `${name} must be a number 0..1`);
  }
  return value;
}

function millis(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 600_000) {
    throw new HttpError(400, GatewayErrorCode.badRequest, `${name} must be 0..600000 ms`);
  }
  return value;
}

/** Validates a partial switch update (admin API and env). */
export function parseSwitches(input: unknown): Partial<Switches> {
  if (typeof input !== 'object' || input === null) {
    throw new HttpError(400, GatewayErrorCode.badRequest, 'switches must be an object');
  }
  const o = input as Record<string, unknown>;
  const out: Partial<Switches> = {};
  if (o.latencyMs !== undefined) out.latencyMs = millis(o.latencyMs, 'latencyMs');
  if (o.failureRate !== undefined) out.failureRate = rate(o.failureRate, 'failureRate');
  if (o.applyThenTimeout !== undefined) {
    out.applyThenTimeout = rate(o.applyThenTimeout, 'applyThenTimeout');
  }
  if (o.hangMs !== undefined) out.hangMs = millis(o.hangMs, 'hangMs');
  return out;
}

function positiveInt(value: unknown, name: string): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0) {
    throw new HttpError(400, GatewayErrorCode.badRequest, `${name} must be a positive integer`);
  }
  return n;
}

export async function createDemoGame(options: DemoGameOptions): Promise<DemoGame> {
  const gameId = options.gameId ?? 1;
  const state = new DemoGameState(gameId, options.switches);
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const log = options.log ?? (() => undefined);
  const admin = options.admin ?? true;
  const timers = new Set<NodeJS.Timeout>();

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  /** The protocol calls: signature, tolerance, schema, game id, then the switches. */
  async function gatewayCall(
    call: string,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const raw = await readBody(req);
    const verdict = await verifyGatewaySignature(options.secret, raw, req.headers, now());
    if (!verdict.ok) {
      const code =
        verdict.reason === 'stale_timestamp'
          ? GatewayErrorCode.staleTimestamp
          : GatewayErrorCode.badSignature;
      throw new HttpError(401, code, `signature check failed: ${verdict.reason}`);
    }
    const body = parseJson(raw);
    const { latencyMs, failureRate, applyThenTimeout, hangMs } = state.switches;
    if (latencyMs > 0) await sleep(latencyMs);
    if (failureRate > 0 && random() < failureRate) {
      throw new HttpError(503, GatewayErrorCode.unavailable, 'the game is unavailable (switch)');
    }
    const checkGame = (id: number): void => {
      if (id !== gameId) throw new HttpError(404, GatewayErrorCode.unknownGame, `no game ${id}`);
    };
    switch (call) {
      case 'servers': {
        checkGame(parseWith(gatewayServersRequestSchema, body).game_id);
        return send(res, 200, { servers: state.listServers() });
      }
      case 'roles': {
        const r = parseWith(gatewayRolesRequestSchema, body);
        checkGame(r.game_id);
        return send(res, 200, { roles: state.listRoles(r.uid, r.server_id) });
      }
      case 'deliver': {
        const r = parseWith(gatewayDeliverRequestSchema, body);
        checkGame(r.game_id);
        const result = state.deliver(r, now());
        if (!result.duplicate && applyThenTimeout > 0 && random() < applyThenTimeout) {
          // Applied, but the portal never hears back: it must retry with the same delivery id.
          if (hangMs > 0) await sleep(hangMs);
          req.socket.destroy();
          throw new Dropped();
        }
        return send(res, 200, result);
      }
      case 'takeback': {
        const r = parseWith(gatewayTakebackRequestSchema, body);
        checkGame(r.game_id);
        return send(res, 200, state.takeback(r, now()));
      }
      case 'validate': {
        const r = parseWith(gatewayValidateRequestSchema, body);
        checkGame(r.game_id);
        return send(res, 200, state.validate(r));
      }
      case 'verifyCredentials': {
        const r = parseWith(gatewayVerifyCredentialsRequestSchema, body);
        checkGame(r.game_id);
        return send(res, 200, state.verifyCredentials(r));
      }
      default:
        throw new HttpError(404, GatewayErrorCode.notFound, `no call ${call}`);
    }
  }

  async function adminCall(
    path: string,
    url: URL,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    if (path === '/_demo/switches') {
      if (method === 'POST') {
        state.switches = { ...state.switches, ...parseSwitches(parseJson(await readBody(req))) };
      }
      return send(res, 200, state.switches);
    }
    if (path === '/_demo/servers' && method === 'GET') {
      return send(res, 200, { servers: state.listServers() });
    }
    const serverState = /^\/_demo\/servers\/(\d+)\/state$/.exec(path);
    if (serverState && method === 'POST') {
      const body = parseJson(await readBody(req)) as { state?: unknown };
      if (body.state !== 0 && body.state !== 1) {
        throw new HttpError(400, GatewayErrorCode.badRequest, 'state must be 0 or 1');
      }
      return send(res, 200, state.setServerState(Number(serverState[1]), body.state));
    }
    if ((path === '/_demo/open-portal' || path === '/_demo/link-code') && options.portal) {
      const given =
        method === 'GET'
          ? url.searchParams.get('uid')
          : (parseJson(await readBody(req)) as Record<string, unknown>).uid;
      const uid = typeof given === 'string' ? given : '';
      if (!/^[\x21-\x7e]{1,64}$/.test(uid))
        throw new HttpError(400, GatewayErrorCode.badRequest, 'uid: 1-64 visible ASCII');
      try {
        if (path === '/_demo/link-code' && method === 'POST')
          return send(res, 200, await createLinkCode(options.portal, uid));
        if (path === '/_demo/open-portal' && method === 'GET') {
          const { url: link } = await createHandover(options.portal, uid);
          res.writeHead(302, { location: link, 'cache-control': 'no-store' });
          res.end();
          return;
        }
      } catch (error) {
        if (error instanceof PortalCallError)
          throw new HttpError(502, GatewayErrorCode.unavailable, `portal: ${error.message}`);
        throw error;
      }
    }
    if (path === '/_demo/players' && method === 'POST') {
      const body = parseJson(await readBody(req)) as Record<string, unknown>;
      const uid =
        typeof body.uid === 'string' && /^[\x21-\x7e]{1,64}$/.test(body.uid) ? body.uid : '';
      if (uid === '')
        throw new HttpError(400, GatewayErrorCode.badRequest, 'uid: 1-64 visible ASCII');
      const name = typeof body.display_name === 'string' ? body.display_name : `Player ${uid}`;
      return send(res, 200, state.addPlayer(uid, name));
    }
    if (path === '/_demo/roles' && method === 'GET') {
      const uid = positiveInt(url.searchParams.get('uid'), 'uid');
      const serverId = positiveInt(url.searchParams.get('server_id'), 'server_id');
      return send(res, 200, { roles: state.listRoles(uid, serverId) });
    }
    if (path === '/_demo/roles' && method === 'POST') {
      const body = parseJson(await readBody(req)) as Record<string, unknown>;
      const uid = positiveInt(body.uid, 'uid');
      const serverId = positiveInt(body.server_id, 'server_id');
      const roleId = typeof body.role_id === 'string' && body.role_id ? body.role_id : undefined;
      const roleName = typeof body.role_name === 'string' ? body.role_name : undefined;
      if (!roleId || !roleName) {
        throw new HttpError(400, GatewayErrorCode.badRequest, 'role_id and role_name required');
      }
      const level = body.level === undefined ? undefined : positiveInt(body.level, 'level');
      const role = state.addRole(uid, serverId, {
        role_id: roleId,
        role_name: roleName,
        ...(level === undefined ? {} : { level }),
      });
      return send(res, 201, role);
    }
    if (path === '/_demo/inventory' && method === 'GET') {
      const uid = positiveInt(url.searchParams.get('uid'), 'uid');
      const serverId = positiveInt(url.searchParams.get('server_id'), 'server_id');
      const roleId = url.searchParams.get('role_id');
      if (!roleId) throw new HttpError(400, GatewayErrorCode.badRequest, 'role_id required');
      return send(res, 200, { items: state.inventory(uid, serverId, roleId) });
    }
    if (path === '/_demo/grants' && method === 'GET') {
      return send(res, 200, state.grantCounts());
    }
    const grant = /^\/_demo\/grants\/(.+)$/.exec(path);
    if (grant && method === 'GET') {
      const record = state.grant(decodeURIComponent(grant[1] ?? ''));
      if (!record) throw new HttpError(404, GatewayErrorCode.notFound, 'no such delivery');
      return send(res, 200, record);
    }
    const takeback = /^\/_demo\/takebacks\/(.+)$/.exec(path);
    if (takeback && method === 'GET') {
      const record = state.takebackRecord(decodeURIComponent(takeback[1] ?? ''));
      if (!record) throw new HttpError(404, GatewayErrorCode.notFound, 'no such take-back');
      return send(res, 200, record);
    }
    if (path === '/_demo/consume' && method === 'POST') {
      const body = parseJson(await readBody(req)) as Record<string, unknown>;
      const roleId = typeof body.role_id === 'string' ? body.role_id : '';
      const itemId = typeof body.item_id === 'string' ? body.item_id : '';
      if (!roleId || !itemId) {
        throw new HttpError(400, GatewayErrorCode.badRequest, 'role_id and item_id required');
      }
      state.consume(
        positiveInt(body.uid, 'uid'),
        positiveInt(body.server_id, 'server_id'),
        roleId,
        itemId,
        positiveInt(body.count, 'count'),
      );
      return send(res, 200, { ok: true });
    }
    if (path === '/_demo/reset' && method === 'POST') {
      const body = parseJson(await readBody(req));
      state.reset(
        typeof body === 'object' && body !== null && 'switches' in body
          ? parseSwitches(body.switches)
          : undefined,
      );
      return send(res, 200, { ok: true });
    }
    throw new HttpError(404, GatewayErrorCode.notFound, `no admin route ${method} ${path}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://demo-game.local');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const started = Date.now();
    try {
      if (path === '/healthz') return send(res, 200, { ok: true, game_id: gameId });
      if (admin && path.startsWith('/_demo/')) return await adminCall(path, url, req, res);
      if (req.method !== 'POST') {
        throw new HttpError(405, GatewayErrorCode.badRequest, 'gateway calls are POST');
      }
      await gatewayCall(path.slice(1), req, res);
      log(`${req.method} ${path} ${res.statusCode} ${Date.now() - started}ms`);
    } catch (err) {
      if (err instanceof Dropped) {
        log(`${req.method} ${path} applied, then dropped the connection`);
        return;
      }
      const e =
        err instanceof HttpError || err instanceof DemoGameError
          ? err
          : new HttpError(500, GatewayErrorCode.internal, 'internal error');
      if (!(err instanceof HttpError || err instanceof DemoGameError)) {
        log(`${req.method} ${path} failed: ${err instanceof Error ? err.message : String(err)}`);
      } else log(`${req.method} ${path} ${e.status} ${e.code}`);
      if (!res.headersSent && !req.socket.destroyed) {
        send(res, e.status, { error: e.code, message: e.message });
      }
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    server,
    url: `http://${host}:${addr.port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
