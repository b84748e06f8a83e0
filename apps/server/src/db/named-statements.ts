// Named prepared statements for the few fixed, hot statements of the pay path (ADR 0062).
// PostgreSQL parses and plans an unnamed statement on every execution; a named one is parsed
// once per connection and, after a few executions, runs a cached plan. Kysely has no way to
// name a statement, so a repository marks a compiled query with `named(...)` and runs it with
// `db.executeQuery(...)`; every pooled pg client (PostgreSQL and PGlite) sends a marked text as
// `{ name, text, values }`, which the pg driver parses once per connection.
//
// Rules for a marked statement: its text is fixed (no lists of varying length, no `*` in a
// select list or RETURNING: a cached plan whose result columns change with a migration fails
// with "cached plan must not change result type"), and it stays valid on every schema this
// release runs on. A pooler in front of PostgreSQL must keep named statements (session mode, or
// PgBouncer 1.21+ with `max_prepared_statements`; deploy.md).
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** More distinct texts than this are not named (a guard against a text that is not fixed). */
const MAX_NAMED = 64;

/** Statement text -> statement name, shared by every pool of the process. */
const names = new Map<string, string>();

/**
 * Marks a compiled query to run as a named prepared statement. `label` names it in
 * `pg_prepared_statements` and in logs; a hash of the text keeps two texts apart.
 */
export function named<Q extends { readonly sql: string }>(label: string, query: Q): Q {
  if (!names.has(query.sql) && names.size < MAX_NAMED) {
    const hash = createHash('sha256').update(query.sql).digest('hex').slice(0, 12);
    names.set(query.sql, `hc_${label}_${hash}`);
  }
  return query;
}

/** The statement name of a marked text (tests). */
export function statementName(text: string): string | undefined {
  return names.get(text);
}

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes a pooled client send marked texts as named statements. Kysely calls
 * `client.query(text, values)`; anything else (config objects, cursors, callbacks) passes as is.
 */
export function nameMarkedStatements(client: pg.PoolClient | pg.Client): void {
  const target = client as unknown as { query: QueryFn };
  const query: QueryFn = target.query.bind(client);
  target.query = (config, values, callback) => {
    if (typeof config === 'string' && Array.isArray(values) && callback === undefined) {
      const name = names.get(config);
      if (name !== undefined) return query({ name, text: config, values });
    }
    return query(config, values, callback);
  };
}

/**
 * A named statement's column list in place of `*`: `everyColumn<OrdersTable>()([...])` fails to
 * compile while a column of the table is missing from the list.
 */
export function everyColumn<T>() {
  return <const C extends ReadonlyArray<keyof T & string>>(
    columns: C &
      ([Exclude<keyof T, C[number]>] extends [never]
        ? unknown
        : { missing: Exclude<keyof T, C[number]> }),
  ): C => columns;
}
