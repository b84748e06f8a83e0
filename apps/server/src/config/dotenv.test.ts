// `.env` in development (ADR 0035): read outside production and tests, the real environment wins.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './error';
import { withDotEnv } from './dotenv';

const dirs: string[] = [];
function dirWith(dotEnv: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'hc-dotenv-'));
  dirs.push(dir);
  if (dotEnv !== undefined) writeFileSync(join(dir, '.env'), dotEnv);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const FILE = [
  '# a comment',
  'PORT=8081',
  'LOG_LEVEL=debug',
  'MAIL_FROM="HC Portal <mail@example.com>"',
  'SITE_TITLE=From the file',
  '',
].join('\n');

describe('withDotEnv', () => {
  it('reads .env in development, the real environment winning', () => {
    const env = withDotEnv({ PORT: '9000', SITE_TITLE: '', PATH: '/bin' }, dirWith(FILE));
    expect(env).toEqual({
      PORT: '9000',
      LOG_LEVEL: 'debug',
      MAIL_FROM: 'HC Portal <mail@example.com>',
      // Set in the real environment, even empty: the file does not override it (--env-file rule).
      SITE_TITLE: '',
      PATH: '/bin',
    });
    expect(withDotEnv({ NODE_ENV: 'development' }, dirWith(FILE)).LOG_LEVEL).toBe('debug');
  });

  it('does not read .env in production or in tests', () => {
    for (const NODE_ENV of ['production', 'test'])
      expect(withDotEnv({ NODE_ENV }, dirWith(FILE))).toEqual({ NODE_ENV });
  });

  it('is a no-op without a .env file, and never changes the environment it is given', () => {
    const real = { PORT: '1' };
    expect(withDotEnv(real, dirWith(undefined))).toEqual({ PORT: '1' });
    withDotEnv(real, dirWith(FILE));
    expect(real).toEqual({ PORT: '1' });
  });

  it('refuses NODE_ENV=production in .env: production reads only the real environment', () => {
    const dir = dirWith('NODE_ENV=production\nDATA_KEY=k1:abc\n');
    expect(() => withDotEnv({}, dir)).toThrow(ConfigError);
    expect(() => withDotEnv({}, dir)).toThrow(/NODE_ENV: is production in .*\.env/);
    // The real environment decides: development there keeps the file out of production.
    expect(() => withDotEnv({ NODE_ENV: 'development' }, dir)).not.toThrow();
  });

  it('reports a .env that cannot be read', () => {
    const dir = dirWith(undefined);
    mkdirSync(join(dir, '.env'));
    expect(() => withDotEnv({}, dir)).toThrow(/EISDIR/);
  });
});
