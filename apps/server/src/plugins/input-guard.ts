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

/** Where a value sits: its parent's place and its key; the path string is built on a hit only. */
interface Place {
  parent: Place | null;
  key: string;
}

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let p: Place | null = place; p !== null; p = p.parent) keys.push(p.key);
  return keys.reverse().reduce((path, key) => (path === '' ? key : `${path}.${key}`), '');
}

/** The path of the first string (or object key) holding a NUL, or undefined. */
export function findNul(value: unknown, prefix: string): string | undefined {
  // Iterative: a deeply nested JSON body must not exhaust the stack. Every request's inputs
  // pass through here, so the common case (no NUL) builds no path strings.
  const stack: Array<{ value: unknown; place: Place }> = [
    { value, place: { parent: null, key: prefix } },
  ];
  while (stack.length > 0) {
    const { value: v, place } = stack.pop() as { value: unknown; place: Place };
    if (typeof v === 'string') {
      if (v.includes(NUL)) return pathOf(place);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, place: { parent: place, key: String(i) } }));
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes(NUL))
          return pathOf({ parent: place, key: key.replaceAll(NUL, '\\u0000') });
        stack.push({ value: item, place: { parent: place, key } });
      }
    }
  }
  return undefined;
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
