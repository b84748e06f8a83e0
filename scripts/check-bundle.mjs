// `npm run check:bundle`: the entry route's JS budget (docs/frontend-budgets.md,
// ADR 0024). Reads the Vite build manifest of apps/web/dist and sums the gzip size (level 9, as
// scripts/precompress.mjs writes it) of every JS chunk the entry loads up front: index.html's
// entry chunk and its static imports, transitively. Dynamic imports (lazy routes, the locale
// JSON, i18next, dayjs, the start-up calls) are not counted; the lazy chunks of the landing page
// (/ → /main/home) are printed for information. Exits 1 past the budget.
//
//   node scripts/check-bundle.mjs [--dist apps/web/dist]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** 120 KB gzip for the entry route. */
export const BUDGET_BYTES = 120 * 1024;

/**
 * What the first render of the landing page `/` (→ /main/home) also loads, in the wave after the
 * entry (main.tsx, ADR 0024), for an en-US visitor: the route chunks, the start-up calls, the
 * landing prefetch, i18next with the texts, dayjs. Printed for information; not budgeted.
 */
export const LANDING_MODULES = [
  'src/app/layouts/main-layout.tsx',
  'src/app/routes/home.tsx',
  'src/app/bootstrap.ts',
  'src/app/landing-prefetch.ts',
  /[\\/]node_modules[\\/]i18next[\\/]/,
  /[\\/]node_modules[\\/]dayjs[\\/]dayjs\.min\.js$|^_dayjs\.min-/,
  /^src\/locales\/en-US\//,
];

/** Manifest keys named by `patterns` (exact keys or regular expressions). */
export function matchKeys(manifest, patterns) {
  const keys = Object.keys(manifest);
  return patterns.flatMap((p) =>
    typeof p === 'string' ? (manifest[p] ? [p] : []) : keys.filter((k) => p.test(k)),
  );
}

const DEFAULT_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const DEFAULT_CONSOLE_DIST = fileURLToPath(new URL('../apps/console/dist', import.meta.url));

/**
 * The operator console (apps/console, ADR 0041): what its first page loads (the entry, which only
 * sets zod's config, and src/start.tsx with its static imports). Not a player page: a budget of
 * its own, against unnoticed growth.
 */
export const CONSOLE_BUDGET_BYTES = 220 * 1024;
export const CONSOLE_START_MODULES = ['src/start.tsx'];

/** The console's calls live under this path: none may appear in the player's JS. */
export const CONSOLE_API_MARKER = '/api/console/';

/** JS files of the player's dist that carry console code (named by CONSOLE_API_MARKER). */
export function playerFilesWithConsoleCode(manifest, readAsset) {
  const files = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((f) =>
    f.endsWith('.js'),
  );
  return files.filter((file) => readAsset(file).toString('utf8').includes(CONSOLE_API_MARKER));
}

/** The console's first-load JS against its budget; 0 ok, 1 over, 2 not built. */
export function checkConsoleBundle(dist = DEFAULT_CONSOLE_DIST, budget = CONSOLE_BUDGET_BYTES) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`check:bundle: ${manifestPath} is missing; run npm run build first`);
    return 2;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const readAsset = (file) => readFileSync(join(dist, file));
  const keys = staticClosure(manifest, [
    entryKey(manifest),
    ...matchKeys(manifest, CONSOLE_START_MODULES),
  ]);
  const result = measure(manifest, keys, readAsset);
  printTable('Console first load JS (entry + src/start.tsx + static imports):', result);
  const over = result.total.gzip > budget;
  console.log(
    `check:bundle: console first load ${kb(result.total.gzip)} gzip of ${kb(budget)} budget: ` +
      `${over ? 'OVER BUDGET' : 'ok'}`,
  );
  return over ? 1 : 0;
}

/** The manifest key of the HTML entry (index.html). */
export function entryKey(manifest) {
  const key = Object.keys(manifest).find(
    (k) => manifest[k].isEntry && manifest[k].src === 'index.html',
  );
  if (!key) throw new Error('the build manifest has no index.html entry');
  return key;
}

/**
 * Manifest keys of `roots` and of everything they import statically, transitively (each once,
 * in discovery order). `skip` keys are left out with their imports (already counted elsewhere).
 */
export function staticClosure(manifest, roots, skip = new Set()) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const key = queue.shift();
    if (seen.has(key) || skip.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    seen.add(key);
    queue.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

/**
 * Sizes of the JS files of `keys`: one row per distinct file, largest gzip first, and totals.
 * `readAsset(file)` returns the file's bytes (the file path is relative to the dist folder).
 */
export function measure(manifest, keys, readAsset) {
  const files = [...new Set(keys.map((key) => manifest[key].file))].filter((f) =>
    f.endsWith('.js'),
  );
  const rows = files.map((file) => {
    const data = readAsset(file);
    return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
  const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), {
    raw: 0,
    gzip: 0,
  });
  return { rows, total };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(title, { rows, total }) {
  console.log(title);
  const width = Math.max(24, ...rows.map((r) => r.file.length));
  console.log(`  ${'chunk'.padEnd(width)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`);
  for (const r of rows)
    console.log(`  ${r.file.padEnd(width)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)}`);
  console.log(
    `  ${'total'.padEnd(width)} ${kb(total.raw).padStart(10)} ${kb(total.gzip).padStart(10)}`,
  );
}

/** Runs the check on a built dist folder; returns the process exit code. */
export function checkBundle(dist = DEFAULT_DIST, budget = BUDGET_BYTES) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`check:bundle: ${manifestPath} is missing; run npm run build first`);
    return 2;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const readAsset = (file) => readFileSync(join(dist, file));
  const entry = entryKey(manifest);
  const entryKeys = staticClosure(manifest, [entry]);
  const result = measure(manifest, entryKeys, readAsset);
  printTable('Entry route JS (index.html entry + static imports):', result);

  const landing = matchKeys(manifest, LANDING_MODULES);
  if (landing.length > 0) {
    const lazy = measure(manifest, staticClosure(manifest, landing, new Set(entryKeys)), readAsset);
    console.log(
      `First render of / also loads (lazy, not budgeted): ${lazy.rows.length} files, ` +
        `${kb(lazy.total.gzip)} gzip; with the entry ${kb(result.total.gzip + lazy.total.gzip)}`,
    );
  }

  const leaked = playerFilesWithConsoleCode(manifest, readAsset);
  if (leaked.length > 0)
    console.error(
      `check:bundle: console code (${CONSOLE_API_MARKER}) in the player's ${leaked.join(', ')}`,
    );

  const over = result.total.gzip > budget;
  console.log(
    `check:bundle: entry route ${kb(result.total.gzip)} gzip (${result.total.gzip} B) of ` +
      `${kb(budget)} budget (${budget} B): ${over ? 'OVER BUDGET' : 'ok'}, ` +
      `${kb(Math.abs(budget - result.total.gzip))} ${over ? 'over' : 'to spare'}`,
  );
  return over || leaked.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const at = process.argv.indexOf('--dist');
  const dist = at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : DEFAULT_DIST;
  const player = checkBundle(dist);
  const consoleAt = process.argv.indexOf('--console-dist');
  const consoleDist =
    consoleAt > 0 && process.argv[consoleAt + 1]
      ? resolve(process.argv[consoleAt + 1])
      : DEFAULT_CONSOLE_DIST;
  process.exitCode = Math.max(player, checkConsoleBundle(consoleDist));
}
