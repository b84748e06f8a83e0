// `npm run portal -- <command> [args]`: the operator CLI (apps/server/src/portal.ts). Builds the
// server first when it is missing or stale, then runs dist/portal.js with the given arguments.
import { spawn } from 'node:child_process';
import { buildInputs, isStale, run } from './lib.mjs';

const server = ['apps/server/src', 'apps/server/build.mjs', ...buildInputs.contract];
if (isStale('apps/server/dist/portal.js', server)) {
  process.stderr.write('Building the server…\n');
  await run('npm', ['run', 'build', '-w', 'apps/server'], { stdio: ['ignore', 2, 2] });
}
const child = spawn(process.execPath, ['apps/server/dist/portal.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
