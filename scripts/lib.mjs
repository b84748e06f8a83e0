// Small helpers shared by the root scripts: run a command, and tell whether a build is stale.
import { spawn } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Debian's Chromium and the flags every headless run here uses (README "Tests"). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** docs/product/api.md#payload-encryption, as packages/contract/src/crypto.ts does it (AES-256-GCM). */
export function encryptPayload(keyB64, plaintext) {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyB64, 'base64'), nonce);
  const body = Buffer.concat([
    cipher.update(plaintext, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return Buffer.concat([Buffer.from([1]), nonce, body]).toString('base64url');
}

/**
 * The portal's environment under `npm start`: outside production the dev outbox (/dev/outbox,
 * verification codes for testers), sign-up on the portal (ADR 0042) and the sandbox identity
 * provider (Google, Apple, Facebook and WeChat sign-in without accounts there, ADR 0044) are on
 * unless set; with NODE_ENV=production nothing is added (the server refuses DEV_OUTBOX=true and
 * SOCIAL_SANDBOX=true there, ADR 0032).
 */
export function portalStartEnv(env) {
  return env.NODE_ENV === 'production'
    ? { ...env }
    : { DEV_OUTBOX: 'true', SIGN_UP_ENABLED: 'true', SOCIAL_SANDBOX: 'true', ...env };
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when `output` is missing or older than any of `inputs`. */
export function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

/** Inputs of each build output, for isStale (the contract is bundled into both Node apps). */
export const buildInputs = {
  contract: ['packages/contract/src'],
  demoGame: ['apps/demo-game/src', 'apps/demo-game/build.mjs', 'packages/contract/src'],
};

/** The development secret shared by `npm start`'s portal and demo game; never for a real game. */
export const DEMO_GAME_DEV_SECRET = 'hc-demo-game-secret-dev-only';

/** Polls `${url}/healthz` until it answers 200 (or throws after `ms`). */
export async function waitHealthy(url, ms = 15_000, child = undefined) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited early`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not healthy after ${ms} ms`);
}

/**
 * Starts the built demo game (apps/demo-game/dist/main.js) as a child process and waits until it
 * answers. Returns { child, url, secret, gateways } where gateways is the GAME_GATEWAYS JSON.
 */
export async function startDemoGameChild({
  port = 8091,
  host = '127.0.0.1',
  secret = DEMO_GAME_DEV_SECRET,
  gameId = 1,
  env = process.env,
  stdio = 'inherit',
} = {}) {
  const child = spawn(process.execPath, ['apps/demo-game/dist/main.js'], {
    stdio: ['ignore', stdio, stdio],
    env: {
      ...env,
      DEMO_GAME_PORT: String(port),
      DEMO_GAME_HOST: host,
      DEMO_GAME_SECRET: secret,
      DEMO_GAME_ID: String(gameId),
    },
  });
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
  try {
    await waitHealthy(url, 15_000, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const gateways = JSON.stringify({ [String(gameId)]: { url, secret } });
  return { child, url, secret, gateways };
}
