// Runs the numbered migrations at start, inside the server process. Kysely's Migrator holds
// pg_advisory_lock while it migrates and runs the batch in one transaction, so concurrent
// starts on one PostgreSQL never double-migrate.
import { Migrator, type Migration, type MigrationResult } from 'kysely/migration';
import type { Database } from './database';
import * as m0001 from './migrations/0001-foundation';
import * as m0002 from './migrations/0002-auth';
import * as m0003 from './migrations/0003-social';
import * as m0004 from './migrations/0004-wallet';
import * as m0005 from './migrations/0005-topup';
import * as m0006 from './migrations/0006-account-content';
import * as m0007 from './migrations/0007-analytics';
import * as m0008 from './migrations/0008-real-name-at-rest';
import * as m0009 from './migrations/0009-throttle';
import * as m0012 from './migrations/0012-order-guards';
import * as m0013 from './migrations/0013-analytics-sessions-retention';
import * as m0014 from './migrations/0014-publisher';
import * as m0015 from './migrations/0015-console';
import * as m0016 from './migrations/0016-player-arrival';
import * as m0017 from './migrations/0017-import';
import * as m0018 from './migrations/0018-console-catalog';
import * as m0019 from './migrations/0019-console-content';
import * as m0020 from './migrations/0020-console-games';
import * as m0021 from './migrations/0021-self-service';
import * as m0022 from './migrations/0022-game-credentials';
import * as m0023 from './migrations/0023-image-storage';
import * as m0024 from './migrations/0024-console-players';
import * as m0025 from './migrations/0025-console-orders';
import * as m0026 from './migrations/0026-console-jobs';
import * as m0027 from './migrations/0027-report-rollup';
import * as m0028 from './migrations/0028-reconciliation';
import * as m0029 from './migrations/0029-session-revocation-notify';
import * as m0030 from './migrations/0030-throttle-take';

/** Every migration, in order. Names never change once released; add new ones at the end. */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001-foundation': m0001,
  '0002-auth': m0002,
  '0003-social': m0003,
  '0004-wallet': m0004,
  '0005-topup': m0005,
  '0006-account-content': m0006,
  '0007-analytics': m0007,
  '0008-real-name-at-rest': m0008,
  '0009-throttle': m0009,
  '0012-order-guards': m0012,
  '0013-analytics-sessions-retention': m0013,
  '0014-publisher': m0014,
  '0015-console': m0015,
  '0016-player-arrival': m0016,
  '0017-import': m0017,
  '0018-console-catalog': m0018,
  '0019-console-content': m0019,
  '0020-console-games': m0020,
  '0021-self-service': m0021,
  '0022-game-credentials': m0022,
  '0023-image-storage': m0023,
  '0024-console-players': m0024,
  '0025-console-orders': m0025,
  '0026-console-jobs': m0026,
  '0027-report-rollup': m0027,
  '0028-reconciliation': m0028,
  '0029-session-revocation-notify': m0029,
  '0030-throttle-take': m0030,
};

export const MIGRATION_TABLE = 'schema_migrations';

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/** Apply pending migrations; returns the names applied by this call (empty when up to date). */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: () => Promise.resolve({ ...migrations }) },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: `${MIGRATION_TABLE}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed =
      results?.find((r: MigrationResult) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new MigrationError(`Migration ${failed} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
