// `npm run bench` (docs/benchmarks.md): measures the portal side by side with
// references run by this script on the same machine, and prints figures and ratios. It never
// fails on a time: the exit code is non-zero only when something broke.
//
// On PostgreSQL (TEST_DATABASE_URL or DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
// in a fresh database per run (hc_bench_<ts>, dropped at the end):
//   1. paid -> completed latency with the demo game healthy (API + worker processes);
//   2. pay path: webCreate + epoint pay over HTTP (autocannon) vs pgbench running the pay path's
//      SQL transactions (scripts/bench/pay-path.sql) at the same concurrency;
//   3. cached catalog read (webProduct) vs a bare Fastify hello-world;
//   4. login at fixed rates (BENCH_LOGIN_RATES, default 20 and 50 per second);
// then 5. `npm start` time to first served page, cold and warm, and the server's RSS after 1,000
// mixed requests, on PGlite and on PostgreSQL.
// Opt-in (`npm run bench -- scaleout`): the pay loop with one API process and one worker, then
// with two of each, on one PostgreSQL.
// Opt-in (`npm run bench -- import` or BENCH_ONLY=import): 6. `portal import-accounts` of a
// generated CSV of BENCH_IMPORT_ROWS (default 1,000,000) accounts: rows/s, seconds, peak RSS.
// Opt-in (`npm run bench -- console`): 7. the operator console's lists, searches, pages,
// dashboards and CSV exports on 100,000 players and 1,000,000 orders (scripts/bench/console.mjs).
// Results: bench-results/latest.json. BENCH_SECONDS (default 8) sets each measured window.
import { execFileSync, spawn } from 'node:child_process';
import { pbkdf2Sync, scryptSync } from 'node:crypto';
import { once } from 'node:events';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { consoleBench, printConsoleTable } from './bench/console.mjs';
import {
  buildInputs,
  DEMO_GAME_DEV_SECRET,
  encryptPayload,
  freePort,
  isStale,
  run,
  startDemoGameChild,
} from './lib.mjs';

const SECONDS = Math.max(2, Number(process.env.BENCH_SECONDS ?? 8));
const WARMUP_SECONDS = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PAYERS = Number(process.env.BENCH_PAYERS ?? 200);
const LOGIN_ACCOUNTS = 20;
/** Logins per second offered in the login part, one measured window per rate (comma list). */
const LOGIN_RATES = (process.env.BENCH_LOGIN_RATES ?? process.env.BENCH_LOGIN_RATE ?? '20,50')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
/** Seconds of each measured login rate: a p99 needs more samples than a throughput figure. */
const LOGIN_SECONDS = Number(process.env.BENCH_LOGIN_SECONDS ?? 20);
const LATENCY_ORDERS = Number(process.env.BENCH_LATENCY_ORDERS ?? 40);
/**
 * Orders paid before the measured ones, reported apart as the cold start: the first deliveries
 * of a fresh process (first game connection, code not yet optimised) took 300-480 ms against
 * 20-115 ms after them.
 */
const LATENCY_WARMUP_ORDERS = Number(process.env.BENCH_LATENCY_WARMUP_ORDERS ?? 8);
/** Mixed requests after each `npm start` before its RSS is read. */
const START_REQUESTS = Number(process.env.BENCH_START_REQUESTS ?? 1000);
/**
 * BENCH_ONLY=pay,catalog runs only those parts (latency, pay, catalog, login, start, import,
 * console, scaleout); so do arguments (`npm run bench -- import`). `import`, `console` and
 * `scaleout` run only when asked for.
 */
const ALL_PARTS = ['latency', 'pay', 'catalog', 'login', 'start'];
const SERVER_PARTS = ['latency', 'pay', 'catalog', 'login', 'scaleout'];
const asked =
  process.argv.slice(2).length > 0 ? process.argv.slice(2).join(',') : process.env.BENCH_ONLY;
const parts = new Set(asked ? asked.split(',').map((s) => s.trim()) : ALL_PARTS);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const PAYLOAD_KEY = Buffer.alloc(32, 7).toString('base64');
/** The server secrets a production start requires besides PAYLOAD_KEY (ADR 0027). */
const SERVER_SECRETS = {
  DATA_KEY: `bench:${Buffer.alloc(32, 8).toString('base64')}`,
  CODE_HASH_SECRET: 'bench-code-hash-secret-of-32-characters-or-more',
  ANALYTICS_SIGNING_SECRET: 'bench-analytics-signing-secret-of-32-characters',
};
/** Node.js flags of the API and worker processes (BENCH_NODE_FLAGS, space-separated). */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/** The server bundle to measure; BENCH_SERVER_MAIN points at another build for A/B runs. */
const SERVER_MAIN = process.env.BENCH_SERVER_MAIN || 'apps/server/dist/main.js';
/** The pay path's SQL for pgbench (BENCH_PGBENCH_SCRIPT: another script, for A/B runs). */
const PGBENCH_SCRIPT =
  process.env.BENCH_PGBENCH_SCRIPT || new URL('./bench/pay-path.sql', import.meta.url).pathname;
const GOALS = {
  payVsPgbench: 0.8,
  catalogVsHello: 0.6,
  loginP99At50Ms: 100,
  paidToCompletedP95Ms: 150,
};
/** The game pack bought in the pay path (demo catalogue): 499 HC Point. */
const PACK = 'pack_adventurer';

const adminUrl =
  process.env.TEST_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const children = [];
let failed = false;

// ---------------------------------------------------------------------------------------------
// Small helpers

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check, ms, what) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {
      /* not up yet */
    }
    await sleep(50);
  }
  throw new Error(`${what}: not ready after ${ms} ms`);
}

