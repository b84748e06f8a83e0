// Dockerfile and compose.yaml (ADR 0036; node --test scripts/), checked without a container
// engine: their structure is parsed (a small reader for the YAML subset compose.yaml uses: no
// YAML package is installed), the build stage must run the repository's own `npm ci` and
// `npm run build`, and the runtime command starts from the built tree with compose's
// environment on a fresh local PostgreSQL database, answers /healthz (through the Dockerfile's
// own HEALTHCHECK command), /readyz and /metrics, and stops cleanly on SIGTERM.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => readFileSync(join(root, path), 'utf8');

// ---------------------------------------------------------------- Dockerfile

/** Stages of a Dockerfile: `{ from, name, instructions: [{ op, args }] }`. */
export function parseDockerfile(text) {
  const stages = [];
  const logical = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (current === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push((current + line.trim()).trim());
    current = '';
  }
  for (const line of logical) {
    const [op, ...rest] = line.split(/\s+/);
    const args = line.slice(op.length).trim();
    if (op.toUpperCase() === 'FROM') {
      const as = rest.findIndex((w) => w.toUpperCase() === 'AS');
      stages.push({ from: rest[0], name: as === -1 ? undefined : rest[as + 1], instructions: [] });
    } else {
      assert.ok(stages.length > 0, `${op} before FROM`);
      stages.at(-1).instructions.push({ op: op.toUpperCase(), args });
    }
  }
  return stages;
}

const argsOf = (stage, op) => stage.instructions.filter((i) => i.op === op).map((i) => i.args);

/** `ENV A=1 B=2` lines of a stage as one object. */
function envOf(stage) {
  const env = {};
  for (const args of argsOf(stage, 'ENV'))
    for (const m of args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S+)/g))
      env[m[1]] = m[2].startsWith('"') ? JSON.parse(m[2]) : m[2];
  return env;
}

/** The exec form of HEALTHCHECK/CMD: `CMD ["node", ...]` -> the argument array. */
function execForm(args) {
  const json = args.replace(/^(--\S+\s+)*/, '').replace(/^CMD\s+/, '');
  return JSON.parse(json);
}

// ---------------------------------------------------------------- compose.yaml

function stripComment(line) {
  let quote;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || line[i - 1] === ' ')) return line.slice(0, i);
  }
  return line;
}

/** Splits a flow sequence's inside at the commas outside quotes. */
function flowItems(inside) {
  const items = [];
  let quote;
  let start = 0;
  for (let i = 0; i < inside.length; i++) {
    const c = inside[i];
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ',') {
      items.push(inside.slice(start, i));
      start = i + 1;
    }
  }
  if (inside.slice(start).trim() !== '') items.push(inside.slice(start));
  return items.map((item) => scalar(item));
}

function scalar(text) {
  const v = text.trim();
  if (v.startsWith('"')) return JSON.parse(v);
  if (v.startsWith("'")) return v.slice(1, -1).replaceAll("''", "'");
  if (v.startsWith('[') && v.endsWith(']')) return flowItems(v.slice(1, -1));
  if (v === '{}') return {};
  return v;
}

/**
 * The YAML subset compose.yaml is written in: block mappings and sequences by indentation,
 * plain, single- or double-quoted scalars, flow sequences of scalars and the empty `{}`.
 */
export function parseComposeYaml(text) {
  const lines = text
    .split('\n')
    .map((l) => stripComment(l).trimEnd())
    .filter((l) => l.trim() !== '')
    .map((l) => ({ indent: l.length - l.trimStart().length, text: l.trim() }));
  let pos = 0;
  function block(indent) {
    const first = lines[pos];
    if (first.text.startsWith('- ')) {
      const list = [];
      while (
        pos < lines.length &&
        lines[pos].indent === indent &&
        lines[pos].text.startsWith('- ')
      ) {
        list.push(scalar(lines[pos].text.slice(2)));
        pos++;
      }
      return list;
    }
    const map = {};
    while (pos < lines.length && lines[pos].indent === indent) {
      const m = /^("[^"]+"|[^:]+):(?:\s+(.*))?$/.exec(lines[pos].text);
      assert.ok(m, `compose.yaml: cannot read line "${lines[pos].text}"`);
      const key = scalar(m[1]);
      pos++;
      if (m[2] !== undefined) map[key] = scalar(m[2]);
      else if (pos < lines.length && lines[pos].indent > indent)
        map[key] = block(lines[pos].indent);
      else map[key] = null;
    }
    assert.ok(pos === lines.length || lines[pos].indent < indent, 'compose.yaml: bad indentation');
    return map;
  }
  return block(0);
}

/** Compose interpolation: `${VAR}`, `${VAR:-default}`, `${VAR:?message}` (required, non-empty). */
export function interpolate(value, vars) {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name, kind, rest) => {
    const v = vars[name];
    if (v !== undefined && v !== '') return v;
    if (kind === '?') throw new Error(`${name} is required: ${rest}`);
    return kind === '-' ? rest : '';
  });
}

