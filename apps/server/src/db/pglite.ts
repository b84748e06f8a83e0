// Embedded PGlite in DATA_DIR (the default storage, ARCHITECTURE.md#database-and-migrations): takes the DATA_DIR lock,
// opens DATA_DIR/pgdata and reports a corrupt or unusable directory in plain words.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { acquireDataDirLock } from './data-dir-lock';
import { databaseFromPool, pgPoolForPglite, type Database, type PoolOptions } from './database';

export class DataDirError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DataDirError';
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function ensureDirectory(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    if (!statSync(dataDir).isDirectory()) throw new Error('not a directory');
  } catch (err) {
    throw new DataDirError(
      `DATA_DIR ${dataDir} cannot be used as a data directory: ${describe(err)}.`,
      { cause: err },
    );
  }
}

/**
 * PostgreSQL settings of the embedded database (ADR 0064). PGlite runs PostgreSQL inside this
 * process's WebAssembly memory, so its buffer cache is this process's RSS: 16 MB of shared
 * buffers instead of PGlite's 160 MB keeps a small install small; pages beyond it are read
 * through the operating system's file cache.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** A Database over an open PGlite instance; `onClose` runs after the pool has ended. */
export function databaseOverPglite(
  pglite: PGlite,
  options: PoolOptions & { onClose?: () => Promise<void> } = {},
): Database {
  // createPgConfig's object carries the PGlite-backed `connection` that pg's Client picks up.
  const pool = pgPoolForPglite(createPgConfig(pglite), options);
  return {
    ...databaseFromPool('pglite', pool, options.onClose),
    // Notifications of the one session, whichever pooled statement caused them (ADR 0057).
    onNotification: (fn) => pglite.onNotification(fn),
  };
}

/** Open (creating on first use) the embedded database of DATA_DIR, holding its lock until close. */
export async function openPgliteDataDir(
  dataDir: string,
  options: PoolOptions = {},
): Promise<Database> {
  ensureDirectory(dataDir);
  const lock = acquireDataDirLock(dataDir);
  const pgdata = join(dataDir, 'pgdata');
  let pglite: PGlite | undefined;
  try {
    pglite = new PGlite(pgdata, {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
    await pglite.waitReady;
  } catch (err) {
    await pglite?.close().catch(() => undefined);
    lock.release();
    throw new DataDirError(
      `The database in ${pgdata} could not be opened (${describe(err)}). The directory may be corrupt, ` +
        `incomplete or from another PGlite version. Move it aside (or restore a backup) and start again, ` +
        `or set DATA_DIR to another directory.`,
      { cause: err },
    );
  }
  const instance = pglite;
  return databaseOverPglite(instance, {
    ...options,
    onClose: async () => {
      try {
        await instance.close();
      } finally {
        lock.release();
      }
    },
  });
}
