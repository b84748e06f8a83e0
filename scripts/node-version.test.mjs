// The project runs on Node 24 (ADR 0033; node --test scripts/, from `npm test`): the exact version
// pinned as the `node` devDependency is what npm scripts run, their children find it first on
// PATH, and .nvmrc names the same major. Run it through npm (`npm test -- unit`), not with the
// machine's own `node`, which may be older.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const pinned = pkg.devDependencies.node;
const nvmrc = readFileSync(new URL('.nvmrc', root), 'utf8').trim();

test('the pinned node is an exact 24.x version, and .nvmrc names its major', () => {
  assert.match(pinned, /^24\.\d+\.\d+$/, 'devDependencies.node must be an exact 24.x version');
  assert.equal(nvmrc, pinned.split('.')[0]);
  assert.equal(pkg.engines.node, `>=${nvmrc}`);
  assert.equal(pkg.allowScripts?.node, true, 'the node package installs its binary in preinstall');
});

test('npm runs this on the pinned node (node_modules/.bin first on PATH)', () => {
  assert.equal(
    process.version,
    `v${pinned}`,
    `running on ${process.version} (${process.execPath}): run through npm, after npm install`,
  );
});

test('children found on PATH (npx, npm, node) get the same node', () => {
  const node = spawnSync('node', ['-p', 'process.version'], { encoding: 'utf8' });
  assert.equal(node.stdout.trim(), `v${pinned}`);
  const viaNpm = spawnSync('npm', ['exec', '--', 'node', '-v'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(viaNpm.status, 0, viaNpm.stderr);
  assert.equal(viaNpm.stdout.trim(), `v${pinned}`);
});