// ---------------------------------------------------------------- checks

const dockerfile = parseDockerfile(read('Dockerfile'));
const compose = parseComposeYaml(read('compose.yaml'));
const rootPackage = JSON.parse(read('package.json'));
const [build, runtime] = dockerfile;
const portal = compose.services.portal;

/** The secrets compose makes the operator set, as an operator would make them. */
function operatorSecrets() {
  return {
    POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
    PAYLOAD_KEY: randomBytes(32).toString('base64'),
    DATA_KEY: `k1:${randomBytes(32).toString('base64')}`,
    CODE_HASH_SECRET: randomBytes(32).toString('base64'),
    ANALYTICS_SIGNING_SECRET: randomBytes(32).toString('base64'),
    PUBLIC_BASE_URL: 'https://portal.example.com',
  };
}

test('Dockerfile: the build stage runs the repository own install and build', () => {
  assert.equal(dockerfile.length, 2, 'two stages: build and runtime');
  assert.equal(build.name, 'build');
  assert.equal(build.from, 'node:24-bookworm-slim');
  assert.deepEqual(argsOf(build, 'RUN'), ['npm ci', 'npm run build']);
  // `npm ci` installs from the committed lockfile; `npm run build` is package.json's build.
  assert.ok(existsSync(join(root, 'package-lock.json')));
  assert.match(rootPackage.scripts.build, /npm run build -w apps\/web/);
  assert.match(rootPackage.scripts.build, /npm run build -w apps\/console/);
  assert.match(rootPackage.scripts.build, /npm run build -w apps\/server/);
  // The build context keeps out installed modules, old builds and local secrets.
  const ignored = read('.dockerignore').split('\n');
  for (const entry of ['**/node_modules', '**/dist', '.env', '.git'])
    assert.ok(ignored.includes(entry), `.dockerignore lists ${entry}`);
});

test('Dockerfile: the runtime stage is Node 24, production, non-root, port 8080, probed on /healthz', () => {
  assert.equal(runtime.from, 'node:24-bookworm-slim');
  if (existsSync(join(root, '.nvmrc')))
    assert.equal(runtime.from.split(':')[1].split('-')[0], read('.nvmrc').trim().split('.')[0]);
  assert.equal(envOf(runtime).NODE_ENV, 'production');
  assert.equal(envOf(runtime).HOST, '0.0.0.0');
  const users = argsOf(runtime, 'USER');
  assert.equal(users.length, 1);
  assert.ok(!['root', '0'].includes(users[0]), 'runs as a non-root user');
  assert.deepEqual(argsOf(runtime, 'EXPOSE'), ['8080']);
  assert.match(argsOf(runtime, 'HEALTHCHECK')[0], /\/healthz/);
  assert.deepEqual(execForm(argsOf(runtime, 'CMD')[0]), ['node', 'apps/server/dist/main.js']);
  // Only the built apps come from the build stage; dependencies are production ones.
  const fromBuild = argsOf(runtime, 'COPY').filter((a) => a.startsWith('--from=build'));
  assert.deepEqual(
    fromBuild.map((a) => a.split(/\s+/).slice(1)),
    [
      ['/app/apps/server/dist', 'apps/server/dist'],
      ['/app/apps/web/dist', 'apps/web/dist'],
      ['/app/apps/console/dist', 'apps/console/dist'],
    ],
  );
  const install = argsOf(runtime, 'RUN').find((a) => a.startsWith('npm ci'));
  assert.match(install, /^npm ci --omit=dev --workspace=apps\/server --ignore-scripts\b/);
  // npm ci reads the lockfile against every workspace manifest: each one is copied.
  const copied = argsOf(runtime, 'COPY').join('\n');
  for (const ws of rootPackage.workspaces)
    assert.ok(copied.includes(`${ws}/package.json`), `runtime copies ${ws}/package.json`);
  // --ignore-scripts is safe only while no production dependency needs its install script.
  // sharp's only checks for its prebuilt binary, which comes as an optional @img/sharp-<platform>
  // package that npm installs without scripts (ADR 0047).
  const NOT_NEEDED = new Set(['node_modules/sharp']);
  const lock = JSON.parse(read('package-lock.json'));
  const scripted = Object.entries(lock.packages)
    .filter(([name, p]) => p.hasInstallScript && !p.dev && !NOT_NEEDED.has(name))
    .map(([name]) => name);
  assert.deepEqual(scripted, [], 'production dependencies with install scripts');
  assert.ok(
    Object.keys(lock.packages).some((name) => name.startsWith('node_modules/@img/sharp-linux')),
    "sharp's prebuilt Linux binaries are in the lockfile",
  );
});

