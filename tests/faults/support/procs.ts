// Real processes for the fault suite (ADR 0025): the BUILT server (apps/server/dist/main.js) in
// any role and the built demo game (apps/demo-game/dist/main.js), each on a free port, with
// their output kept in memory so a failing scenario can print the last lines.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_MAIN = `${ROOT}apps/server/dist/main.js`;
export const DEMO_GAME_MAIN = `${ROOT}apps/demo-game/dist/main.js`;

/** Secrets of the suite: fixed, test-only values shared by the servers and the harness. */
export const PAYLOAD_KEY = Buffer.alloc(32, 11).toString('base64');
export const SANDBOX_WEBHOOK_SECRET = 'faults-sandbox-webhook-secret-0123';
export const GAME_SECRET = 'faults-demo-game-secret-0123456789';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls until `check` resolves true; throws with `what` after `ms`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  ms = 30_000,
  everyMs = 100,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      if (await check()) return Date.now() - started;
    } catch {
      // not yet
    }
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface Proc {
  readonly name: string;
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Every output line so far (stdout and stderr). */
  readonly lines: string[];
  /** Resolves with the exit code or signal when the process ends. */
  readonly exited: Promise<string>;
  alive(): boolean;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (graceful stop) and wait for the exit. */
  stop(): Promise<void>;
  /** The last `n` output lines, for failure messages. */
  tail(n?: number): string;
}

function spawnProc(name: string, args: string[], env: Record<string, string>, port: number): Proc {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line !== '') lines.push(line);
    if (lines.length > 5000) lines.splice(0, lines.length - 5000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signal = async (sig: NodeJS.Signals) => {
    if (alive()) child.kill(sig);
    await exited;
  };
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    lines,
    exited,
    alive,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    tail: (n = 40) => lines.slice(-n).join('\n'),
  };
}

async function waitUp(proc: Proc, path: string, ms: number): Promise<void> {
  try {
    await waitFor(
      `${proc.name} ${path}`,
      async () => {
        if (!proc.alive()) throw new Error('exited');
        return (await fetch(`${proc.url}${path}`)).ok;
      },
      ms,
    );
  } catch (err) {
    await proc.kill();
    throw new Error(`${proc.name} did not come up (${(err as Error).message}):\n${proc.tail()}`, {
      cause: err,
    });
  }
  if (!proc.alive()) throw new Error(`${proc.name} exited during start:\n${proc.tail()}`);
}

export type Role = 'all' | 'api' | 'worker';

export interface ServerOptions {
  name: string;
  databaseUrl: string;
  gateways: string;
  role?: Role;
  port?: number;
  /** Extra env (DELIVERY_*, WORKER_INTERVAL_MS, REDIS_URL ...). */
  env?: Record<string, string>;
}

/** Starts the built server and waits for /readyz (migrations and the demo seed are done). */
export async function startServer(options: ServerOptions): Promise<Proc> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    DB_POOL_SIZE: '8',
    LOG_LEVEL: 'warn',
    PAYLOAD_KEY,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    WEB_DIST_DIR: `${ROOT}tests/faults/no-web-build`,
    DATA_DIR: `${ROOT}tests/faults/no-data-dir`,
    GAME_GATEWAYS: options.gateways,
    SANDBOX_WEBHOOK_SECRET,
    SEED_DEMO: 'true',
    WORKER_INTERVAL_MS: '200',
    DELIVERY_LEASE_SECONDS: '5',
    DELIVERY_BACKOFF_BASE_MS: '300',
    DELIVERY_BACKOFF_MAX_MS: '2000',
    GATEWAY_TIMEOUT_MS: '3000',
    // The load loops create orders back to back; the per-player creation limit is not under
    // test here.
    ORDER_CREATES_PER_MINUTE: '10000',
    ...options.env,
  };
  const proc = spawnProc(options.name, [SERVER_MAIN, `--role=${options.role ?? 'all'}`], env, port);
  await waitUp(proc, '/readyz', 30_000);
  return proc;
}

export interface DemoGameProc extends Proc {
  /** GAME_GATEWAYS for the portal: game 1 at `url` (or at a proxy in front of it). */
  gateways(url?: string): string;
  setSwitches(switches: Record<string, number>): Promise<void>;
  grants(): Promise<Grants>;
}

export interface Grants {
  deliveries: Record<string, { applied: number; requests: number; order_id: string }>;
  orders: Record<string, number>;
}

export async function startDemoGame(switches: Record<string, number> = {}): Promise<DemoGameProc> {
  const port = await freePort();
  const proc = spawnProc(
    'demo-game',
    [DEMO_GAME_MAIN],
    {
      DEMO_GAME_HOST: '127.0.0.1',
      DEMO_GAME_PORT: String(port),
      DEMO_GAME_SECRET: GAME_SECRET,
      DEMO_GAME_ID: '1',
      ...Object.fromEntries(
        Object.entries({
          DEMO_GAME_LATENCY_MS: switches.latencyMs,
          DEMO_GAME_FAILURE_RATE: switches.failureRate,
        })
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ),
    },
    port,
  );
  await waitUp(proc, '/healthz', 15_000);
  const admin = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${proc.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    if (!res.ok) throw new Error(`demo game ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    ...proc,
    gateways: (url = proc.url) => JSON.stringify({ '1': { url, secret: GAME_SECRET } }),
    setSwitches: async (s) => {
      await admin('/_demo/switches', s);
    },
    grants: () => admin<Grants>('/_demo/grants'),
  };
}
