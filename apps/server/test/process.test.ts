// The real server process (src/main.ts under tsx): start-up refusals exit 1 with a plain message;
// SIGTERM lets an in-flight request finish, closes the database, removes the lock, exits 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync as makeTempDir, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { encryptPayload, ErrorCode } from '@hc/contract';
import { LOCK_FILE_NAME } from '../src/db/data-dir-lock';
import type { Envelope } from './support/envelope';
import { PRODUCTION_SECRETS } from './support/helper';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];
const tempDirs: string[] = [];

function mkdtempSync(prefix: string): string {
  const dir = makeTempDir(prefix);
  tempDirs.push(dir);
  return dir;
}

// tsx by path, so a process may run from another working directory (the `.env` tests).
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

function startServer(
  env: Record<string, string>,
  cwd = serverDir,
  [entry, ...args]: readonly string[] = ['src/main.ts'],
) {
  const child = spawn(process.execPath, ['--import', tsx, join(serverDir, entry ?? ''), ...args], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(tmpdir(), 'hc-no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('refuses a bad config with exit code 1, naming each bad variable', async () => {
    const server = startServer({ PORT: 'eighty', LOG_LEVEL: 'chatty', IOS_BLOCK: 'perhaps' });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    for (const name of ['PORT', 'LOG_LEVEL', 'IOS_BLOCK'])
      expect(stderr).toContain(`  - ${name}: `);
  });

  it('reads .env from its working directory outside production, the real environment winning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hc-dotenv-'));
    writeFileSync(join(dir, '.env'), 'PORT=eighty\nLOG_LEVEL=chatty\n');
    // LOG_LEVEL=warn in the real environment wins over the file's bad value.
    // The server, and the operator CLI with a command that reads the configuration.
    for (const command of [['src/main.ts'], ['src/portal.ts', 'reencrypt']]) {
      const server = startServer({ NODE_ENV: 'development' }, dir, command);
      expect(await server.exited).toBe(1);
      const { stderr } = server.output();
      expect(stderr).toContain('  - PORT: must be an integer from 0 to 65535 (got "eighty")');
      expect(stderr).not.toContain('LOG_LEVEL');
    }
    // Production reads only the real environment: the file's PORT is not even looked at.
    const production = startServer({ NODE_ENV: 'production' }, dir);
    expect(await production.exited).toBe(1);
    expect(production.output().stderr).toContain('  - PAYLOAD_KEY: is required');
    expect(production.output().stderr).not.toContain('PORT');
  });

  it('refuses a production start without the server secrets, naming every one of them', async () => {
    const server = startServer({ NODE_ENV: 'production', PORT: '0' });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    for (const name of ['PAYLOAD_KEY', 'DATA_KEY', 'CODE_HASH_SECRET', 'ANALYTICS_SIGNING_SECRET'])
      expect(stderr).toContain(`  - ${name}: `);
  });

  it('starts in production with its secrets: no demo data, no dev route', async () => {
    const payloadKey = Buffer.alloc(32, 7).toString('base64');
    const dir = mkdtempSync(join(tmpdir(), 'hc-proc-production-'));
    const server = startServer({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      PORT: '0',
      LOG_LEVEL: 'info',
      PAYLOAD_KEY: payloadKey,
      ...PRODUCTION_SECRETS,
    });
    const port = await waitFor(
      () => server.output().stdout.match(/HC Portal listening on http:\/\/127\.0\.0\.1:(\d+)/)?.[1],
      60_000,
      'listening line',
    );
    const base = `http://127.0.0.1:${port}`;
    expect(server.output().stdout).not.toContain('demo data seeded');
    for (const path of [
      '/dev/outbox',
      '/dev/outbox.json',
      '/dev/analytics.json',
      '/pay/sandbox/x',
    ]) {
      // Not an HTML client: a path with no route is a plain 404, not the web app's fallback.
      const res = await fetch(base + path, { headers: { accept: 'application/json' } });
      expect(res.status, path).toBe(404);
    }
    // The demo account does not exist: the account sign-in answers "not found".
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        channel_code: 'account',
        account: 'demo',
        passwd: await encryptPayload(payloadKey, 'demo1234'),
        encrypt: 1,
      }),
    });
    expect(((await login.json()) as Envelope).code).toBe(ErrorCode.LoginNameNotFound);
    const games = await fetch(`${base}/api/setting/init`, { method: 'POST' });
    expect(games.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('refuses a DATA_DIR locked by a live process with exit code 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hc-proc-locked-'));
    writeFileSync(join(dir, LOCK_FILE_NAME), `${process.pid}\n`);
    const server = startServer({ DATA_DIR: dir, PORT: '0' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toContain(
      `DATA_DIR ${dir} is in use by another HC Portal process (pid ${process.pid})`,
    );
  });

  it('refuses a corrupt DATA_DIR with exit code 1 and a message, not a stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hc-proc-corrupt-'));
    mkdirSync(join(dir, 'pgdata'));
    writeFileSync(join(dir, 'pgdata/PG_VERSION'), 'not a version\n');
    const server = startServer({ DATA_DIR: dir, PORT: '0' });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toContain(
      `HC Portal could not start: The database in ${join(dir, 'pgdata')} could not be opened`,
    );
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('on SIGTERM during start-up finishes the current step, then exits 0 without serving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hc-proc-early-'));
    const server = startServer({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'info' });
    // The lock is taken while the database opens: the signal handlers are installed by then.
    await waitFor(() => (existsSync(join(dir, LOCK_FILE_NAME)) ? true : undefined), 30_000, 'lock');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output().stdout).not.toContain('listening');
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  }, 60_000);

  it('on SIGTERM finishes the in-flight request, stops accepting, exits 0 and removes the lock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hc-proc-shutdown-'));
    const server = startServer({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'info' });
    const port = await waitFor(
      () => server.output().stdout.match(/HC Portal listening on http:\/\/127\.0\.0\.1:(\d+)/)?.[1],
      60_000,
      'listening line',
    );
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);

    // A slow request: headers now, the body's last byte after the signal.
    const socket = connect(Number(port), '127.0.0.1');
    let response = '';
    socket.on('data', (d: Buffer) => (response += d.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'POST /api/setting/init HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{',
    );
    await sleep(300);
    server.child.kill('SIGTERM');

    // New connections are refused while the slow request is still open.
    await waitFor(
      () => (server.output().stdout.includes('shutting down') ? true : undefined),
      5_000,
      'shutdown log',
    );
    const refused = await new Promise<boolean>((resolve) => {
      const probe = connect(Number(port), '127.0.0.1');
      probe.on('connect', () => (probe.destroy(), resolve(false)));
      probe.on('error', () => resolve(true));
    });
    expect(refused).toBe(true);
    expect(server.child.exitCode).toBeNull();

    socket.write('}');
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: 0,
      result: { game_id: 1 },
    });
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  }, 90_000);
});
