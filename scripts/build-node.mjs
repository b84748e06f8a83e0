// One esbuild setup for the Node apps (apps/server, apps/demo-game): Node 24 ESM bundles, npm
// packages external (installed in node_modules), the workspace contract bundled from its
// TypeScript source (it has no build of its own).
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const contractEntry = join(
  dirname(fileURLToPath(import.meta.url)),
  '../packages/contract/src/index.ts',
);

/** Resolve @hc/contract to its source so `packages: 'external'` does not leave it as an import. */
const bundleContract = {
  name: 'bundle-hc-contract',
  setup(b) {
    b.onResolve({ filter: /^@hc\/contract$/ }, () => ({ path: contractEntry }));
  },
};

/** Cleans `<appDir>/dist` and bundles `entries` (paths relative to appDir) into it. */
export async function buildNodeApp(appDir, entries) {
  await rm(join(appDir, 'dist'), { recursive: true, force: true });
  const result = await build({
    entryPoints: entries.map((e) => join(appDir, e)),
    outdir: join(appDir, 'dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    plugins: [bundleContract],
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  return Object.keys(result.metafile.inputs);
}
