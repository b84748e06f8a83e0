// `npm run bench`: starts the built server on a free port with a fresh data directory (or
// DATABASE_URL / TEST_DATABASE_URL when set) and measures a few calls under concurrent load.
// Prints figures; never fails on a time. Issue 8 extends this with the pay path and ratios.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { isStale, run } from './lib.mjs';

const DURATION_MS = Number(process.env.BENCH_MS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server not ready');
}

async function load(name, makeRequest) {
  const latencies = [];
  const until = Date.now() + DURATION_MS;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        try {
          const res = await makeRequest();
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  const row = {
    name,
    requests: latencies.length,
    rps: Math.round(latencies.length / (DURATION_MS / 1000)),
    p50_ms: +pct(50).toFixed(2),
    p99_ms: +pct(99).toFixed(2),
    errors,
  };
  console.log(
    `${name.padEnd(28)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50_ms} ms  p99 ${row.p99_ms} ms  errors ${errors}`,
  );
  return row;
}

if (isStale('apps/server/dist/main.js', ['apps/server/src', 'packages/contract/src'])) {
  await run('npm', ['run', 'build', '-w', 'apps/server']);
}
const dataDir = mkdtempSync(join(tmpdir(), 'hc-bench-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PAYLOAD_KEY: Buffer.alloc(32, 7).toString('base64'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitReady(url);
  console.log(
    `HC Portal bench — ${cpus().length} cores, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${CONCURRENCY} connections, ${DURATION_MS} ms each`,
  );
  const results = [
    await load('GET /api/time', () => fetch(`${url}/api/time`)),
    await load('POST /api/setting/init', () =>
      fetch(`${url}/api/setting/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    ),
    await load('GET /healthz', () => fetch(`${url}/healthz`)),
  ];
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/latest.json',
    JSON.stringify(
      {
        at: new Date().toISOString(),
        cores: cpus().length,
        database: databaseUrl ? 'postgresql' : 'pglite',
        results,
      },
      null,
      2,
    ),
  );
  console.log('Written to bench-results/latest.json');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
