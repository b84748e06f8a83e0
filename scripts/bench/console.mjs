// The `console` part of `npm run bench` (docs/benchmarks.md#console), opt-in: on the fresh bench
// database, loads the console data set (console-fixture.mjs: 100,000 players, 1,000,000 orders),
// starts an API process, makes an owner operator and signs in as the console does (password,
// then two-factor enrolment: production requires it), then
//   - for each list / search / page call of the list below that the contract declares, sends
//     BENCH_CONSOLE_N (200) requests one after the other with inputs drawn from the data set and
//     reports p50/p95/p99 of the client round trip on 127.0.0.1 and of the server's own time
//     (Fastify's `responseTime` of each request, read from the API's request log), against the
//     goals: lists, searches and pages p95 <= 100 ms, dashboards over 90 days p95 <= 300 ms;
//   - streams each CSV export whole and reports rows, seconds and the API process's memory
//     (VmRSS sampled every 100 ms from /proc/<pid>/status, and the high-water mark VmHWM before
//     and after), to show that memory stays flat however many rows go out.
// Calls not (yet) in the contract are reported `not present`; calls the running server does not
// know (an older build) `not served`.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { loadConsoleFixture } from './console-fixture.mjs';

const N = Math.max(10, Number(process.env.BENCH_CONSOLE_N ?? 200));
const WARMUP = 10;
export const CONSOLE_GOALS = { pageP95Ms: 100, dashboardP95Ms: 300 };
const OPERATOR = { name: 'bench_owner', password: 'Bench!console42' };

const DAY = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);
const midnight = (s) => s - (s % DAY);

/**
 * The measured calls: label, call name, goal kind, body from the i-th sample. A call missing
 * from consoleApi is skipped and printed as `not present`.
 */
export function scenarios() {
  const today = midnight(nowS());
  const tomorrow = today + DAY;
  return [
    // Players (docs/console.md#support-players)
    [
      'players search: login name',
      'consolePlayersSearch',
      'page',
      (s) => ({ q: s.account, kind: 'account' }),
    ],
    [
      'players search: login prefix',
      'consolePlayersSearch',
      'page',
      (s) => ({ q: s.account.slice(0, 7), kind: 'account' }),
    ],
    [
      'players search: email',
      'consolePlayersSearch',
      'page',
      (s, i, all) => ({
        q: all.find((x, j) => j >= i % all.length && x.email)?.email ?? 'bc0000001@bench.example',
        kind: 'email',
      }),
    ],
    [
      'players search: game uid',
      'consolePlayersSearch',
      'page',
      (s) => ({ q: s.uid, kind: 'uid' }),
    ],
    [
      'players search: order number',
      'consolePlayersSearch',
      'page',
      (s) => ({ q: s.orderNo, kind: 'order' }),
    ],
    ['players search: auto', 'consolePlayersSearch', 'page', (s) => ({ q: s.account })],
    ['player page', 'consolePlayersGet', 'page', (s) => ({ id: s.id })],
    ['player orders', 'consolePlayersOrders', 'page', (s) => ({ id: s.id })],
    [
      'player ledger',
      'consolePlayersLedger',
      'page',
      (s) => ({ id: s.id, gameAccountId: s.gameAccountId }),
    ],
    ['player audit', 'consolePlayersAudit', 'page', (s) => ({ id: s.id })],
    // Orders (docs/console.md#support-and-finance-orders)
    ['orders: no filter', 'consoleOrdersList', 'page', () => ({})],
    [
      'orders: status + 30 days',
      'consoleOrdersList',
      'page',
      (s, i) => ({
        status: [2, 3, 5, 6, 1][i % 5],
        from: today - (30 + (i % 120)) * DAY,
        to: today - (i % 120) * DAY,
      }),
    ],
    [
      'orders: game + server',
      'consoleOrdersList',
      'page',
      (s, i) => ({ gameId: 1, serverId: 1 + (i % 3) }),
    ],
    [
      'orders: amount range',
      'consoleOrdersList',
      'page',
      (s, i) => ({
        currency: ['USD', 'EUR', 'GBP', 'JPY'][i % 4],
        amountMin: 1000 + (i % 10) * 100,
        amountMax: 5000,
      }),
    ],
    [
      'orders: channel + status',
      'consoleOrdersList',
      'page',
      (s, i) => ({ channel: ['epoint', 'paypal', 'stripe', 'sandbox'][i % 4], status: 3 }),
    ],
    [
      'orders: player',
      'consoleOrdersList',
      'page',
      (s) => ({ player: s.account, playerKind: 'account' }),
    ],
    ['orders: order number', 'consoleOrdersList', 'page', (s) => ({ orderNumber: s.orderNo })],
    ['order page', 'consoleOrdersGet', 'page', (s) => ({ sdkOrderId: s.orderNo })],
    // Jobs, audit (docs/console.md#jobs-and-exports, #audit-log)
    ['jobs: dead and stuck', 'consoleJobsList', 'page', () => ({})],
    [
      'jobs: dead deliveries',
      'consoleJobsList',
      'page',
      () => ({ state: 'dead', kind: 'deliver' }),
    ],
    ['jobs summary', 'consoleJobsSummary', 'page', () => ({})],
    ['audit: newest', 'consoleAuditList', 'page', () => ({})],
    ['audit: one player', 'consoleAuditList', 'page', (s) => ({ target: `account:${s.id}` })],
    [
      'audit: action prefix',
      'consoleAuditList',
      'page',
      (s, i) => ({ action: 'player.', page: 1 + (i % 5) }),
    ],
    ['games list (reference)', 'consoleGamesList', 'page', () => ({})],
    // Dashboards (docs/console.md#dashboards)
    [
      'dashboard: 90 days',
      'consoleDashboardGet',
      'dashboard',
      (s, i) => ({ from: tomorrow - (90 + (i % 30)) * DAY, to: tomorrow - (i % 30) * DAY }),
    ],
    [
      'dashboard: 90 days, game 1',
      'consoleDashboardGet',
      'dashboard',
      (s, i) => ({
        from: tomorrow - (90 + (i % 30)) * DAY,
        to: tomorrow - (i % 30) * DAY,
        gameId: 1,
      }),
    ],
    ['dashboard: default 30 days', 'consoleDashboardGet', 'dashboard', () => ({})],
  ];
}

