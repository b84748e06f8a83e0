// `npm test`: every test layer, in order — unit, integration (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) and component tests in one vitest run, then a production build
// and the browser suite (Playwright + Debian Chromium) against the real server. `npm run build`
// builds the web app, the server and the demo game backend (e2e/global-setup.ts starts both).
import { run } from './lib.mjs';

const only = process.argv[2];
if (!only || only === 'unit') await run('npx', ['vitest', 'run']);
if (!only || only === 'e2e') {
  await run('npm', ['run', 'build']);
  await run('npx', ['playwright', 'test']);
}
