// Refuses NUL characters (U+0000) in every request input before any handler runs: PostgreSQL
// cannot store them in text or jsonb, so a query carrying one fails and would be answered as
// SystemBusy with an error in the log. The parsed body (keys and values, at any depth), the
// query string, the path parameters and the headers are checked; a NUL anywhere is
// InvalidParams naming where it was. Raw bodies kept as bytes (provider webhooks) are left to
// their routes, which verify a signature before reading them.
import { ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const NUL = '\u0000';

/** The path of the first string (or object key) holding a NUL, or undefined. */
export function findNul(value: unknown, prefix: string): string | undefined {
  // Every request's inputs pass through here: the common case (no NUL) only walks the values;
  // the path is built on a hit.
  return holdsNul(value) ? pathOfNul(value, prefix) : undefined;
}

/** Whether `value` holds a NUL in any string or object key, at any depth. */
function holdsNul(value: unknown): boolean {
  // Iterative: a deeply nested JSON body must not exhaust the stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes(NUL)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        if (key.includes(NUL)) return true;
        stack.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** The path of the first NUL in `value`, which holds one. */
function pathOfNul(value: unknown, prefix: string): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: prefix }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop() as { value: unknown; path: string };
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: join(path, String(i)) }));
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        const at = join(path, key.replaceAll(NUL, '\\u0000'));
        if (key.includes(NUL)) return at;
        stack.push({ value: item, path: at });
      }
    }
  }
  return undefined;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function nulError(path: string): AppError {
  return new AppError(ErrorCode.InvalidParams, {
    issues: [{ path, message: 'Must not contain NUL characters' }],
  });
}

/**
 * For input unpacked inside a handler (decrypted payloads, JSON carried in a string field):
 * InvalidParams when `value` holds a NUL anywhere.
 */
export function refuseNul(value: unknown, path: string): void {
  const where = findNul(value, path);
  if (where !== undefined) throw nulError(where);
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    const where =
      findNul(req.params, 'params') ??
      findNul(req.query, 'query') ??
      findNul(req.headers, 'headers') ??
      findNul(req.body, '');
    done(where === undefined ? undefined : nulError(where));
  });
}
