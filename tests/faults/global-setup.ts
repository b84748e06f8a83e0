// Builds the server and the demo game when their dist/ is missing or older than the sources
// (the suite runs the BUILT processes), and checks the shared PostgreSQL answers.
import pg from 'pg';
import { buildInputs, isStale, run } from '../../scripts/lib.mjs';
import { SHARED_PG } from './support/databases';

export default async function setup(): Promise<void> {
  const server = ['apps/server/src', 'apps/server/build.mjs', ...buildInputs.contract];
  if (isStale('apps/server/dist/main.js', server))
    await run('npm', ['run', 'build', '-w', 'apps/server']);
  if (isStale('apps/demo-game/dist/main.js', buildInputs.demoGame))
    await run('npm', ['run', 'build', '-w', 'apps/demo-game']);
  const client = new pg.Client({ connectionString: SHARED_PG });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`the fault suite needs PostgreSQL at ${SHARED_PG}: ${(err as Error).message}`, {
      cause: err,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}
