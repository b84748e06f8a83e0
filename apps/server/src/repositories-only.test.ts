// ADR 0037, rule 1: only repositories issue SQL. Scans every server source file that is not a
// repository (`*.repository.ts`), a test, a migration or a seed for query-builder statements
// (selectFrom, insertInto, updateTable, deleteFrom, replaceInto, mergeInto), raw SQL templates
// (sql`…`, sql<T>`…`, sql.raw) and executeQuery, and fails listing the offenders.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Folders (under src/) that are schema and data, not code paths of the running server. */
const SKIPPED_DIRS = ['db/migrations/', 'db/seeds/'];

/**
 * Infrastructure that issues SQL and is no repository, each for a reason. Keep this short: a
 * new entry needs the same kind of reason, and an entry that no longer issues SQL fails the test.
 */
const ALLOWED: Record<string, string> = {
  // The connection itself: `ping()` runs `select 1` for the health and readiness checks; no
  // table is read.
  'db/database.ts': 'database ping (select 1)',
  // The seeding mechanism: the transaction-scoped advisory lock that makes concurrent starts
  // seed once; the steps' own statements live in db/seeds/.
  'db/seed.ts': 'seed advisory lock',
};

const SQL_PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['query builder', /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/],
  ['raw SQL template', /\bsql(<[^`]*?>)?`/],
  ['raw SQL', /\bsql\.raw\(|\bexecuteQuery\(/],
];

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((p) => p.split(sep).join('/'))
    .filter((p) => p.endsWith('.ts') && !p.endsWith('.d.ts'))
    .filter((p) => !p.endsWith('.test.ts') && !p.endsWith('.repository.ts'))
    .filter((p) => !SKIPPED_DIRS.some((dir) => p.startsWith(dir)))
    .sort();
}

/** `file:line: what` for every line that issues SQL (comment lines are skipped). */
function sqlLines(file: string): string[] {
  const out: string[] = [];
  readFileSync(join(SRC, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const code = line.trim();
      if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
      for (const [what, pattern] of SQL_PATTERNS)
        if (pattern.test(code)) out.push(`${file}:${i + 1}: ${what}: ${code}`);
    });
  return out;
}

describe('only repositories issue SQL (ADR 0037)', () => {
  const files = sourceFiles();

  it('scans the server sources', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain('app.ts');
  });

  it('finds no SQL outside *.repository.ts and the allowed infrastructure files', () => {
    const offenders = files.filter((f) => !(f in ALLOWED)).flatMap(sqlLines);
    expect(
      offenders,
      `move these statements into a *.repository.ts (ADR 0037):\n${offenders.join('\n')}`,
    ).toEqual([]);
  });

  it('keeps the allow-list to files that still issue SQL', () => {
    const stale = Object.keys(ALLOWED).filter(
      (f) => !files.includes(f) || sqlLines(f).length === 0,
    );
    expect(stale, 'remove these from ALLOWED').toEqual([]);
  });

  it('recognises the statements it looks for', () => {
    const hits = (line: string) => SQL_PATTERNS.some(([, p]) => p.test(line));
    expect(hits("await db.selectFrom('jobs').selectAll().execute();")).toBe(true);
    expect(hits("trx.insertInto('jobs').values(row)")).toBe(true);
    expect(hits('await sql`delete from jobs`.execute(db);')).toBe(true);
    expect(hits('const { rows } = await sql<{ n: number }>`select 1 as n`.execute(db);')).toBe(
      true,
    );
    expect(hits('sql.raw(text)')).toBe(true);
    expect(hits('const repo = createJobsRepository(trx);')).toBe(false);
    expect(hits('const sqlText = `x`;')).toBe(false);
  });
});
