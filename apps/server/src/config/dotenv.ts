// `.env` in development (ADR 0035): outside production and tests, the server and the operator CLI
// read `.env` from the working directory when it exists; a variable set in the real environment
// wins over the file. Production reads only the real environment. The file is parsed with Node's
// own dotenv parser (util.parseEnv, the one behind process.loadEnvFile and --env-file).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError } from './error';

export const DOT_ENV_FILE = '.env';

type Env = Readonly<Record<string, string | undefined>>;

/** `env` merged over `<cwd>/.env` when NODE_ENV (in `env`) is neither production nor test. */
export function withDotEnv(env: Env, cwd: string): Record<string, string | undefined> {
  const nodeEnv = env.NODE_ENV || undefined;
  if (nodeEnv === 'production' || nodeEnv === 'test') return { ...env };
  const path = join(cwd, DOT_ENV_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ...env };
    throw err;
  }
  const file = parseEnv(text);
  if (nodeEnv === undefined && file.NODE_ENV === 'production')
    throw new ConfigError([
      {
        variable: 'NODE_ENV',
        message:
          `is production in ${path}: production reads only the real environment, so set ` +
          'NODE_ENV=production (and the rest of the configuration) there, not in .env',
      },
    ]);
  const merged: Record<string, string | undefined> = { ...file };
  for (const [name, value] of Object.entries(env)) if (value !== undefined) merged[name] = value;
  return merged;
}
