// `npm start`: build what is missing or stale, then run the portal (web + API + worker) on
// the embedded database with demo data (DESIGN §3). PORT, HOST, DATA_DIR, DATABASE_URL override.
import { isStale, run } from './lib.mjs';

const contract = ['packages/contract/src'];
const web = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  ...contract,
];
const server = ['apps/server/src', 'apps/server/build.mjs', ...contract];

if (isStale('apps/web/dist/index.html', web)) {
  console.log('Building the web app…');
  await run('npm', ['run', 'build', '-w', 'apps/web']);
}
if (isStale('apps/server/dist/main.js', server)) {
  console.log('Building the server…');
  await run('npm', ['run', 'build', '-w', 'apps/server']);
}

// The demo config: the dev outbox (/dev/outbox) shows verification codes unless DEV_OUTBOX is set.
const env = { DEV_OUTBOX: 'true', ...process.env };
const child = (await import('node:child_process')).spawn(
  process.execPath,
  ['apps/server/dist/main.js', ...process.argv.slice(2)],
  { stdio: 'inherit', env },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
