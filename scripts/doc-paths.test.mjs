// Every document points at files that exist (node --test scripts/, from `npm test -- unit`): in
// each tracked Markdown file, (a) a relative link `](path)` or `](path#anchor)` resolves to a
// file or folder next to the Markdown file, and (b) an inline-code path that looks like a repo
// path (`apps/…`, `packages/…`, `scripts/…`, `e2e/…`, `tests/…`, `docs/…`) exists from the repo
// root. The short forms the glossary and the docs use for the code's own folders (`modules/…`,
// `jobs/…`, `adapters/…`, `plugins/…`, `commands/…` in apps/server/src, `features/…` in
// apps/web/src, `lib/…` in either; the file extension may be left out) must exist there too.
// CHANGELOG.md and docs/decisions/ are history and keep the paths of their day. Skipped: a
// path with a glob or a placeholder (`<`, `*`, `{`, `…`), a build output (git-ignored, e.g.
// `apps/server/dist`) and the files a recipe tells you to create (NEW_IN_RECIPES). Fenced code
// blocks are examples and are not read. All offenders are reported at once.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const REPO_PREFIX = /^(apps|packages|scripts|e2e|tests|docs)\//;
const PLACEHOLDER = /[<*{…]/;
/** Short forms: the folders where a path starting with this segment may live. */
const SHORT_ROOTS = {
  modules: ['apps/server/src'],
  jobs: ['apps/server/src'],
  adapters: ['apps/server/src'],
  plugins: ['apps/server/src'],
  commands: ['apps/server/src'],
  features: ['apps/web/src'],
  lib: ['apps/server/src', 'apps/web/src'],
};
/** Files that ARCHITECTURE.md's "How to add a screen" recipe creates: they do not exist yet. */
const NEW_IN_RECIPES = new Set([
  'apps/web/src/features/account/components/gifts-page.tsx',
  'apps/web/src/app/routes/account-gifts.tsx',
]);

/** A generated path (build output), which exists only after a build. */
function ignored(path, cwd) {
  // As a file and as a folder: a pattern such as `dist/` only matches folders.
  const paths = [path, `${path.replace(/\/$/, '')}/`];
  return spawnSync('git', ['check-ignore', '--no-index', ...paths], { cwd }).status === 0;
}

/**
 * The Markdown files that describe the current state (not history): tracked, plus new ones not
 * yet added (so a doc is checked before its commit); not the git-ignored ones (node_modules).
 */
export function currentDocs(cwd = root) {
  const args = ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '*.md'];
  return [...new Set(execFileSync('git', args, { cwd, encoding: 'utf8' }).split('\0'))]
    .filter(Boolean)
    .filter((file) => file !== 'CHANGELOG.md' && !file.startsWith('docs/decisions/'))
    .filter((file) => existsSync(join(cwd, file)));
}

/** Drops fenced code blocks (their contents are examples, not links), keeping line numbers. */
function withoutFences(text) {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/**
 * The offenders in one Markdown file (path relative to `cwd`), as "file:line: message"; `text`
 * stands in for the file's contents (the self-test below).
 */
export function offendersIn(file, cwd = root, text = readFileSync(join(cwd, file), 'utf8')) {
  const offenders = [];
  const lines = withoutFences(text);
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    // (b) inline code first; its contents are then blanked so a `](x)` inside code is no link.
    const prose = line.replace(/(`+)([^`]+?)\1/g, (_, ticks, code) => {
      const path = code.trim().replace(/[.,:;]$/, '');
      const bare = path.replace(/#.*$/, '').replace(/:\d+(-\d+)?$/, '');
      const short = SHORT_ROOTS[bare.split('/')[0]];
      if (/\s/.test(path) || PLACEHOLDER.test(path) || !bare.includes('/')) {
        // not a path
      } else if (REPO_PREFIX.test(path)) {
        if (!existsSync(join(cwd, bare)) && !NEW_IN_RECIPES.has(bare) && !ignored(bare, cwd)) {
          offenders.push(`${where}: \`${path}\` does not exist`);
        }
      } else if (short && /^[\w./-]+$/.test(bare)) {
        const found = short.some((dir) =>
          ['', '.ts', '.tsx'].some((ext) => existsSync(join(cwd, dir, bare + ext))),
        );
        if (!found) offenders.push(`${where}: \`${path}\` is in none of ${short.join(', ')}`);
      }
      return ticks + ' '.repeat(code.length) + ticks;
    });
    // (a) relative link targets, `[text](target)` or `[text](target "title")`.
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1];
      if (/^(https?:|mailto:|#)/i.test(target)) continue;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // other schemes (tel:, data:)
      const bare = decodeURIComponent(target.replace(/[#?].*$/, ''));
      if (!bare || PLACEHOLDER.test(bare)) continue;
      const resolved = bare.startsWith('/') ? join(cwd, bare) : join(cwd, dirname(file), bare);
      if (!existsSync(resolved)) {
        offenders.push(`${where}: link (${target}) → ${relative(cwd, resolved)} does not exist`);
      }
    }
  });
  return offenders;
}

test('every relative link and repo path in the current docs exists', () => {
  const offenders = currentDocs().flatMap((file) => offendersIn(file));
  assert.deepEqual(offenders, [], `${offenders.length} broken doc paths:\n${offenders.join('\n')}`);
});

test('the check catches a broken link and a missing repo path', () => {
  const file = 'docs/.doc-paths-fixture.md';
  const text = [
    '# Fixture',
    '[ok](product/README.md) [ok anchor](glossary.md#terms) [web](https://example.com) [gone](nope.md#x)',
    '`apps/server/src/app.ts` `apps/server/src/modules/records/gone.ts` `apps/*/README.md`',
    '`modules/orders/delivery.ts` `lib/format` `features/redeem/` `modules/<module>/`',
    '```',
    '[fenced](not-checked.md) `apps/not/checked.ts`',
    '```',
  ].join('\n');
  const offenders = offendersIn(file, root, text);
  assert.deepEqual(offenders, [
    `${file}:2: link (nope.md#x) → docs/nope.md does not exist`,
    `${file}:3: \`apps/server/src/modules/records/gone.ts\` does not exist`,
    `${file}:4: \`features/redeem/\` is in none of apps/web/src`,
  ]);
});
