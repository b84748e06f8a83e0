// `npm run config:docs`: writes .env.example and the tables of docs/configuration.md from
// config/variables.ts. `npm run config:docs -- --check` only reports stale files (exit code 1).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONFIGURATION_DOC_PATH,
  ENV_EXAMPLE_PATH,
  renderConfigurationDoc,
  renderEnvExample,
} from './docs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const check = process.argv.includes('--check');
const docPath = join(root, CONFIGURATION_DOC_PATH);
const files: Array<[string, string]> = [
  [ENV_EXAMPLE_PATH, renderEnvExample()],
  [CONFIGURATION_DOC_PATH, renderConfigurationDoc(readFileSync(docPath, 'utf8'))],
];
let stale = 0;
for (const [path, text] of files) {
  const full = join(root, path);
  let current: string | undefined;
  try {
    current = readFileSync(full, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) continue;
  stale++;
  if (check) process.stderr.write(`${path} is stale: run npm run config:docs\n`);
  else {
    writeFileSync(full, text);
    process.stdout.write(`wrote ${path}\n`);
  }
}
if (check && stale > 0) process.exitCode = 1;
