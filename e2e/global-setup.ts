// Starts the built server (`apps/server/dist/main.js`) on a free port with a fresh data
// directory, waits for /readyz, and exposes the URL to the tests as E2E_BASE_URL. A local
// OpenID provider stands in for Google (sign-in browser tests) and the dev outbox is on. The demo
// game backend (apps/demo-game/dist/main.js) runs on another free port and is the portal's game 1
// (GAME_GATEWAYS); its URL is E2E_DEMO_GAME_URL (e2e/support/demo-game.ts reads its inventory).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_GOOGLE_CLIENT, startLocalOidc } from './support/local-oidc';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, ms: number, path = '/readyz'): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}${path}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} not ready after ${ms} ms`);
}

/** The demo game on a free port with a fresh secret (docs/game-gateway.md). */
async function startDemoGame(): Promise<{ child: ChildProcess; url: string; secret: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const secret = randomBytes(24).toString('hex');
  const child = spawn(process.execPath, ['apps/demo-game/dist/main.js'], {
    env: {
      ...process.env,
      DEMO_GAME_HOST: '127.0.0.1',
      DEMO_GAME_PORT: String(port),
      DEMO_GAME_SECRET: secret,
      DEMO_GAME_ID: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(url, 15_000, '/healthz');
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return { child, url, secret };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => {};
  const main = 'apps/server/dist/main.js';
  if (
    !existsSync(main) ||
    !existsSync('apps/web/dist/index.html') ||
    !existsSync('apps/demo-game/dist/main.js')
  ) {
    throw new Error('Build first: npm run build (npm test does it for you).');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'hc-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const oidc = await startLocalOidc(url);
  const demoGame = await startDemoGame();
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      // Not development: the server would then read a developer's .env (docs/configuration.md).
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      HC_DEMO: '1',
      LOG_LEVEL: 'warn',
      // Codes are read from /dev/outbox.json by the sign-in tests.
      DEV_OUTBOX: 'true',
      // Self-service journeys make a fresh account each through sign-up (ADR 0042, ADR 0049).
      SIGN_UP_ENABLED: 'true',
      // Parallel tests sign in as the same demo account; single-device mode would end each
      // other's sessions (the expiry test ends its own session explicitly).
      SESSION_SINGLE_DEVICE: 'false',
      PUBLIC_BASE_URL: url,
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: E2E_GOOGLE_CLIENT.secret,
      GOOGLE_ISSUER: oidc.issuer,
      GAME_GATEWAYS: JSON.stringify({ '1': { url: demoGame.url, secret: demoGame.secret } }),
      // A delivery to a game that is down gives up after three attempts (seconds, not the
      // default's minutes), so the console journey re-delivers a dead delivery
      // (e2e/console-support-journey.spec.ts).
      DELIVERY_MAX_ATTEMPTS: '3',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitReady(url, 60_000);
  } catch (error) {
    child.kill('SIGTERM');
    await oidc.close();
    await stopChild(demoGame.child);
    throw error;
  }
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DEMO_GAME_URL = demoGame.url;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await stopChild(demoGame.child);
    await oidc.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
