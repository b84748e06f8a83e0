// Databases of the fault suite (ADR 0025): a fresh `hc_faults_<rand>` database per scenario on
// the shared PostgreSQL (127.0.0.1:5432), and for the restart scenario a PRIVATE cluster made
// with initdb and driven with pg_ctl as the postgres OS user, so the shared server is never
// stopped under the other test suites.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openPostgres, type Database } from '../../../apps/server/src/db/database';
import { freePort } from './procs';

const run = promisify(execFile);

/** The shared server; FAULTS_PG_URL overrides (any database on it; we only create/drop ours). */
export const SHARED_PG = process.env.FAULTS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_BIN = process.env.FAULTS_PG_BIN ?? '/usr/lib/postgresql/15/bin';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  /** Kysely over the database, for seeding and for the assertions (opened lazily). */
  open(): Database;
  drop(): Promise<void>;
}

/** Creates `hc_faults_<rand>` on the server at `serverUrl`. */
export async function createDatabase(serverUrl = SHARED_PG): Promise<TestDatabase> {
  const name = `hc_faults_${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`create database ${name}`));
  const url = withDatabase(serverUrl, name);
  let opened: Database | undefined;
  return {
    name,
    url,
    open: () => (opened ??= openPostgres(url, 4, { onPoolError: () => undefined })),
    async drop() {
      await opened?.close().catch(() => undefined);
      await admin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export interface PrivateCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<void>;
  /** pg_ctl stop -m fast: every connection is closed, the port stops answering. */
  stop(): Promise<void>;
  /** Stop, then remove the data directory. */
  destroy(): Promise<void>;
}

function asPostgres(args: string[]): Promise<{ stdout: string; stderr: string }> {
  // We run as root; PostgreSQL refuses to, so every cluster command runs as `postgres`.
  return run('runuser', ['-u', 'postgres', '--', ...args], { timeout: 60_000 });
}

/** initdb into a temp dir owned by postgres; listens on 127.0.0.1:<free port>, trust auth. */
export async function createPrivateCluster(): Promise<PrivateCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'hc-faults-pg-'));
  const { uid, gid } = await postgresIds();
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  await asPostgres([
    `${PG_BIN}/initdb`,
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '--no-instructions',
  ]);
  const port = await freePort();
  // fsync off: the data directory is thrown away; a fast stop still checkpoints cleanly.
  const options = `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (...args: string[]) =>
    asPostgres([`${PG_BIN}/pg_ctl`, '-D', data, '-l', join(dir, 'log'), ...args]);
  const cluster: PrivateCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await pgCtl('-o', options, '-w', 'start');
    },
    stop: async () => {
      await pgCtl('-m', 'fast', '-w', 'stop');
    },
    destroy: async () => {
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [u, g] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
}