function psql(url, sqlText) {
  return execFileSync(
    'psql',
    ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', url, '-c', sqlText],
    {
      encoding: 'utf8',
    },
  ).trim();
}

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Starts a node process; remembered so the finally block can stop it. */
function startNode(args, env, name) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  child.on('exit', (code, signal) => {
    if (!child.stopping && code !== 0)
      console.error(`${name} exited (${signal ?? code}):\n${stderr}`);
  });
  children.push(child);
  return child;
}

async function stop(child, ms = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stopping = true;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

/** The envelope code of a response body (docs/decisions/0006-envelope-and-error-codes.md: errors are HTTP 203 with a code). */
function codeOf(body) {
  try {
    return JSON.parse(body).code;
  } catch {
    return undefined;
  }
}

function round(n, digits = 0) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function jsonPost(path, token, body) {
  return {
    method: 'POST',
    path,
    headers: {
      'content-type': 'application/json',
      gameid: '1',
      ...(token === undefined ? {} : { token }),
    },
    body: JSON.stringify(body),
  };
}

// ---------------------------------------------------------------------------------------------
// The parts

/** Paid -> completed: pays orders with HC Point and polls the order until delivered (status 2). */
async function paidToCompleted(url, payers) {
  // The cold start first, reported apart; then the measured orders.
  const cold = await paidToCompletedRun(url, payers, LATENCY_WARMUP_ORDERS);
  const warm = await paidToCompletedRun(url, payers, LATENCY_ORDERS);
  return {
    ...warm,
    cold_orders: cold.orders,
    cold_max_ms: cold.max_ms,
    errors: cold.errors + warm.errors,
  };
}

/** `count` orders, four at a time: p50, p95 and the slowest, pay answer to completed. */
async function paidToCompletedRun(url, payers, count) {
  const latencies = [];
  let errors = 0;
  const post = async (path, token, body) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', gameid: '1', token },
      body: JSON.stringify(body),
    });
    return res.json();
  };
  // Four players at a time, one order each, like a steady trickle of purchases.
  const queue = Array.from({ length: count }, (_, i) => payers[i % payers.length]);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
        const created = await post('/api/order/webCreate', p.token, createBody(p));
        if (created.code !== 0) {
          errors++;
          continue;
        }
        const id = created.result.sdk_order_id;
        const paid = await post('/api/payment/order/epoint/pay', p.token, { paymentId: id });
        const t0 = performance.now();
        if (paid.code !== 0) {
          errors++;
          continue;
        }
        for (;;) {
          const d = await post('/api/order/detail', p.token, { sdk_order_id: id });
          if (d.code === 0 && d.result.status === 2) break;
          if (performance.now() - t0 > 60_000) {
            errors++;
            break;
          }
          await sleep(10);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    orders: latencies.length,
    p50_ms: round(percentile(latencies, 50) ?? 0),
    p95_ms: round(percentile(latencies, 95) ?? 0),
    max_ms: round(latencies.at(-1) ?? 0),
    errors,
  };
}

function createBody(p) {
  return {
    role_id: p.roleId,
    server_id: 1,
    cp_goods_id: PACK,
    channel_code: 'epoint',
    role_name: '',
    server_name: '',
  };
}

/** Pay path over HTTP: each connection loops webCreate -> epoint pay for the next player. */
async function payPath(url, payers, seconds, connections = CONNECTIONS) {
  let next = 0;
  const counts = { created: 0, paid: 0, failed: 0 };
  const res = await cannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest(req, context) {
          const p = payers[next++ % payers.length];
          context.token = p.token;
          return { ...req, ...jsonPost('/api/order/webCreate', p.token, createBody(p)) };
        },
        onResponse(status, body, context) {
          let order;
          try {
            const parsed = JSON.parse(body);
            if (parsed.code === 0) order = parsed.result.sdk_order_id;
          } catch {
            /* not an envelope: counted below */
          }
          if (order === undefined) counts.failed++;
          else {
            counts.created++;
            context.order = order;
          }
        },
      },
      {
        setupRequest(req, context) {
          if (context.order === undefined) return undefined;
          return {
            ...req,
            ...jsonPost('/api/payment/order/epoint/pay', context.token, {
              paymentId: context.order,
            }),
          };
        },
        onResponse(status, body) {
          if (codeOf(body) === 0) counts.paid++;
          else counts.failed++;
        },
      },
    ],
  });
  return {
    pairs_per_s: round(counts.paid / res.duration, 1),
    requests_per_s: round(res.requests.total / res.duration, 1),
    p50_ms: res.latency.p50,
    p99_ms: res.latency.p99,
    paid: counts.paid,
    failed: counts.failed + res.errors + res.timeouts + res.non2xx,
  };
}

/**
 * CPU time (ms) of the PostgreSQL backends serving database `name` (their process title names
 * it; the shared WAL writer and checkpointer are left out: other databases use them too).
 */
function postgresCpuMs(name) {
  let total = 0;
  for (const ms of postgresBackendsCpuMs(name).values()) total += ms;
  return total;
}

/** pid -> CPU ms of each backend of database `name` (a URL or a name) now running. */
function postgresBackendsCpuMs(name) {
  const db = name.includes('://') ? new URL(name).pathname.slice(1) : name;
  const out = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres:') || !title.includes(` ${db} `)) continue;
      const ms = cpuMs(Number(pid));
      if (Number.isFinite(ms)) out.set(Number(pid), ms);
    } catch {
      /* gone */
    }
  }
  return out;
}

/**
 * Scale-out (`npm run bench -- scaleout`): the pay loop with the workers delivering, first
 * against one API process and one worker, then against two API processes and two workers on
 * the same PostgreSQL (the connections split between the two APIs, the players too). Per pair:
 * the CPU of the API processes, the workers, the demo game and PostgreSQL, for the sizing on
 * paper in docs/benchmarks.md.
 */
