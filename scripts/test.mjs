// `npm test`: every test layer, in order — unit, integration (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) and component tests in one vitest run, then a production build
// and the entry-route JS budget, the browser suite (Playwright + Debian Chromium)
// against the real server, then the fault suite (tests/faults: real processes, SIGKILL, a
// PostgreSQL restart, game down, worker lease, two APIs + two workers). `npm run build` builds
// the web app, the server and the demo game backend (e2e/global-setup.ts starts both).
import { run } from './lib.mjs';

const only = process.argv[2];
if (!only || only === 'unit') {
  await run('npx', ['vitest', 'run']);
  await run('node', [
    '--test',
    'scripts/check-bundle.test.mjs',
    'scripts/start-env.test.mjs',
    'scripts/node-version.test.mjs',
    'scripts/doc-paths.test.mjs',
  ]);
}
if (!only || only === 'e2e') {
  await run('npm', ['run', 'build']);
  await run('npm', ['run', 'check:bundle']);
  // The container files: checked against the repo, and their runtime command started from the
  // fresh build (it needs apps/server/dist, so it runs after the build).
  await run('node', ['--test', 'scripts/container-files.test.mjs']);
  await run('npx', ['playwright', 'test']);
}
// The fault suite needs a PostgreSQL server and its binaries; CI sets TEST_DATABASE_URL. Without
// it (a laptop with only PGlite) `npm test` skips the suite and says so.
if (only === 'faults' || (!only && process.env.TEST_DATABASE_URL)) {
  await run('npm', ['run', 'test:faults']);
} else if (!only) {
  console.log('Fault suite skipped: set TEST_DATABASE_URL (PostgreSQL) or run npm run test:faults');
}
