// Post-build step: writes .br and .gz beside every compressible file in dist over 1 KB, so the
// server can send precompressed assets (README.md) without compressing per request.
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { entryKey, measure, staticClosure } from '../../../scripts/check-bundle.mjs';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const EXTENSIONS = /\.(js|mjs|css|svg|html|json|txt|map)$/;
const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

let count = 0;
for await (const file of walk(DIST)) {
  if (!EXTENSIONS.test(file) || (await stat(file)).size <= MIN_BYTES) continue;
  const data = await readFile(file);
  const gz = gzipSync(data, { level: 9 });
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  await writeFile(`${file}.gz`, gz);
  await writeFile(`${file}.br`, br);
  count += 1;
}
console.log(`precompress: ${count} files in ${relative(process.cwd(), DIST) || DIST}`);

// Report the JS the entry route loads up front, counted as `npm run check:bundle` counts it: the
// entry chunk and its static imports, from the build manifest (index.html names only the entry,
// ADR 0069).
const manifest = JSON.parse(await readFile(join(DIST, '.vite', 'manifest.json'), 'utf8'));
const initial = measure(manifest, staticClosure(manifest, [entryKey(manifest)]), (file) =>
  readFileSync(join(DIST, file)),
);
console.log(
  `precompress: entry route JS ${(initial.total.gzip / 1024).toFixed(1)} KB gzip in ${initial.rows.length} files`,
);