async function scaleOut({ url, api, worker, game, payers, startServer, database }) {
  const measure = async (apis, workers) => {
    const half = Math.ceil(payers.length / apis.length);
    const groups = apis.map((a, i) => payers.slice(i * half, (i + 1) * half));
    const per = Math.max(1, Math.floor(CONNECTIONS / apis.length));
    await Promise.all(apis.map((a, i) => payPath(a.url, groups[i], WARMUP_SECONDS, per)));
    const procs = [...apis.map((a) => a.child), ...workers];
    const cpu0 = {
      api: procs.slice(0, apis.length).map((c) => cpuMs(c.pid)),
      worker: workers.map((c) => cpuMs(c.pid)),
      game: cpuMs(game.pid),
      pg: postgresCpuMs(database),
    };
    const runs = await Promise.all(apis.map((a, i) => payPath(a.url, groups[i], SECONDS, per)));
    const paid = runs.reduce((n, r) => n + r.paid, 0);
    const sum = (xs) => xs.reduce((n, x) => n + x, 0);
    return {
      api_processes: apis.length,
      worker_processes: workers.length,
      pairs_per_s: round(sum(runs.map((r) => r.pairs_per_s)), 1),
      p99_ms: Math.max(...runs.map((r) => r.p99_ms)),
      paid,
      failed: sum(runs.map((r) => r.failed)),
      api_cpu_ms_per_pair: round(
        sum(apis.map((a, i) => cpuMs(a.child.pid) - cpu0.api[i])) / paid,
        2,
      ),
      worker_cpu_ms_per_pair: round(
        sum(workers.map((w, i) => cpuMs(w.pid) - cpu0.worker[i])) / paid,
        2,
      ),
      game_cpu_ms_per_pair: round((cpuMs(game.pid) - cpu0.game) / paid, 2),
      postgres_cpu_ms_per_pair: round((postgresCpuMs(database) - cpu0.pg) / paid, 2),
    };
  };
  const one = await measure([{ url, child: api }], [worker]);
  const second = await startServer();
  try {
    const two = await measure(
      [
        { url, child: api },
        { url: second.url, child: second.api },
      ],
      [worker, second.worker],
    );
    return { one, two, ratio: round(two.pairs_per_s / one.pairs_per_s, 2) };
  } finally {
    await stop(second.api);
    await stop(second.worker);
  }
}

