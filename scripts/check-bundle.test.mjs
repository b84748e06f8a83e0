// Summing logic of scripts/check-bundle.mjs on a fixture manifest (node --test scripts/).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import {
  BUDGET_BYTES,
  checkBundle,
  checkConsoleBundle,
  playerFilesWithConsoleCode,
  entryKey,
  matchKeys,
  measure,
  staticClosure,
} from './check-bundle.mjs';

// index.html → a (→ shared), b (→ shared); dynamic: lazy (→ shared, heavy). A diamond, a
// dynamic import with its own static import, and a CSS file.
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_a.js', '_b.js'],
    dynamicImports: ['src/lazy.tsx'],
    css: ['assets/index.css'],
  },
  '_a.js': { file: 'assets/a.js', imports: ['_shared.js'] },
  '_b.js': { file: 'assets/b.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/lazy.tsx': { file: 'assets/lazy.js', isDynamicEntry: true, imports: ['_heavy.js'] },
  '_heavy.js': { file: 'assets/heavy.js' },
  'src/app/routes/home.tsx': { file: 'assets/home.js', isDynamicEntry: true, imports: ['_a.js'] },
};

const files = {
  'assets/index.js': 'console.log("entry");'.repeat(40),
  'assets/a.js': 'export const a = 1;',
  'assets/b.js': 'export const b = 2;',
  'assets/shared.js': 'export const shared = "x";'.repeat(10),
  'assets/lazy.js': 'export const lazy = 3;',
  'assets/heavy.js': 'h'.repeat(50_000),
  'assets/home.js': 'export const home = 4;',
};
const read = (file) => Buffer.from(files[file]);
const gz = (file) => gzipSync(read(file), { level: 9 }).length;

test('the entry is the index.html chunk', () => {
  assert.equal(entryKey(manifest), 'index.html');
  assert.throws(() => entryKey({ '_a.js': { file: 'a.js' } }), /no index.html entry/);
});

test('static imports count transitively, once each; dynamic imports do not', () => {
  const keys = staticClosure(manifest, ['index.html']);
  assert.deepEqual([...keys].sort(), ['_a.js', '_b.js', '_shared.js', 'index.html']);
  assert.ok(!keys.includes('src/lazy.tsx') && !keys.includes('_heavy.js'));
});

test('the sum is the gzip size of each JS file, largest first', () => {
  const { rows, total } = measure(manifest, staticClosure(manifest, ['index.html']), read);
  const expected = ['assets/index.js', 'assets/a.js', 'assets/b.js', 'assets/shared.js'];
  assert.deepEqual([...rows.map((r) => r.file)].sort(), [...expected].sort());
  assert.equal(
    total.gzip,
    expected.map(gz).reduce((s, n) => s + n, 0),
  );
  assert.equal(
    total.raw,
    expected.map((f) => files[f].length).reduce((s, n) => s + n, 0),
  );
  for (let i = 1; i < rows.length; i += 1) assert.ok(rows[i - 1].gzip >= rows[i].gzip);
});

test('skipped keys leave out their imports (landing chunks minus the entry)', () => {
  const entry = staticClosure(manifest, ['index.html']);
  assert.deepEqual(staticClosure(manifest, ['src/app/routes/home.tsx'], new Set(entry)), [
    'src/app/routes/home.tsx',
  ]);
});

test('landing modules are named by key or pattern; absent ones are skipped', () => {
  assert.deepEqual(
    matchKeys(manifest, ['src/app/routes/home.tsx', 'src/missing.tsx', /^_[ab]\./]),
    ['src/app/routes/home.tsx', '_a.js', '_b.js'],
  );
});

test('checkBundle passes under the budget and fails past it', () => {
  const dist = mkdtempSync(join(tmpdir(), 'check-bundle-'));
  try {
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dist, file), text);
    const log = console.log;
    console.log = () => {};
    try {
      assert.equal(checkBundle(dist), 0);
      assert.equal(checkBundle(dist, 10), 1);
      // Random bytes do not compress: a 130 KB entry is over the 120 KB budget.
      writeFileSync(
        join(dist, 'assets/index.js'),
        Buffer.from(Array.from({ length: 130 * 1024 }, () => Math.floor(Math.random() * 256))),
      );
      assert.equal(checkBundle(dist), 1);
      assert.equal(BUDGET_BYTES, 122_880);
    } finally {
      console.log = log;
    }
    assert.equal(checkBundle(join(dist, 'missing')), 2);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});

test('console code in the player bundle fails the check', () => {
  const dist = mkdtempSync(join(tmpdir(), 'check-bundle-'));
  const log = console.log;
  const error = console.error;
  try {
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dist, file), text);
    const read = (file) => Buffer.from(files[file] ?? '');
    assert.deepEqual(playerFilesWithConsoleCode(manifest, read), []);
    writeFileSync(join(dist, 'assets/lazy.js'), 'fetch("/api/console/session/login")');
    console.log = () => {};
    console.error = () => {};
    assert.equal(checkBundle(dist), 1);
  } finally {
    console.log = log;
    console.error = error;
    rmSync(dist, { recursive: true, force: true });
  }
});

test('the console first load (entry + src/start.tsx) has a budget of its own', () => {
  const dist = mkdtempSync(join(tmpdir(), 'check-bundle-console-'));
  const log = console.log;
  try {
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    const consoleManifest = {
      'index.html': {
        file: 'assets/index.js',
        src: 'index.html',
        isEntry: true,
        dynamicImports: ['src/start.tsx'],
      },
      'src/start.tsx': { file: 'assets/start.js', isDynamicEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
    };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(consoleManifest));
    writeFileSync(join(dist, 'assets/index.js'), 'import("./start.js")');
    writeFileSync(join(dist, 'assets/start.js'), 'export const start = 1;');
    writeFileSync(join(dist, 'assets/shared.js'), 'export const shared = 1;');
    console.log = () => {};
    assert.equal(checkConsoleBundle(dist), 0);
    assert.equal(checkConsoleBundle(dist, 10), 1);
    assert.equal(checkConsoleBundle(join(dist, 'missing')), 2);
  } finally {
    console.log = log;
    rmSync(dist, { recursive: true, force: true });
  }
});