/** The exports streamed whole: label, call name, body. */
function exportScenarios() {
  const to = nowS() + 60;
  return [
    ['orders CSV, every order', 'consoleOrdersExport', {}],
    ['ledger CSV, 181 days', 'consoleLedgerExport', { from: to - 181 * DAY, to }],
    ['audit CSV, every entry', 'consoleAuditExport', {}],
  ];
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const r1 = (n) => (n === null ? null : Math.round(n * 10) / 10);

function memory(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(text)?.[1] ?? NaN);
    return { rssMb: r1(kb('VmRSS') / 1024), hwmMb: r1(kb('VmHWM') / 1024) };
  } catch {
    return { rssMb: null, hwmMb: null };
  }
}

/** RFC 6238 code (SHA-1, 6 digits, 30 s) of a base32 secret, for the enrolment. */
function totp(secret, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1] & 0xf;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Starts the API with request logging on; collects each request's url and server time. */
function startApi({ serverMain, env, port, track }) {
  const child = spawn(process.execPath, [serverMain, '--role=api'], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  const urls = new Map();
  const timings = [];
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d.toString()).slice(-4000)));
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    let rec;
    try {
      rec = JSON.parse(line);
    } catch {
      return;
    }
    if (rec.req?.url !== undefined) urls.set(rec.reqId, rec.req.url);
    if (typeof rec.responseTime === 'number') {
      timings.push({ url: urls.get(rec.reqId), ms: rec.responseTime });
      urls.delete(rec.reqId);
    }
  });
  child.on('exit', (code, signal) => {
    if (!child.stopping && code !== 0)
      console.error(`console bench API exited (${signal ?? code}):\n${stderr}`);
  });
  return { child, timings };
}

/** A signed-in console session: cookie, CSRF token; calls answer the parsed envelope. */
export function consoleClient(url) {
  let cookie;
  let csrf;
  async function send(call, body) {
    const headers = { 'content-type': 'application/json' };
    if (cookie !== undefined) headers.cookie = cookie;
    if (csrf !== undefined) headers['x-csrf-token'] = csrf;
    const res = await fetch(`${url}${call.path}`, {
      method: call.method,
      headers,
      ...(call.method === 'POST' && { body: JSON.stringify(body) }),
    });
    const set = res.headers.get('set-cookie');
    const m = /^((?:__Host-)?hc_console)=([^;]*)/.exec(set ?? '');
    if (m !== null) cookie = `${m[1]}=${m[2]}`;
    return res;
  }
  return {
    send,
    async call(call, body) {
      const res = await send(call, body);
      const text = await res.text();
      let env;
      try {
        env = JSON.parse(text);
      } catch {
        env = { code: -1, msg: `HTTP ${res.status}: ${text.slice(0, 120)}` };
      }
      if (res.status === 404 && env.code !== 0) env.notServed = true;
      return env;
    },
    setCsrf(token) {
      csrf = token;
    },
  };
}

