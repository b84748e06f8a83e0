// Bundles the server (src/main.ts -> dist/main.js) and the operator CLI (src/portal.ts ->
// dist/portal.js, `npm run portal -- <command>`) with scripts/build-node.mjs.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNodeApp } from '../../scripts/build-node.mjs';

const inputs = await buildNodeApp(dirname(fileURLToPath(import.meta.url)), [
  'src/main.ts',
  'src/portal.ts',
]);
if (!inputs.some((p) => p.includes('packages/contract/src/'))) {
  throw new Error('build: @hc/contract was not bundled');
}
console.log(`built dist/main.js and dist/portal.js (${inputs.length} source files)`);