/** pgbench running the pay path's SQL (one script run = one create + one pay). */
async function pgbench(dbUrl, payers, productId, seconds) {
  const uids = payers.map((p) => p.uid);
  const accs = payers.map((p) => p.accountId);
  const contiguous = (xs) => xs.every((x, i) => x === xs[0] + i);
  if (!contiguous(uids) || !contiguous(accs))
    throw new Error('bench players must have contiguous ids for the pgbench script');
  const child = spawn(
    'pgbench',
    [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(CONNECTIONS),
      '-j',
      String(Math.min(CONNECTIONS, cpus().length)),
      '-T',
      String(seconds),
      '-D',
      `payers=${payers.length}`,
      '-D',
      `uidmin=${uids[0]}`,
      '-D',
      `accmin=${accs[0]}`,
      '-D',
      `product=${productId}`,
      '-f',
      PGBENCH_SCRIPT,
      dbUrl,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d.toString()));
  child.stderr.on('data', (d) => (out += d.toString()));
  // pgbench's backends end with it: their CPU is sampled while they run (the highest reading
  // of each, less what the pool's backends had already used before).
  const before = postgresBackendsCpuMs(dbUrl);
  const seen = new Map(before);
  const sampler = setInterval(() => {
    for (const [pid, ms] of postgresBackendsCpuMs(dbUrl)) seen.set(pid, ms);
  }, 100);
  const [code] = await once(child, 'exit');
  clearInterval(sampler);
  let pgCpu = 0;
  for (const [pid, ms] of seen) pgCpu += ms - (before.get(pid) ?? 0);
  if (code !== 0) throw new Error(`pgbench failed (${code}):\n${out}`);
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  const failedTx = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench output not understood:\n${out}`);
  return {
    tps: round(tps, 1),
    latency_avg_ms: latency,
    failed: failedTx,
    postgres_cpu_ms_per_tx: round(pgCpu / processed, 2),
  };
}

/** A bare Fastify hello-world in its own process, answering the same kind of POST. */
async function startHello() {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.post('/hello', async () => ({ hello: 'world' }));
    await app.listen({ host: '127.0.0.1', port: ${port} });`;
  const child = startNode(['--input-type=module', '-e', code], {}, 'hello-world');
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/hello`, { method: 'POST' })).ok, 15_000, 'hello');
  return { child, url };
}

async function throughput(url, request, seconds) {
  const res = await cannon({ url, duration: seconds, requests: [request] });
  return {
    requests_per_s: round(res.requests.total / res.duration, 1),
    p50_ms: res.latency.p50,
    p99_ms: res.latency.p99,
    failed: res.errors + res.timeouts + res.non2xx,
  };
}

/**
 * Logins offered at `rate` per second, round-robin over the bench login accounts: an open loop
 * with Poisson arrivals (independent players), each request sent at its scheduled time whether
 * or not earlier ones have answered, its latency counted from that time (a late client adds to
 * it instead of hiding it). autocannon's `overallRate` is not used here: it lets each connection
 * send its whole per-second budget at the start of every second, so "50/s" arrived as bursts of
 * 50 at once (ADR 0067).
 */
async function loginLoad(url, logins, password, rate, seconds = SECONDS) {
  const bodies = logins.map((l) =>
    JSON.stringify({
      channel_code: 'account',
      account: l.account,
      passwd: encryptPayload(PAYLOAD_KEY, password),
      encrypt: 1,
    }),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const target = new URL('/api/user/login', url);
  const latencies = [];
  const counts = { ok: 0, failed: 0 };
  const pending = new Set();
  const send = (body, scheduledAt) =>
    new Promise((resolve) => {
      const req = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - scheduledAt);
            if (res.statusCode === 200 && codeOf(Buffer.concat(chunks).toString()) === 0)
              counts.ok++;
            else counts.failed++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        counts.failed++;
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  const ends = started + seconds * 1000;
  let at = started;
  for (let n = 0; ; n++) {
    at += -Math.log(1 - Math.random()) * (1000 / rate);
    if (at >= ends) break;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    const p = send(bodies[n % bodies.length], at);
    pending.add(p);
    void p.then(() => pending.delete(p));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const duration = (performance.now() - started) / 1000;
  return {
    target_rate: rate,
    arrivals: 'poisson',
    requests_per_s: round(counts.ok / Math.max(duration, seconds), 1),
    p50_ms: round(percentile(latencies, 50) ?? 0),
    p99_ms: round(percentile(latencies, 99) ?? 0),
    failed: counts.failed,
  };
}

/**
 * `npm run build` when any bundle is older than its sources (start.mjs's own checks);
 * BENCH_SKIP_BUILD=1 measures the bundles as they are.
 */
async function buildIfStale() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const stale = [
    isStale('apps/web/dist/index.html', [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      ...buildInputs.contract,
    ]),
    isStale('apps/server/dist/main.js', [
      'apps/server/src',
      'apps/server/build.mjs',
      ...buildInputs.contract,
    ]),
    isStale('apps/demo-game/dist/main.js', buildInputs.demoGame),
  ];
  if (stale.some(Boolean)) await run('npm', ['run', 'build']);
}

/** What the start part reports of a cold and a warm `npm start`. */
function startFigures(cold, warm) {
  return {
    cold_ms: cold.ms,
    warm_ms: warm.ms,
    peak_rss_mb: Math.max(cold.peak_rss_mb ?? 0, warm.peak_rss_mb ?? 0) || null,
    // Each start: VmHWM at the first page, VmHWM and VmRSS after START_REQUESTS requests.
    cold_ready_peak_rss_mb: cold.ready_peak_rss_mb,
    cold_peak_rss_mb: cold.peak_rss_mb,
    cold_rss_mb: cold.rss_mb,
    warm_ready_peak_rss_mb: warm.ready_peak_rss_mb,
    warm_peak_rss_mb: warm.peak_rss_mb,
    warm_rss_mb: warm.rss_mb,
    requests: cold.requests + warm.requests,
    failed: cold.failed + warm.failed,
    // start.mjs built first (a source changed meanwhile): that time includes the build.
    cold_included_build: cold.built,
    warm_included_build: warm.built,
  };
}

/** The server child of `node scripts/start.mjs` (the process running apps/server/dist/main.js). */
function serverChildOf(pid) {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    for (const kid of kids) {
      if (kid === '') continue;
      const cmd = readFileSync(`/proc/${kid}/cmdline`, 'utf8');
      if (cmd.includes('apps/server/dist/main.js')) return Number(kid);
    }
  } catch {
    /* gone */
  }
  return undefined;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 100 ticks/s). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

function peakRssMb(pid) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : round(Number(kb) / 1024, 1);
  } catch {
    return null;
  }
}

function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : round(Number(kb) / 1024, 1);
  } catch {
    return null;
  }
}

/**
 * `n` requests of a player's visit, four at a time, on the demo data of `npm start`: the page
 * and its script, site settings, the demo player's uinfo, game packs, orders list, HC Point
 * balance, order creation (card, the sandbox provider) and its detail, and a password login
 * (argon2id) every 20 requests. Answers with an error code (e.g. the order-creation rate limit)
 * count as served; `failed` counts transport errors and HTTP 5xx.
 */
async function mixedRequests(base, n) {
  let failed = 0;
  const post = async (path, token, body = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        gameid: '1',
        ...(token === undefined ? {} : { token }),
      },
      body: JSON.stringify(body),
    });
    if (res.status >= 500) failed++;
    return res.json().catch(() => ({}));
  };
  const login = async () =>
    post('/api/user/login', undefined, {
      channel_code: 'account',
      account: 'demo',
      passwd: encryptPayload(PAYLOAD_KEY, 'demo1234'),
      encrypt: 1,
    });
  const first = await login();
  if (first.code !== 0) throw new Error(`npm start: the demo login answered ${first.code}`);
  const token = first.result.token;
  const me = await post('/api/user/uinfo', token);
  const role = { role_id: `r-${me.result?.gameAccountId}-1`, server_id: 1 };
  const html = await (await fetch(`${base}/`)).text();
  const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1] ?? '/';
  let lastOrder;
  const visit = [
    async () => (await fetch(`${base}/`)).text(),
    async () => (await fetch(`${base}${script}`)).arrayBuffer(),
    () => post('/api/setting/init'),
    () => post('/api/user/uinfo', token),
    () => post('/api/order/webProduct', token, role),
    () => post('/api/order/record', token, { page: 1, size: 10 }),
    () => post('/api/operate/coinBalance', token),
    async () => {
      const r = await post('/api/order/webCreate', token, {
        ...role,
        cp_goods_id: 'pack_adventurer',
        channel_code: 'card',
        role_name: '',
        server_name: '',
      });
      if (r.code === 0) lastOrder = r.result.sdk_order_id;
    },
    () =>
      lastOrder === undefined
        ? post('/api/time')
        : post('/api/order/detail', token, { sdk_order_id: lastOrder }),
    () => post('/api/order/webProduct', token, role),
  ];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = next++; i < n; i = next++) {
        try {
          // Every 20th request a login (a new session each time: SESSION_SINGLE_DEVICE is off).
          if (i % 20 === 19) await login();
          else await visit[i % visit.length]();
        } catch {
          failed++;
        }
      }
    }),
  );
  return { requests: n, failed };
}

/**
 * `npm start` (node scripts/start.mjs) on PGlite in `dataDir`, or on PostgreSQL at
 * `databaseUrl`: ms until `/` serves HTML, then the mixed requests and the server's RSS.
 */
async function startToFirstPage(dataDir, databaseUrl) {
  const port = await freePort();
  const gamePort = await freePort();
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  if (databaseUrl !== undefined) env.DATABASE_URL = databaseUrl;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_GAME_PORT: String(gamePort),
      LOG_LEVEL: 'warn',
      PAYLOAD_KEY,
      // The mixed requests log the demo player in again and again with one session kept.
      SESSION_SINGLE_DEVICE: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  // start.mjs builds what is stale first ("Building …"); a clean tree does not.
  let built = false;
  child.stdout.on('data', (d) => {
    if (d.toString().includes('Building')) built = true;
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d.toString()).slice(-4000)));
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`npm start exited:\n${stderr}`);
        const res = await fetch(`http://127.0.0.1:${port}/`);
        const html = await res.text();
        return res.ok && html.includes('<html');
      },
      120_000,
      'npm start',
    );
    const ms = performance.now() - t0;
    const serverPid = serverChildOf(child.pid);
    const readyPeak = serverPid === undefined ? null : peakRssMb(serverPid);
    // Then START_REQUESTS mixed requests, so the RSS peak includes serving (see mixedRequests).
    const mixed = await mixedRequests(`http://127.0.0.1:${port}`, START_REQUESTS);
    return {
      ms: round(ms),
      ready_peak_rss_mb: readyPeak,
      peak_rss_mb: serverPid === undefined ? null : peakRssMb(serverPid),
      rss_mb: serverPid === undefined ? null : rssMb(serverPid),
      requests: mixed.requests,
      failed: mixed.failed,
      built,
    };
  } finally {
    await stop(child, 15_000);
  }
}