export async function makeOwner(dbUrl, operator = OPERATOR) {
  const passwordHash = await hash(operator.password, {
    algorithm: 2,
    memoryCost: 19456,
    timeCost: 2,
    parallelism: 1,
  });
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `insert into operators (name, display_name, password_hash, roles, created_at)
      values ($1, 'Bench owner', $2, '{owner}', now())
      on conflict (name) do update set password_hash = excluded.password_hash`,
      [operator.name, passwordHash],
    );
  } finally {
    await db.end();
  }
}

export async function signIn(client, api, operator = OPERATOR) {
  const login = await client.call(api.consoleSessionLogin, operator);
  if (login.code !== 0) throw new Error(`console login failed: ${JSON.stringify(login)}`);
  client.setCsrf(login.result.csrfToken);
  if (login.result.operator?.mustEnrol === true) {
    const started = await client.call(api.consoleTwoFactorStart, {});
    if (started.code !== 0) throw new Error(`two-factor start: ${JSON.stringify(started)}`);
    const confirmed = await client.call(api.consoleTwoFactorConfirm, {
      code: totp(started.result.secret),
    });
    if (confirmed.code !== 0) throw new Error(`two-factor confirm: ${JSON.stringify(confirmed)}`);
  }
}

async function measureCall(client, call, bodyOf, samples, timings, path) {
  for (let i = 0; i < WARMUP; i++)
    await client.call(call, bodyOf(samples[i % samples.length], i, samples));
  const client_ms = [];
  let errors = 0;
  let firstError;
  let rows = 0;
  const mark = timings.length;
  for (let i = 0; i < N; i++) {
    const body = bodyOf(samples[(i * 7) % samples.length], i, samples);
    const t0 = performance.now();
    const env = await client.call(call, body);
    client_ms.push(performance.now() - t0);
    if (env.notServed) return { notServed: true };
    if (env.code !== 0) {
      errors++;
      firstError ??= `${env.code} ${env.msg ?? ''} ${JSON.stringify(body)}`.slice(0, 200);
    } else rows += Array.isArray(env.result?.list) ? env.result.list.length : 1;
  }
  // The last request's log line may trail its answer by a moment.
  await new Promise((r) => setTimeout(r, 200));
  const server_ms = timings
    .slice(mark)
    .filter((t) => t.url === path)
    .map((t) => t.ms);
  client_ms.sort((a, b) => a - b);
  server_ms.sort((a, b) => a - b);
  const stat = (xs, p) => r1(percentile(xs, p));
  return {
    n: N,
    client_p50_ms: stat(client_ms, 50),
    client_p95_ms: stat(client_ms, 95),
    client_p99_ms: stat(client_ms, 99),
    server_n: server_ms.length,
    server_p50_ms: stat(server_ms, 50),
    server_p95_ms: stat(server_ms, 95),
    server_p99_ms: stat(server_ms, 99),
    avg_rows: r1(rows / Math.max(1, N - errors)),
    errors,
    ...(firstError !== undefined && { first_error: firstError }),
  };
}

async function measureExport(client, call, body, pid) {
  const before = memory(pid);
  let peakRss = before.rssMb ?? 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memory(pid).rssMb ?? 0);
  }, 100);
  const t0 = performance.now();
  let bytes = 0;
  let lines = 0;
  let first;
  try {
    const res = await client.send(call, body);
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith('text/csv')) {
      const text = await res.text();
      return { notServed: res.status === 404, error: `${res.status} ${text.slice(0, 200)}` };
    }
    const firstByte = performance.now();
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    first = r1(firstByte - t0);
  } finally {
    clearInterval(sampler);
  }
  const after = memory(pid);
  peakRss = Math.max(peakRss, after.rssMb ?? 0);
  return {
    rows: Math.max(0, lines - 1),
    mb: r1(bytes / 2 ** 20),
    seconds: r1((performance.now() - t0) / 1000),
    first_byte_ms: first,
    rss_before_mb: before.rssMb,
    rss_peak_during_mb: r1(peakRss),
    rss_after_mb: after.rssMb,
    hwm_before_mb: before.hwmMb,
    hwm_after_mb: after.hwmMb,
  };
}

/**
 * Runs the part; `env` is the server environment bench.mjs built, `track` registers a child
 * process for the final clean-up, `stop` ends one.
 */
