// `npm start`: build what is missing or stale, then run the demo game backend (apps/demo-game,
// docs/game-gateway.md) and the portal (web + API + worker) on the embedded database with demo data
// (ARCHITECTURE.md#database-and-migrations). PORT, HOST, DATA_DIR, DATABASE_URL override; DEMO_GAME_PORT (8091),
// DEMO_GAME_HOST, DEMO_GAME_SECRET and the demo game's switches are passed on; DEMO_GAME=false
// skips it. GAME_GATEWAYS, when set, is used as is instead of pointing game 1 at the demo game.
import { spawn } from 'node:child_process';
import {
  buildInputs,
  DEMO_GAME_DEV_SECRET,
  isStale,
  portalStartEnv,
  run,
  startDemoGameChild,
} from './lib.mjs';

const contract = buildInputs.contract;
const web = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  ...contract,
];
const consoleApp = [
  'apps/console/src',
  'apps/console/index.html',
  'apps/console/vite.config.ts',
  ...contract,
];
const server = ['apps/server/src', 'apps/server/build.mjs', ...contract];
const withDemoGame = process.env.DEMO_GAME !== 'false';

if (isStale('apps/web/dist/index.html', web)) {
  console.log('Building the web app…');
  await run('npm', ['run', 'build', '-w', 'apps/web']);
}
if (isStale('apps/console/dist/index.html', consoleApp)) {
  console.log('Building the console app…');
  await run('npm', ['run', 'build', '-w', 'apps/console']);
}
if (isStale('apps/server/dist/main.js', server)) {
  console.log('Building the server…');
  await run('npm', ['run', 'build', '-w', 'apps/server']);
}
if (withDemoGame && isStale('apps/demo-game/dist/main.js', buildInputs.demoGame)) {
  console.log('Building the demo game…');
  await run('npm', ['run', 'build', '-w', 'apps/demo-game']);
}

// The demo config (the dev outbox and the sandbox identity provider outside production only):
// scripts/lib.mjs portalStartEnv.
const env = portalStartEnv(process.env);
let stopping = false;
let demoGame;
if (withDemoGame) {
  const port = Number(process.env.DEMO_GAME_PORT || 8091);
  try {
    demoGame = await startDemoGameChild({
      port,
      host: process.env.DEMO_GAME_HOST || '127.0.0.1',
      secret: process.env.DEMO_GAME_SECRET || DEMO_GAME_DEV_SECRET,
      gameId: Number(process.env.DEMO_GAME_ID || 1),
    });
  } catch (error) {
    console.error(
      `The demo game could not start on port ${port} (${error.message}). ` +
        'Set DEMO_GAME_PORT to a free port, or DEMO_GAME=false to run without it.',
    );
    process.exit(1);
  }
  if (env.GAME_GATEWAYS === undefined) env.GAME_GATEWAYS = demoGame.gateways;
  console.log(`Demo game backend at ${demoGame.url} (admin API: ${demoGame.url}/_demo/grants)`);
  demoGame.child.on('exit', (code, signal) => {
    if (!stopping)
      console.error(`The demo game stopped (${signal ?? code}); deliveries will fail.`);
  });
}

// Memory (ADR 0064): a young generation of 2 × 4 MB instead of V8's default sized from the
// machine's memory (up to 2 × 64 MB on a large host), and with the embedded database (no
// DATABASE_URL: PostgreSQL compiled to WebAssembly, in the server process) V8's baseline
// compiler only, which keeps its optimising compiler's ~450 MB of transient memory and seconds
// of CPU out of every start. PORTAL_NODE_FLAGS replaces them (e.g. an empty value for none).
const nodeFlags = (
  process.env.PORTAL_NODE_FLAGS ??
  `--max-semi-space-size=4${env.DATABASE_URL ? '' : ' --liftoff-only'}`
)
  .split(' ')
  .filter(Boolean);
const child = spawn(
  process.execPath,
  [...nodeFlags, 'apps/server/dist/main.js', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env,
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopping = true;
    child.kill(sig);
  });
}
child.on('exit', (code, signal) => {
  stopping = true;
  const done = () => process.exit(code ?? (signal ? 1 : 0));
  if (!demoGame || demoGame.child.exitCode !== null) return done();
  demoGame.child.once('exit', done);
  demoGame.child.kill('SIGTERM');
  setTimeout(done, 5000).unref();
});
