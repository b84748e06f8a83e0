// `npm run bench:web` (docs/frontend-budgets.md): Lighthouse 12 (mobile
// emulation, simulated throttling: Lighthouse's defaults) on the built portal, on the home page
// `/` as a first-time visitor and on the top-up page /main/recharge as the signed-in demo player.
// Prints performance and accessibility (and best-practices) scores, CLS, LCP, TBT and FCP per
// page against the goals, the audits that cost points, and writes bench-results/lighthouse.json.
// It never fails on a score: the exit code is non-zero only when something broke.
//
// The server runs as e2e/global-setup.ts runs it: the built apps/server/dist/main.js on a free
// port, embedded database in a temporary DATA_DIR with demo data, the demo game as game 1.
// Signed-in page: the script signs the demo player in over the API (docs/product/api.md#payload-encryption encrypted password),
// writes the token where the web app reads it (localStorage `hc_token`, lib/storage.ts) in the
// Lighthouse browser profile, clears the HTTP cache, and runs Lighthouse with
// disableStorageReset (which would otherwise wipe localStorage with the cache).
//
// BENCH_WEB_RUNS (default 3): runs per page; the run with the median performance score is kept.
// BENCH_WEB_LOADS=N (default 0): after Lighthouse, N more loads per page with applied throttling
// (Chromium slows its own CPU 4x and its network to Lighthouse's 150 ms / 1.6 Mbps), each in a
// fresh browser context, timing the long tasks the page itself observes after its first paint.
// Lighthouse's three runs swing by several hundred ms of TBT; many cheap loads tell two builds
// apart (docs/frontend-budgets.md, "Observed long tasks").
// CHROME_PATH defaults to /usr/bin/chromium. WEB_DIST_DIR (the server's own variable, passed
// on) audits another web build, e.g. an older one for a before/after figure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import {
  buildInputs,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  encryptPayload,
  freePort,
  isStale,
  run,
  startDemoGameChild,
  waitHealthy,
} from './lib.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
// BENCH_WEB_TRACE=1: also writes the kept run's trace (bench-results/lighthouse-<page>.trace.json),
// to see what each long task spent its time on (DevTools' Performance panel opens it).
const SAVE_TRACE = process.env.BENCH_WEB_TRACE === '1';
const LOADS = Math.max(0, Number(process.env.BENCH_WEB_LOADS ?? 0));
/** Lighthouse's mobile settings, applied by Chromium itself rather than simulated. */
const APPLIED = { cpuRate: 4, latencyMs: 150, downKbps: 1_638.4, upKbps: 750 };
const CHROME_PATH = process.env.CHROME_PATH || CHROMIUM_PATH;
const CHROME_FLAGS = CHROMIUM_ARGS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/** Goals of docs/frontend-budgets.md. */
const GOALS = { performance: 95, accessibility: 100, cls: 0.02 };
const PAYLOAD_KEY = randomBytes(32).toString('base64');
/** The server secrets a production start requires besides PAYLOAD_KEY (ADR 0027). */
const SERVER_SECRETS = {
  DATA_KEY: `bench:${randomBytes(32).toString('base64')}`,
  CODE_HASH_SECRET: randomBytes(32).toString('base64'),
  ANALYTICS_SIGNING_SECRET: randomBytes(32).toString('base64'),
};
/** STORAGE_KEYS.token (packages/contract/src/constants.ts), read by apps/web/src/lib/storage.ts. */
const TOKEN_KEY = 'hc_token';
const DEMO = { account: 'demo', password: 'demo1234' };
const PAGES = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'top-up', path: '/main/recharge', signedIn: true },
];

const children = [];
const cleanups = [];

/** Builds what is missing or stale, part by part (a WEB_DIST_DIR build is audited as it is). */
async function buildIfStale() {
  const parts = [
    {
      workspace: 'apps/web',
      skip: Boolean(process.env.WEB_DIST_DIR),
      output: 'apps/web/dist/index.html',
      inputs: [
        'apps/web/src',
        'apps/web/index.html',
        'apps/web/vite.config.ts',
        'apps/web/public',
        ...buildInputs.contract,
      ],
    },
    {
      workspace: 'apps/server',
      output: 'apps/server/dist/main.js',
      inputs: ['apps/server/src', 'apps/server/build.mjs', ...buildInputs.contract],
    },
    {
      workspace: 'apps/demo-game',
      output: 'apps/demo-game/dist/main.js',
      inputs: buildInputs.demoGame,
    },
  ];
  for (const part of parts) {
    if (!part.skip && isStale(part.output, part.inputs))
      await run('npm', ['run', 'build', '-w', part.workspace]);
  }
}