test('compose.yaml: portal, PostgreSQL 15 and Redis 7; the operator sets every secret', () => {
  assert.deepEqual(Object.keys(compose.services).sort(), ['portal', 'postgres', 'redis']);
  assert.equal(compose.services.postgres.image, 'postgres:15');
  assert.equal(compose.services.redis.image, 'redis:7');
  assert.equal(portal.build, '.');
  assert.deepEqual(portal.command.slice(0, 2), execForm(argsOf(runtime, 'CMD')[0]));
  assert.deepEqual(portal.depends_on, {
    postgres: { condition: 'service_healthy' },
    redis: { condition: 'service_healthy' },
  });
  assert.ok(compose.volumes.pgdata !== undefined);
  const env = portal.environment;
  assert.equal(env.NODE_ENV, 'production');
  for (const name of [
    'PAYLOAD_KEY',
    'DATA_KEY',
    'CODE_HASH_SECRET',
    'ANALYTICS_SIGNING_SECRET',
    'PUBLIC_BASE_URL',
  ])
    assert.equal(env[name], `\${${name}:?set ${name}}`, `${name} must be set by the operator`);
  assert.match(env.DATABASE_URL, /\$\{POSTGRES_PASSWORD:\?/);
  assert.match(env.DATABASE_URL, /@postgres:5432\//);
  assert.equal(env.REDIS_URL, 'redis://redis:6379');
  // Every variable given to the portal is one the server reads (.env.example lists them all).
  const documented = new Set(
    [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]),
  );
  for (const name of Object.keys(env)) assert.ok(documented.has(name), `${name} in .env.example`);
  // Without the secrets compose refuses to start (the `:?` form).
  assert.throws(() => interpolate(env.PAYLOAD_KEY, {}), /PAYLOAD_KEY is required/);
  const secrets = operatorSecrets();
  assert.equal(interpolate(env.PAYLOAD_KEY, secrets), secrets.PAYLOAD_KEY);
  assert.equal(interpolate(env.METRICS_TOKEN, secrets), '');
});

// ---------------------------------------------------------------- the runtime command

/** Latest modification time of the files under `dirs`. */
function newestSource(dirs) {
  let newest = 0;
  for (const dir of dirs)
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true }))
      if (entry.isFile())
        newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  return newest;
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function adminQuery(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'ignore' });
    child.once('exit', (code) => resolve(code));
  });
}

test("the runtime command starts with compose's environment and answers the probes", async (t) => {
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) {
    t.skip('apps/server/dist is not built: run `npm run build` to check the runtime command');
    return;
  }
  if (statSync(main).mtimeMs < newestSource(['apps/server/src', 'packages/contract/src'])) {
    t.skip('apps/server/dist is older than its sources: run `npm run build` to check it');
    return;
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    await adminQuery(adminUrl, 'select 1');
  } catch (err) {
    t.skip(`no PostgreSQL at ${new URL(adminUrl).host} (${err.message}): runtime command not run`);
    return;
  }
  const name = `hc_container_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  t.after(() => adminQuery(adminUrl, `drop database if exists ${name} with (force)`));
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;

  const secrets = { ...operatorSecrets(), METRICS_TOKEN: randomBytes(24).toString('hex') };
  const env = Object.fromEntries(
    Object.entries(portal.environment).map(([k, v]) => [k, interpolate(String(v), secrets)]),
  );
  // The container's neighbours are on this machine instead; listen on loopback only.
  const port = await freePort();
  Object.assign(env, {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: 'redis://127.0.0.1:6379',
    HOST: '127.0.0.1',
    PORT: String(port),
  });
  if (!(await reachable('127.0.0.1', 6379))) {
    t.diagnostic('no Redis at 127.0.0.1:6379: REDIS_URL left unset (counters in PostgreSQL)');
    delete env.REDIS_URL;
  }
  const [command, ...args] = portal.command;
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  t.after(() => child.exitCode === null && child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  for (;;) {
    assert.equal(child.exitCode, null, `the server exited:\n${output}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    assert.ok(Date.now() < deadline, `no /healthz within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // The image's own HEALTHCHECK command, run here against the same PORT.
  const [hcCommand, ...hcArgs] = execForm(argsOf(runtime, 'HEALTHCHECK')[0]);
  assert.equal(await run(hcCommand, hcArgs, { PATH: process.env.PATH, PORT: String(port) }), 0);

  const ready = await fetch(`${base}/readyz`);
  assert.equal(ready.status, 200);
  assert.deepEqual(await ready.json(), { status: 'ok', database: 'postgres' });
  const metrics = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${secrets.METRICS_TOKEN}` },
  });
  assert.equal(metrics.status, 200);
  assert.match(await metrics.text(), /hc_http_request_duration_seconds_count\{route="\/readyz"/);
  assert.equal((await fetch(`${base}/metrics`)).status, 401);
  // Production: migrated by the server itself, no demo data; the built web app is served.
  assert.match(output, /migrations applied/);
  assert.doesNotMatch(output, /demo data seeded/);
  if (existsSync(join(root, 'apps/web/dist/index.html'))) {
    const page = await fetch(`${base}/`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  }

  child.kill('SIGTERM');
  assert.equal(await exited, 0, `SIGTERM did not stop the server cleanly:\n${output}`);
});
