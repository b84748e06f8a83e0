// Chooses the storage from config: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
import type { Config } from '../config';
import { openPostgres, type Database, type PoolOptions } from './database';
import { openPgliteDataDir } from './pglite';

export async function openDatabase(config: Config, options: PoolOptions = {}): Promise<Database> {
  if (config.databaseUrl !== undefined) {
    const database = openPostgres(config.databaseUrl, config.dbPoolSize, options);
    return database;
  }
  return openPgliteDataDir(config.dataDir, options);
}