async function startPortal() {
  const demoGame = await startDemoGameChild({ port: await freePort(), stdio: 'ignore' });
  children.push(demoGame.child);
  const dataDir = mkdtempSync(join(tmpdir(), 'hc-bench-web-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PAYLOAD_KEY,
    ...SERVER_SECRETS,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SESSION_SINGLE_DEVICE: 'false',
    PUBLIC_BASE_URL: url,
    GAME_GATEWAYS: demoGame.gateways,
  };
  // A production start seeds nothing (ADR 0032): the demo player is loaded on purpose, before
  // the server takes the data directory.
  await run(process.execPath, ['apps/server/dist/portal.js', 'seed-demo', '--allow-production'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  await waitHealthy(url, 60_000, child);
  // /healthz answers before migrations are done: wait for /readyz too.
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const res = await fetch(`${url}/readyz`).catch(() => null);
    if (res?.ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return url;
}

async function signIn(url) {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      channel_code: 'account',
      account: DEMO.account,
      passwd: encryptPayload(PAYLOAD_KEY, DEMO.password),
      encrypt: 1,
    }),
  });
  const body = await res.json();
  const token = body?.result?.token;
  if (!res.ok || typeof token !== 'string') {
    throw new Error(
      `demo sign-in failed: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  return token;
}

/** Writes the session token where the web app reads it, from a page of the portal's origin. */
async function storeToken(page, url, token) {
  await page.goto(`${url}/healthz`);
  await page.evaluate(
    (key, value) => globalThis.localStorage.setItem(key, value),
    TOKEN_KEY,
    token,
  );
}

/** Puts the session token into the profile's localStorage and empties the HTTP cache. */
async function prepareSession(chromePort, url, token) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    await storeToken(page, url, token);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * One load of `url + page.path` in a fresh browser context under applied throttling: the first
 * contentful paint and the long tasks (PerformanceObserver) that start after it, 8 s long.
 * Observed TBT = sum over those tasks of (duration - 50 ms), as Lighthouse sums its own.
 */
async function observedLoad(browser, url, page, token) {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    if (token) await storeToken(tab, url, token);
    await tab.evaluateOnNewDocument(() => {
      globalThis.__hcLongTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) globalThis.__hcLongTasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await tab.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: APPLIED.cpuRate });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: APPLIED.latencyMs,
      downloadThroughput: (APPLIED.downKbps * 1024) / 8,
      uploadThroughput: (APPLIED.upKbps * 1024) / 8,
    });
    await tab.goto(`${url}${page.path}`, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    return await tab.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const after = globalThis.__hcLongTasks.filter(([start]) => start >= fcp);
      return {
        fcp_ms: fcp,
        tbt_ms: after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
        longest_ms: Math.max(0, ...after.map(([, d]) => d)),
      };
    });
  } finally {
    await context.close();
  }
}

/** The middle item of `list` by `value` (the lower one of an even count). */
function medianBy(list, value = (x) => x) {
  const sorted = [...list].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** BENCH_WEB_LOADS loads per page, alternating pages; their medians and means. */
async function observeLoads(chromePort, url, token) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const loads = Object.fromEntries(PAGES.map((page) => [page.name, []]));
  try {
    for (let i = 0; i < LOADS; i += 1) {
      for (const page of PAGES)
        loads[page.name].push(await observedLoad(browser, url, page, page.signedIn ? token : null));
    }
  } finally {
    await browser.disconnect();
  }
  const out = {};
  for (const page of PAGES) {
    const list = loads[page.name];
    const tbt = list.map((l) => l.tbt_ms);
    out[page.name] = {
      loads: list.length,
      tbt_median_ms: round(medianBy(tbt)),
      tbt_mean_ms: round(tbt.reduce((a, b) => a + b, 0) / tbt.length),
      fcp_median_ms: round(medianBy(list.map((l) => l.fcp_ms))),
      longest_task_median_ms: round(medianBy(list.map((l) => l.longest_ms))),
      tbt_each_ms: tbt.map((v) => round(v)),
    };
    const o = out[page.name];
    console.log(
      `\n${page.name} ${page.path}: observed under applied throttling, ${o.loads} loads: TBT median ${o.tbt_median_ms} ms (mean ${o.tbt_mean_ms}), FCP median ${o.fcp_median_ms} ms, longest task median ${o.longest_task_median_ms} ms`,
    );
    console.log(`  TBT of each load: ${o.tbt_each_ms.join(', ')}`);
  }
  return out;
}

const round = (n, digits = 0) => (n === null || n === undefined ? null : Number(n.toFixed(digits)));

function summarise(lhr) {
  const score = (id) => round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const failing = (category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 || category === 'performance')
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (a) =>
          a &&
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable' &&
          a.scoreDisplayMode !== 'manual',
      )
      .map((a) => ({ id: a.id, score: a.score, display: a.displayValue ?? '' }));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    cls: round(metric('cumulative-layout-shift'), 3),
    lcp_ms: round(metric('largest-contentful-paint')),
    tbt_ms: round(metric('total-blocking-time')),
    fcp_ms: round(metric('first-contentful-paint')),
    si_ms: round(metric('speed-index')),
    final_url: lhr.finalDisplayedUrl,
    lighthouse: lhr.lighthouseVersion,
    issues: {
      performance: failing('performance'),
      accessibility: failing('accessibility'),
      best_practices: failing('best-practices'),
    },
  };
}

async function audit(chrome, url, page) {
  const result = await lighthouse(`${url}${page.path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    disableStorageReset: page.signedIn,
  });
  if (!result?.lhr) throw new Error(`lighthouse returned no report for ${page.path}`);
  if (result.lhr.runtimeError) {
    throw new Error(`lighthouse ${page.path}: ${result.lhr.runtimeError.message}`);
  }
  return {
    ...summarise(result.lhr),
    lhr: result.lhr,
    trace: SAVE_TRACE ? result.artifacts?.Trace : undefined,
  };
}

const mark = (ok) => (ok ? 'ok  ' : 'MISS');

function print(name, r, runs) {
  console.log(
    `\n${name}  (${r.final_url}; median of ${runs.length} runs by performance: ${runs.join(', ')})`,
  );
  console.log(
    `  ${mark(r.performance >= GOALS.performance)} performance     ${r.performance}  (goal >= ${GOALS.performance})`,
  );
  console.log(
    `  ${mark(r.accessibility >= GOALS.accessibility)} accessibility   ${r.accessibility}  (goal ${GOALS.accessibility})`,
  );
  console.log(`       best-practices  ${r.best_practices}`);
  console.log(`  ${mark(r.cls <= GOALS.cls)} CLS             ${r.cls}  (goal <= ${GOALS.cls})`);
  console.log(
    `       LCP ${r.lcp_ms} ms  TBT ${r.tbt_ms} ms  FCP ${r.fcp_ms} ms  SI ${r.si_ms} ms`,
  );
  for (const [category, list] of Object.entries(r.issues)) {
    for (const a of list)
      console.log(
        `       - ${category}: ${a.id} ${a.display ? `(${a.display})` : ''} score ${a.score}`,
      );
  }
}

let failed = false;
let chrome;
const loadStart = loadavg()[0];
try {
  await buildIfStale();
  const url = await startPortal();
  const token = await signIn(url);
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const results = {};
  mkdirSync('bench-results', { recursive: true });
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      if (page.signedIn) await prepareSession(chrome.port, url, token);
      // Lighthouse sometimes fails to record a trace on a busy machine and says to run again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          runs.push(await audit(chrome, url, page));
          break;
        } catch (error) {
          if (attempt >= 3) throw error;
          console.error(
            `${page.path}: run ${i + 1} failed, again (${String(error).slice(0, 160)})`,
          );
          if (page.signedIn) await prepareSession(chrome.port, url, token);
        }
      }
    }
    const kept = medianBy(runs, (r) => r.performance);
    // The full report of the kept run, for the details behind each figure (not committed).
    writeFileSync(`bench-results/lighthouse-${page.name}.report.json`, JSON.stringify(kept.lhr));
    delete kept.lhr;
    if (SAVE_TRACE && kept.trace) {
      writeFileSync(`bench-results/lighthouse-${page.name}.trace.json`, JSON.stringify(kept.trace));
    }
    for (const r of runs) delete r.trace;
    results[page.name] = {
      path: page.path,
      ...kept,
      runs_performance: runs.map((r) => r.performance),
      runs_cls: runs.map((r) => r.cls),
    };
    print(`${page.name} ${page.path}`, kept, results[page.name].runs_performance);
    console.log(`  CLS of each run: ${results[page.name].runs_cls.join(', ')}`);
  }
  const observed = LOADS > 0 ? await observeLoads(chrome.port, url, token) : undefined;
  const report = {
    at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? 'unknown',
      mem_gb: round(totalmem() / 2 ** 30, 1),
      // Lighthouse's TBT and bootup figures scale with whatever else the machine runs.
      load_avg_1m: { start: round(loadStart, 1), end: round(loadavg()[0], 1) },
    },
    web_dist: process.env.WEB_DIST_DIR || 'apps/web/dist',
    method: {
      tool: 'lighthouse (npm) programmatic, Chromium headless',
      form_factor:
        'mobile (Lighthouse default: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown)',
      runs_per_page: RUNS,
      pick: 'median performance score',
      signed_in:
        'top-up: demo player token in localStorage, HTTP cache cleared, disableStorageReset',
    },
    goals: GOALS,
    pages: results,
    ...(observed && {
      observed: {
        method: `applied throttling (CPU ${APPLIED.cpuRate}x, ${APPLIED.latencyMs} ms, ${APPLIED.downKbps} Kbps down), fresh context per load, long tasks after FCP observed by the page over 8 s`,
        pages: observed,
      },
    }),
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/lighthouse.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nmachine load average (1 min): ${round(loadStart, 1)} at start, ${round(loadavg()[0], 1)} at end`,
  );
  console.log('wrote bench-results/lighthouse.json');
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.stack : error);
} finally {
  if (chrome) await chrome.kill();
  await Promise.all(
    children
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map(
        (child) =>
          new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
  );
  for (const cleanup of cleanups) cleanup();
}
process.exitCode = failed ? 1 : 0;
