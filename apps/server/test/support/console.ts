// Console calls in integration tests (docs/console.md#sessions): `consoleCall(app, consoleApi.X,
// body, client)` sends the session cookie and the CSRF header of a `ConsoleClient`, and
// `signInOperator(t, roles)` makes an operator with those roles and signs them in through
// /api/console/session/login, answering the client to use.
import {
  CONSOLE_COOKIE,
  CONSOLE_CSRF_HEADER,
  consoleApi,
  type ApiCall,
  type CallBody,
  type OperatorRole,
} from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/lib/password';
import { createOperatorsRepository } from '../../src/modules/console/operators.repository';
import type { CallEnvelope } from './envelope';
import type { TestApp } from './helper';

/** A signed-in console: its cookie value and CSRF token. */
export interface ConsoleClient {
  /** The session token (the cookie's value). */
  token: string;
  csrfToken: string;
  operatorId: number;
  name: string;
}

export type ConsoleReply<C extends ApiCall> = CallEnvelope<C> & {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The raw text (CSV downloads). */
  text: string;
};

export interface ConsoleCallOptions {
  /** Send this CSRF token instead of the client's; null sends none. */
  csrf?: string | null;
  ip?: string;
  /** The cookie name (default hc_console). */
  cookieName?: string;
}

/** Calls a console call as the console web app does: cookie + `x-csrf-token`. */
export async function consoleCall<C extends ApiCall>(
  app: FastifyInstance,
  c: C,
  body: CallBody<C>,
  client?: ConsoleClient | null,
  options: ConsoleCallOptions = {},
): Promise<ConsoleReply<C>> {
  const headers: Record<string, string> = {};
  if (client) headers.cookie = `${options.cookieName ?? CONSOLE_COOKIE}=${client.token}`;
  const csrf = options.csrf === undefined ? client?.csrfToken : options.csrf;
  if (csrf !== null && csrf !== undefined) headers[CONSOLE_CSRF_HEADER] = csrf;
  const res = await app.inject({
    method: c.method,
    url: c.path,
    headers,
    ...(c.method === 'POST' && { payload: body as Record<string, unknown> }),
    ...(options.ip !== undefined && { remoteAddress: options.ip }),
  });
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return {
    ...(isJson ? res.json<CallEnvelope<C>>() : ({ code: 0, msg: 'ok' } as CallEnvelope<C>)),
    status: res.statusCode,
    headers: res.headers,
    text: res.body,
  };
}

/** The session token in a Set-Cookie header, if any. */
export function cookieToken(
  headers: Record<string, string | string[] | number | undefined>,
): string | undefined {
  const raw = headers['set-cookie'];
  const line = Array.isArray(raw) ? raw[0] : typeof raw === 'string' ? raw : undefined;
  const m = /^(?:__Host-)?hc_console=([^;]*)/.exec(line ?? '');
  return m?.[1] === '' ? undefined : m?.[1];
}

/** Signs in with a name and password (and code); answers the reply and, on success, the client. */
export async function consoleLogin(
  app: FastifyInstance,
  name: string,
  password: string,
  code?: string,
  options: { ip?: string } = {},
): Promise<{ reply: ConsoleReply<typeof consoleApi.consoleSessionLogin>; client?: ConsoleClient }> {
  const reply = await consoleCall(
    app,
    consoleApi.consoleSessionLogin,
    code === undefined ? { name, password } : { name, password, code },
    null,
    options,
  );
  const token = cookieToken(reply.headers);
  if (reply.code !== 0 || token === undefined || reply.result === undefined) return { reply };
  return {
    reply,
    client: {
      token,
      csrfToken: reply.result.csrfToken,
      operatorId: reply.result.operator.id,
      name: reply.result.operator.name,
    },
  };
}

let seq = 0;
export const OPERATOR_TEST_PASSWORD = 'Console!pass1';

/** Makes an operator (set up, no second factor) directly in the database; answers its id and name. */
export async function makeOperator(
  t: TestApp,
  roles: readonly OperatorRole[],
  name = `op${++seq}_${roles.join('_').slice(0, 20)}`,
): Promise<{ id: number; name: string; password: string }> {
  const id = await createOperatorsRepository(t.database.db).insert({
    name,
    displayName: name,
    roles,
    passwordHash: await hashPassword(OPERATOR_TEST_PASSWORD),
    at: t.clock.now(),
  });
  if (id === undefined) throw new Error(`operator ${name} exists`);
  return { id, name, password: OPERATOR_TEST_PASSWORD };
}

/** A new operator holding `roles`, signed in through session/login: the client to call with. */
export async function signInOperator(
  t: TestApp,
  roles: readonly OperatorRole[],
): Promise<ConsoleClient> {
  const o = await makeOperator(t, roles);
  const { reply, client } = await consoleLogin(t.app, o.name, o.password);
  if (client === undefined) throw new Error(`sign-in failed: ${JSON.stringify(reply)}`);
  return client;
}
