// Bundles the demo game (src/main.ts) into dist/main.js: Node 20 ESM. npm packages stay external
// (zod from the root node_modules); the workspace contract is TypeScript source, so it is bundled in.
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const contractEntry = join(here, '../../packages/contract/src/index.ts');

/** Resolve @hc/contract to its source so `packages: 'external'` does not leave it as an import. */
const bundleContract = {
  name: 'bundle-hc-contract',
  setup(b) {
    b.onResolve({ filter: /^@hc\/contract$/ }, () => ({ path: contractEntry }));
  },
};

await rm(join(here, 'dist'), { recursive: true, force: true });
const result = await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [bundleContract],
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
console.log(`built dist/main.js (${Object.keys(result.metafile.inputs).length} source files)`);