export async function consoleBench({ dbUrl, env, serverMain, port, track, stop, waitFor }) {
  const { consoleApi } = await tsImport('@hc/contract', import.meta.url);
  console.log('console: loading the data set…');
  const fixture = await loadConsoleFixture(dbUrl);
  console.log(
    `console: ${fixture.players} players, ${fixture.orders} orders loaded in ${fixture.seconds} s`,
  );
  await makeOwner(dbUrl);
  const url = `http://127.0.0.1:${port}`;
  const api = startApi({ serverMain, env, port, track });
  const calls = [];
  const exports = [];
  try {
    await waitFor(async () => (await fetch(`${url}/readyz`)).ok, 60_000, 'console bench API');
    const client = consoleClient(url);
    await signIn(client, consoleApi);
    const samples = fixture.samples;
    for (const [label, name, kind, bodyOf] of scenarios()) {
      const call = consoleApi[name];
      const goal = kind === 'dashboard' ? CONSOLE_GOALS.dashboardP95Ms : CONSOLE_GOALS.pageP95Ms;
      const row = { label, call: name, goal_p95_ms: goal };
      if (call === undefined) {
        calls.push({ ...row, status: 'not present' });
        console.log(`  ${label}: ${name} not present`);
        continue;
      }
      const fits = call.body.safeParse(bodyOf(samples[0], 0, samples));
      if (!fits.success) {
        calls.push({
          ...row,
          status: 'input does not fit',
          issues: fits.error.message.slice(0, 300),
        });
        console.log(`  ${label}: input does not fit ${name}: ${fits.error.message.slice(0, 200)}`);
        continue;
      }
      const m = await measureCall(client, call, bodyOf, samples, api.timings, call.path);
      if (m.notServed) {
        calls.push({ ...row, status: 'not served' });
        console.log(`  ${label}: ${name} not served by this build`);
        continue;
      }
      const p95 = m.server_p95_ms ?? m.client_p95_ms;
      const out = { ...row, status: 'measured', ...m, met: m.errors === 0 && p95 <= goal };
      calls.push(out);
      console.log(
        `  ${label}: server p50/p95/p99 ${m.server_p50_ms}/${m.server_p95_ms}/${m.server_p99_ms} ms, client ${m.client_p50_ms}/${m.client_p95_ms}/${m.client_p99_ms} ms${m.errors ? `, ${m.errors} errors: ${m.first_error}` : ''}`,
      );
    }
    for (const [label, name, body] of exportScenarios()) {
      const call = consoleApi[name];
      if (call === undefined) {
        exports.push({ label, call: name, status: 'not present' });
        console.log(`  ${label}: ${name} not present`);
        continue;
      }
      const m = await measureExport(client, call, body, api.child.pid);
      exports.push({
        label,
        call: name,
        status: m.notServed ? 'not served' : m.error ? 'error' : 'measured',
        ...m,
      });
      console.log(`  ${label}: ${JSON.stringify(m)}`);
    }
  } finally {
    await stop(api.child);
  }
  const failed =
    calls.reduce((n, c) => n + (c.errors ?? 0), 0) +
    exports.filter((e) => e.status === 'error').length;
  const result = {
    fixture: {
      players: fixture.players,
      orders: fixture.orders,
      days: fixture.days,
      load_seconds: fixture.seconds,
      steps: fixture.steps,
    },
    requests_per_call: N,
    calls,
    exports,
    failed,
  };
  return result;
}

export function printConsoleTable({ fixture, calls, exports }) {
  const rows = [['Console call', 'server p50/p95/p99 ms', 'client p50/p95/p99 ms', 'goal p95', '']];
  for (const c of calls) {
    if (c.status !== 'measured') {
      rows.push([c.label, c.status, '', '', '']);
      continue;
    }
    rows.push([
      c.label,
      `${c.server_p50_ms} / ${c.server_p95_ms} / ${c.server_p99_ms}`,
      `${c.client_p50_ms} / ${c.client_p95_ms} / ${c.client_p99_ms}`,
      `<= ${c.goal_p95_ms}`,
      c.errors > 0 ? `${c.errors} ERRORS` : c.met ? 'met' : 'MISSED',
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log(
    `\nConsole on ${fixture.players} players, ${fixture.orders} orders (loaded in ${fixture.load_seconds} s)`,
  );
  for (const r of rows)
    console.log(
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
  for (const e of exports) {
    if (e.status !== 'measured') {
      console.log(`${e.label}: ${e.status}${e.error ? ` (${e.error})` : ''}`);
      continue;
    }
    console.log(
      `${e.label}: ${e.rows} rows, ${e.mb} MB in ${e.seconds} s; API RSS ${e.rss_before_mb} MB before, peak ${e.rss_peak_during_mb} MB during, ${e.rss_after_mb} MB after (VmHWM ${e.hwm_before_mb} -> ${e.hwm_after_mb} MB)`,
    );
  }
}