/**
 * `portal import-accounts` of a generated CSV (apps/server/src/commands/import-accounts.ts):
 * one process, its RSS high-water mark sampled from /proc while it runs.
 */
async function importBench(env) {
  const dir = mkdtempSync(join(tmpdir(), 'hc-bench-import-'));
  startDirs.push(dir);
  const file = join(dir, 'accounts.csv');
  // A few hashes in the imported formats, reused: hashing is the login's cost, not the import's.
  const salt = Buffer.from('bench-import-salt');
  const ab64 = (b) => b.toString('base64').replace(/=+$/, '').replace(/\+/g, '.');
  const hashes = [
    `pbkdf2_sha256$1000$benchsalt$${pbkdf2Sync('Bench!pass42', 'benchsalt', 1000, 32, 'sha256').toString('base64')}`,
    `$pbkdf2-sha256$1000$${ab64(salt)}$${ab64(pbkdf2Sync('Bench!pass42', salt, 1000, 32, 'sha256'))}`,
    `$scrypt$ln=10,r=8,p=1$${salt.toString('base64')}$${scryptSync('Bench!pass42', salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64')}`,
    '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
  ];
  const t0 = performance.now();
  const out = createWriteStream(file);
  out.write('account,email,phone,password_hash,game_id,uid,display_name\n');
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const n = String(i).padStart(8, '0');
    const line = `imp${n},imp${n}@bench.example,+1555${n},"${hashes[i % hashes.length]}",1,imp-${n},Player ${i}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  const generateSeconds = round((performance.now() - t0) / 1000, 1);
  const fileMb = round(statSync(file).size / 2 ** 20, 1);
  console.log(
    `import: ${IMPORT_ROWS} rows generated in ${generateSeconds} s (${fileMb} MB); importing…`,
  );

  const child = spawn(
    process.execPath,
    [
      join(SERVER_MAIN, '..', 'portal.js'),
      'import-accounts',
      file,
      '--game',
      '1',
      '--source',
      'bench',
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d.toString()));
  child.stderr.on('data', (d) => {
    stderr = (stderr + d.toString()).slice(-4000);
    process.stderr.write(d);
  });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, peakRssMb(child.pid) ?? 0);
  }, 250);
  const started = performance.now();
  const [code] = await once(child, 'exit');
  clearInterval(sampler);
  const wall = (performance.now() - started) / 1000;
  const figure = (name) => Number(new RegExp(`^${name}: (\\d+)`, 'm').exec(stdout)?.[1] ?? NaN);
  if (code !== 0 && code !== 1) throw new Error(`import-accounts exited ${code}:\n${stderr}`);
  const seconds = Number(/^seconds: ([\d.]+)/m.exec(stdout)?.[1] ?? wall);
  return {
    rows: figure('rows'),
    created: figure('created'),
    rejected: figure('rejected'),
    failed: figure('rejected'),
    seconds: round(seconds, 1),
    process_seconds: round(wall, 1),
    rows_per_s: round(figure('rows') / seconds),
    peak_rss_mb: peak || null,
    file_mb: fileMb,
  };
}

// ---------------------------------------------------------------------------------------------
// The run

const results = {};
const dbName = `hc_bench_${Date.now()}`;
const dbUrl = withDatabase(adminUrl, dbName);
let createdDb = false;
const startDirs = [];
const startDbs = [];
try {
  await buildIfStale();

  const pgVersion = psql(adminUrl, 'show server_version');
  psql(adminUrl, `create database ${dbName}`);
  createdDb = true;
  const machine = {
    cpus: cpus().length,
    model: cpus()[0]?.model ?? 'unknown',
    mem_gb: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    postgres: pgVersion,
  };
  console.log(
    `HC Portal bench: ${machine.cpus} × ${machine.model}, ${machine.mem_gb} GB, Node ${machine.node}, PostgreSQL ${pgVersion}`,
  );
  console.log(
    `database ${dbName}; ${CONNECTIONS} connections, ${SECONDS} s per measurement (BENCH_SECONDS)\n`,
  );

  // The demo game, the API (role api) and a worker (role worker) on the bench database.
  const game = await startDemoGameChild({
    port: await freePort(),
    secret: DEMO_GAME_DEV_SECRET,
    stdio: 'ignore',
  });
  children.push(game.child);
  const apiPort = await freePort();
  const url = `http://127.0.0.1:${apiPort}`;
  const serverEnv = {
    DATABASE_URL: dbUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PAYLOAD_KEY,
    ...SERVER_SECRETS,
    GAME_GATEWAYS: game.gateways,
    WORKER_INTERVAL_MS: process.env.WORKER_INTERVAL_MS ?? '1000',
  };
  // A production start seeds nothing (ADR 0032): the demo game, packs and servers the pay path
  // buys from are loaded on purpose (this also migrates the bench database).
  execFileSync(
    process.execPath,
    [join(SERVER_MAIN, '..', 'portal.js'), 'seed-demo', '--allow-production'],
    { env: { ...process.env, ...serverEnv }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  // 6. Import (opt-in), on the freshly seeded database before anything else uses it.
  if (parts.has('import')) results.import_accounts = await importBench(serverEnv);
  // 7. Console (opt-in): its own data set and API process on this database.
  if (parts.has('console'))
    results.console = await consoleBench({
      dbUrl,
      env: serverEnv,
      serverMain: SERVER_MAIN,
      port: await freePort(),
      track: (child) => children.push(child),
      stop,
      waitFor,
    });

  if (SERVER_PARTS.some((p) => parts.has(p))) {
    // BENCH_CPU_PROF=1: the API process writes a V8 CPU profile (.cpuprofile, open it in Chrome
    // DevTools or speedscope) into bench-results/ when it stops.
    const profile =
      process.env.BENCH_CPU_PROF === '1'
        ? ['--cpu-prof', `--cpu-prof-dir=${join(process.cwd(), 'bench-results')}`]
        : [];
    // An API process (on `port`) and a worker on the bench database, both ready.
    const startApiAndWorker = async (port, apiFlags = []) => {
      const apiPortUsed = port ?? (await freePort());
      const apiUrl = `http://127.0.0.1:${apiPortUsed}`;
      const apiChild = startNode(
        [...NODE_FLAGS, ...apiFlags, SERVER_MAIN, '--role=api'],
        { ...serverEnv, PORT: String(apiPortUsed) },
        'server (api)',
      );
      await waitFor(async () => (await fetch(`${apiUrl}/readyz`)).ok, 60_000, 'server');
      const workerPort = await freePort();
      const workerChild = startNode(
        [...NODE_FLAGS, SERVER_MAIN, '--role=worker'],
        { ...serverEnv, PORT: String(workerPort) },
        'server (worker)',
      );
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${workerPort}/healthz`)).ok,
        60_000,
        'worker',
      );
      return { url: apiUrl, api: apiChild, worker: workerChild };
    };
    const { api, worker } = await startApiAndWorker(apiPort, profile);

    // Players: sessions and HC Point through the ledger (apps/server/test/support/bench-fixtures.ts).
    const fixtures = JSON.parse(
      execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/server/test/support/bench-fixtures.ts',
          dbUrl,
          String(PAYERS),
          String(LOGIN_ACCOUNTS),
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      ),
    );
    const { payers, logins, password } = fixtures;
    const productId = Number(
      psql(dbUrl, `select id from products where game_id = 1 and cp_goods_id = '${PACK}'`),
    );

    // 1. Paid -> completed, with the worker and the demo game healthy.
    if (parts.has('latency')) results.paid_to_completed = await paidToCompleted(url, payers);
    // Scale-out (opt-in): one API and one worker, then two of each, all delivering.
    if (parts.has('scaleout'))
      results.scale_out = await scaleOut({
        url,
        api,
        worker,
        game: game.child,
        payers,
        startServer: () => startApiAndWorker(),
        database: dbName,
      });
    await stop(worker);

    // 2. Pay path vs pgbench (API only: deliveries pile up as jobs and are not part of the pay).
    if (parts.has('pay')) {
      await payPath(url, payers, WARMUP_SECONDS);
      const cpu0 = {
        api: cpuMs(api.pid),
        game: cpuMs(game.child.pid),
        pg: postgresCpuMs(dbName),
      };
      results.pay_path = await payPath(url, payers, SECONDS);
      // Where the CPU went: per paid pair, in the API process and in the demo game (the two
      // gateway calls of webCreate). On 2 cores this decides the figure once locks do not.
      results.pay_path.api_cpu_ms_per_pair = round(
        (cpuMs(api.pid) - cpu0.api) / results.pay_path.paid,
        2,
      );
      results.pay_path.game_cpu_ms_per_pair = round(
        (cpuMs(game.child.pid) - cpu0.game) / results.pay_path.paid,
        2,
      );
      results.pay_path.postgres_cpu_ms_per_pair = round(
        (postgresCpuMs(dbName) - cpu0.pg) / results.pay_path.paid,
        2,
      );
      results.pgbench_pay_path = await pgbench(dbUrl, payers, productId, SECONDS);
      results.pay_path.ratio_vs_pgbench = round(
        results.pay_path.pairs_per_s / results.pgbench_pay_path.tps,
        2,
      );
    }

    // 3. Cached catalog read vs hello-world, same autocannon settings.
    if (parts.has('catalog')) {
      const catalog = jsonPost('/api/order/webProduct', payers[0].token, {
        role_id: payers[0].roleId,
        server_id: 1,
      });
      const probe = await fetch(`${url}${catalog.path}`, { ...catalog, body: catalog.body });
      if (codeOf(await probe.text()) !== 0) throw new Error('webProduct did not answer code 0');
      await throughput(url, catalog, WARMUP_SECONDS);
      const apiCpu0 = cpuMs(api.pid);
      results.catalog = await throughput(url, catalog, SECONDS);
      // CPU of the server process per request (µs): steadier than req/s on a shared machine.
      results.catalog.api_cpu_us_per_req = round(
        ((cpuMs(api.pid) - apiCpu0) * 1000) / (results.catalog.requests_per_s * SECONDS),
      );
      const hello = await startHello();
      const helloRequest = jsonPost('/hello', undefined, {});
      await throughput(hello.url, helloRequest, WARMUP_SECONDS);
      const helloCpu0 = cpuMs(hello.child.pid);
      results.hello_world = await throughput(hello.url, helloRequest, SECONDS);
      results.hello_world.cpu_us_per_req = round(
        ((cpuMs(hello.child.pid) - helloCpu0) * 1000) /
          (results.hello_world.requests_per_s * SECONDS),
      );
      await stop(hello.child);
      results.catalog.ratio_vs_hello = round(
        results.catalog.requests_per_s / results.hello_world.requests_per_s,
        2,
      );
    }

    // 4. Login at a fixed rate.
    // At each rate: a short unmeasured run first (the pool's connections, the first hashes).
    if (parts.has('login'))
      for (const rate of LOGIN_RATES) {
        await loginLoad(url, logins, password, rate, WARMUP_SECONDS);
        const apiCpu0 = cpuMs(api.pid);
        const run = await loginLoad(url, logins, password, rate, LOGIN_SECONDS);
        run.api_cpu_ms_per_login = round(
          (cpuMs(api.pid) - apiCpu0) / (run.requests_per_s * LOGIN_SECONDS),
          1,
        );
        results[`login_${rate}`] = run;
      }
    await stop(api);
  }
  await stop(game.child);

  // 5. `npm start`: cold (empty DATA_DIR) then warm (same DATA_DIR).
  if (parts.has('start')) {
    // Sources may have changed during the run; a build must not count as start time.
    await buildIfStale();
    const dataDir = mkdtempSync(join(tmpdir(), 'hc-bench-start-'));
    startDirs.push(dataDir);
    const cold = await startToFirstPage(dataDir);
    const warm = await startToFirstPage(dataDir);
    results.npm_start = startFigures(cold, warm);
    // The same on PostgreSQL: a fresh database, migrated and seeded by the first start.
    const startDb = `${dbName}_start`;
    psql(adminUrl, `create database ${startDb}`);
    startDbs.push(startDb);
    const pgDir = mkdtempSync(join(tmpdir(), 'hc-bench-start-pg-'));
    startDirs.push(pgDir);
    const pgCold = await startToFirstPage(pgDir, withDatabase(adminUrl, startDb));
    const pgWarm = await startToFirstPage(pgDir, withDatabase(adminUrl, startDb));
    results.npm_start_postgres = startFigures(pgCold, pgWarm);
  }

  const goals = {};
  if (results.pay_path !== undefined)
    goals.pay_path_vs_pgbench = {
      goal: `>= ${GOALS.payVsPgbench}`,
      value: results.pay_path.ratio_vs_pgbench,
      met: results.pay_path.ratio_vs_pgbench >= GOALS.payVsPgbench,
    };
  if (results.catalog !== undefined)
    goals.catalog_vs_hello = {
      goal: `>= ${GOALS.catalogVsHello}`,
      value: results.catalog.ratio_vs_hello,
      met: results.catalog.ratio_vs_hello >= GOALS.catalogVsHello,
    };
  if (results.paid_to_completed !== undefined)
    goals.paid_to_completed_p95 = {
      goal: `<= ${GOALS.paidToCompletedP95Ms} ms`,
      value: results.paid_to_completed.p95_ms,
      met: results.paid_to_completed.p95_ms <= GOALS.paidToCompletedP95Ms,
    };
  if (results.login_50 !== undefined)
    goals.login_50_p99 = {
      goal: `<= ${GOALS.loginP99At50Ms} ms`,
      value: results.login_50.p99_ms,
      met: results.login_50.p99_ms <= GOALS.loginP99At50Ms,
    };
  for (const c of results.console?.calls ?? [])
    if (c.status === 'measured')
      goals[`console: ${c.label}`] = {
        goal: `p95 <= ${c.goal_p95_ms} ms`,
        value: c.server_p95_ms ?? c.client_p95_ms,
        met: c.met,
      };
  const report = {
    at: new Date().toISOString(),
    machine,
    settings: {
      seconds: SECONDS,
      connections: CONNECTIONS,
      payers: PAYERS,
      login_rates: LOGIN_RATES,
      login_seconds: LOGIN_SECONDS,
      login_arrivals: 'poisson',
      db_pool_size: process.env.DB_POOL_SIZE ?? 'default',
      parts: [...parts],
    },
    results,
    goals,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
  printTable(report);
  console.log('\nWritten to bench-results/latest.json');
  // Slow is never a failure; calls that answered errors (or none paid at all) are.
  const broken = Object.entries(results)
    .filter(([, r]) => (r.failed ?? r.errors ?? 0) > 0 || r.paid === 0)
    .map(([name]) => name);
  if (broken.length > 0) {
    failed = true;
    console.error(`Calls failed in: ${broken.join(', ')} (see bench-results/latest.json)`);
  }
} catch (err) {
  failed = true;
  console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
} finally {
  for (const child of children) await stop(child).catch(() => undefined);
  const keep = process.env.BENCH_KEEP_DB === '1' || process.env.BENCH_KEEP === '1';
  if (createdDb && keep) console.log(`kept database ${dbUrl}`);
  else if (createdDb) {
    try {
      psql(adminUrl, `drop database if exists ${dbName} with (force)`);
    } catch (err) {
      console.error(`could not drop ${dbName}: ${err.message}`);
    }
  }
  for (const name of startDbs) {
    try {
      psql(adminUrl, `drop database if exists ${name} with (force)`);
    } catch (err) {
      console.error(`could not drop ${name}: ${err.message}`);
    }
  }
  for (const dir of startDirs) if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

function printTable({ results: r, goals }) {
  const verdict = (g) => (g.met ? 'met' : 'MISSED');
  const rows = [];
  if (r.pay_path !== undefined) {
    const p = r.pay_path;
    const g = r.pgbench_pay_path;
    rows.push(
      [
        'Pay path (create+pay)',
        `${p.pairs_per_s} pairs/s`,
        `${p.requests_per_s} req/s`,
        `p50 ${p.p50_ms} ms`,
        `p99 ${p.p99_ms} ms`,
      ],
      [
        '  CPU per pair',
        `API ${p.api_cpu_ms_per_pair} ms`,
        `game ${p.game_cpu_ms_per_pair} ms`,
        `PostgreSQL ${p.postgres_cpu_ms_per_pair} ms`,
        '',
      ],
      [
        '  pgbench, same SQL',
        `${g.tps} tps`,
        `PostgreSQL ${g.postgres_cpu_ms_per_tx} ms/tx`,
        `avg ${g.latency_avg_ms} ms`,
        '',
      ],
      [
        '  ratio server/pgbench',
        String(p.ratio_vs_pgbench),
        `goal ${goals.pay_path_vs_pgbench.goal}`,
        verdict(goals.pay_path_vs_pgbench),
        '',
      ],
    );
  }
  if (r.catalog !== undefined) {
    const c = r.catalog;
    const h = r.hello_world;
    rows.push(
      [
        'Catalog (webProduct)',
        `${c.requests_per_s} req/s`,
        `${c.api_cpu_us_per_req} µs CPU/req`,
        `p50 ${c.p50_ms} ms`,
        `p99 ${c.p99_ms} ms`,
      ],
      [
        '  Fastify hello-world',
        `${h.requests_per_s} req/s`,
        `${h.cpu_us_per_req} µs CPU/req`,
        `p50 ${h.p50_ms} ms`,
        `p99 ${h.p99_ms} ms`,
      ],
      [
        '  ratio catalog/hello',
        String(c.ratio_vs_hello),
        `goal ${goals.catalog_vs_hello.goal}`,
        verdict(goals.catalog_vs_hello),
        '',
      ],
    );
  }
  for (const rate of LOGIN_RATES) {
    const l = r[`login_${rate}`];
    if (l === undefined) continue;
    const goal = goals[`login_${rate}_p99`];
    rows.push([
      `Login at ${rate}/s`,
      `${l.requests_per_s} req/s`,
      `${l.api_cpu_ms_per_login} ms CPU/login`,
      `p50 ${l.p50_ms} ms`,
      `p99 ${l.p99_ms} ms${goal === undefined ? '' : ` (goal ${goal.goal}: ${verdict(goal)})`}`,
    ]);
  }
  if (r.scale_out !== undefined) {
    for (const c of [r.scale_out.one, r.scale_out.two])
      rows.push([
        `Scale-out: ${c.api_processes} API + ${c.worker_processes} worker`,
        `${c.pairs_per_s} pairs/s`,
        `p99 ${c.p99_ms} ms`,
        `CPU/pair ms: API ${c.api_cpu_ms_per_pair}, worker ${c.worker_cpu_ms_per_pair}`,
        `game ${c.game_cpu_ms_per_pair}, PostgreSQL ${c.postgres_cpu_ms_per_pair}`,
      ]);
    rows.push(['  ratio two/one', String(r.scale_out.ratio), '', '', '']);
  }
  if (r.paid_to_completed !== undefined) {
    const d = r.paid_to_completed;
    rows.push([
      'Paid -> completed',
      `${d.orders} orders`,
      `after ${d.cold_orders} cold (max ${d.cold_max_ms} ms)`,
      `p50 ${d.p50_ms} ms`,
      `p95 ${d.p95_ms} ms (goal ${goals.paid_to_completed_p95.goal}: ${verdict(goals.paid_to_completed_p95)})`,
    ]);
  }
  for (const [label, n] of [
    ['npm start (PGlite)', r.npm_start],
    ['npm start (PostgreSQL)', r.npm_start_postgres],
  ]) {
    if (n === undefined) continue;
    rows.push(
      [
        `${label}, first page`,
        `cold ${n.cold_ms} ms`,
        `warm ${n.warm_ms} ms`,
        `peak RSS ${n.peak_rss_mb} MB`,
        n.cold_included_build || n.warm_included_build ? '(a start included a build)' : '',
      ],
      [
        `  RSS after ${START_REQUESTS} requests`,
        `cold peak ${n.cold_peak_rss_mb} MB`,
        `warm peak ${n.warm_peak_rss_mb} MB`,
        `warm now ${n.warm_rss_mb} MB`,
        `(at first page: ${n.cold_ready_peak_rss_mb} / ${n.warm_ready_peak_rss_mb} MB)`,
      ],
    );
  }
  if (r.import_accounts !== undefined) {
    const i = r.import_accounts;
    rows.push([
      'Import accounts (CSV)',
      `${i.rows} rows`,
      `${i.rows_per_s} rows/s`,
      `${i.seconds} s`,
      `peak RSS ${i.peak_rss_mb} MB`,
    ]);
  }
  if (r.console !== undefined) printConsoleTable(r.console);
  if (rows.length === 0) return;
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  console.log('');
  for (const row of rows)
    console.log(
      row
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
}
