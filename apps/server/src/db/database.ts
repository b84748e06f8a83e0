// Opens the database: PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR
// (ARCHITECTURE.md#database-and-migrations). Both are reached through Kysely on a `pg` Pool, so one SQL dialect serves both.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { nameMarkedStatements } from './named-statements';
import type { DB } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  readonly kind: DatabaseKind;
  /** Query builder; repositories are its only users. */
  readonly db: Kysely<DB>;
  /** `select 1` within `timeoutMs`; rejects when the database is unreachable or closed. */
  ping(timeoutMs?: number): Promise<void>;
  /** Close the pool, then whatever the database owns (PGlite instance, DATA_DIR lock). */
  close(): Promise<void>;
  /**
   * A new connection outside the pool, for a session that must stay open (LISTEN); the caller
   * connects and ends it. Undefined on PGlite (one connection, one process).
   */
  readonly dedicatedClient?: () => pg.Client;
  /**
   * PGlite only (one session, no dedicated connection): calls `fn` with every notification of a
   * channel the session LISTENs on, once the notifying transaction commits; answers the
   * unsubscribe function. The invalidation bus uses it for topics notified from SQL (ADR 0057).
   */
  readonly onNotification?: (fn: (channel: string, payload: string) => void) => () => void;
}

// int8 (bigserial ids, count(*)) as numbers; values beyond 2^53 would lose digits, so refuse them.
const typeOverrides = new pg.TypeOverrides();
typeOverrides.setTypeParser(pg.types.builtins.INT8, (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n))
    throw new RangeError(`int8 value ${v} exceeds Number.MAX_SAFE_INTEGER`);
  return n;
});

export interface PoolOptions {
  /** Called with errors of idle pooled connections (e.g. the server restarted). */
  onPoolError?: (err: Error) => void;
}

/** Wrap a configured pg Pool as a Database; `onClose` runs after the pool has ended. */
export function databaseFromPool(
  kind: DatabaseKind,
  pool: pg.Pool,
  onClose?: () => Promise<void>,
  dedicatedClient?: () => pg.Client,
): Database {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;
  return {
    kind,
    db,
    ...(dedicatedClient === undefined ? {} : { dedicatedClient }),
    async ping(timeoutMs = 2000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`database ping timed out after ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([sql`select 1`.execute(db), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      closing ??= (async () => {
        try {
          await db.destroy();
        } finally {
          await onClose?.();
        }
      })();
      return closing;
    },
  };
}

/**
 * Routes connection errors to `onPoolError` instead of crashing the process. pg-pool listens
 * for errors only on IDLE clients; a client checked out between two statements (inside a
 * transaction, or a worker between queries) whose server connection is terminated (PostgreSQL
 * restarted: FATAL 57P01) emits 'error' with no listener, which Node turns into an uncaught
 * exception. A listener on every client for its whole life keeps the process up; the broken
 * client is not queryable any more, so pg-pool discards it on release and opens a new one
 * (fault suite, tests/faults/postgres-restart.test.ts).
 */
function watchPoolErrors(pool: pg.Pool, options: PoolOptions): void {
  // An idle client's error reaches both listeners: report it once, from the client's own.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', (err) => options.onPoolError?.(err));
    nameMarkedStatements(client);
  });
}

export function openPostgres(url: string, poolSize: number, options: PoolOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: typeOverrides,
    connectionTimeoutMillis: 10_000,
  });
  watchPoolErrors(pool, options);
  return databaseFromPool(
    'postgres',
    pool,
    undefined,
    () => new pg.Client({ connectionString: url, types: typeOverrides }),
  );
}

/**
 * A pg Pool over a PGlite instance. PGlite is one connection: with `max: 1` the pool hands
 * it to one Kysely connection at a time, so a transaction holds it until commit and
 * concurrent requests cannot interleave their statements (the kysely-pglite flaw).
 */
export function pgPoolForPglite(pgConfig: pg.PoolConfig, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({ ...pgConfig, max: 1, idleTimeoutMillis: 0, types: typeOverrides });
  pool.on('error', (err) => options.onPoolError?.(err));
  pool.on('connect', (client) => nameMarkedStatements(client));
  return pool;
}

export { typeOverrides as pgTypeOverrides };
