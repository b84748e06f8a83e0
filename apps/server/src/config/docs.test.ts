// The generated configuration docs (ADR 0035): .env.example and the tables of
// docs/configuration.md match the declaration in config/variables.ts.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  CONFIGURATION_DOC_PATH,
  ENV_EXAMPLE_PATH,
  renderConfigurationDoc,
  renderEnvExample,
} from './docs';
import { CONFIG_VARIABLES, SECRET_VARIABLES, variable } from './variables';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('generated configuration docs', () => {
  it('.env.example and docs/configuration.md are up to date (else: npm run config:docs)', () => {
    expect(read(ENV_EXAMPLE_PATH)).toBe(renderEnvExample());
    const doc = read(CONFIGURATION_DOC_PATH);
    expect(doc).toBe(renderConfigurationDoc(doc));
  });

  it('docs/configuration.md has a row for every variable', () => {
    const doc = read(CONFIGURATION_DOC_PATH);
    for (const name of CONFIG_VARIABLES) expect(doc).toContain(`| \`${name}\` |`);
  });

  it('.env.example changes nothing as copied, and is a valid configuration uncommented', () => {
    const text = read(ENV_EXAMPLE_PATH);
    expect(Object.keys(parseEnv(text))).toEqual([]);
    const uncommented = parseEnv(text.replace(/^# ([A-Z][A-Z0-9_]*=)/gm, '$1'));
    expect(Object.keys(uncommented).sort()).toEqual([...CONFIG_VARIABLES].sort());
    expect(() => loadConfig(uncommented)).not.toThrow();
  });

  it('declares every variable with a one-line description; secret-looking names are secret', () => {
    for (const name of CONFIG_VARIABLES)
      expect(variable(name).description, name).toMatch(/^[^\n]+\.$/);
    // Names that look secret are declared secret (never echoed in error messages).
    for (const name of CONFIG_VARIABLES)
      if (/SECRET|_TOKEN$|PRIVATE_KEY|^PAYLOAD_KEY$|^DATA_KEY$/.test(name))
        expect(SECRET_VARIABLES.has(name), name).toBe(true);
  });
});
