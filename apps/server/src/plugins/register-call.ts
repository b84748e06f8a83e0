// registerCall: the one way to expose a contract call. It takes method, path, body/params
// schemas and auth from the contract, validates input (InvalidParams with issues), enforces a
// required session (tokenFail -> HTTP 203) and wraps the handler's result in the envelope.
import { ErrorCode, requestHeadersSchema, type ApiCall, type RequestHeaders } from '@hc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { Session } from '../modules/sessions/sessions.service';
import { toValidationIssues } from './envelope';

// defineCall keeps each call's literal types, so params and session narrow per call.
type ParamsOf<C> = C extends { params: infer P extends z.ZodType }
  ? z.output<P>
  : Record<string, never>;
type SessionOf<C extends ApiCall> = C['auth'] extends 'required' ? Session : Session | null;

export interface CallContext<C extends ApiCall> {
  body: z.output<C['body']>;
  /** Path parameters parsed with the call's `params` schema. */
  params: ParamsOf<C>;
  /** The signed-in player: always set when auth is 'required', else null for anonymous. */
  session: SessionOf<C>;
  /** The session, or tokenFail (HTTP 203) when there is none. */
  requireSession: () => Session;
  /** docs/product/api.md#request-headers request headers. */
  headers: RequestHeaders;
  req: FastifyRequest;
}

export type CallHandler<C extends ApiCall> = (
  ctx: CallContext<C>,
) => Promise<z.input<C['result']>> | z.input<C['result']>;

export interface RegisterCallOptions {
  /** Check every result against the call's result schema (outside production: drift fails tests). */
  checkResults: boolean;
}

/** docs/product/api.md#request-headers headers of a request (first value of repeated headers). */
export function readCallHeaders(req: FastifyRequest): RequestHeaders {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(requestHeadersSchema.shape)) {
    const v = req.headers[key];
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined) picked[key] = first;
  }
  const parsed = requestHeadersSchema.safeParse(picked);
  return parsed.success ? parsed.data : {};
}

function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'body' | 'params',
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = toValidationIssues(parsed.error.issues).map((i) =>
    where === 'params' ? { ...i, path: `params.${i.path}` } : i,
  );
  throw new AppError(ErrorCode.InvalidParams, { issues });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once by configureCalls; a decorator so encapsulated child instances inherit it. */
    checkCallResults: boolean;
  }
}

export function configureCalls(app: FastifyInstance, options: RegisterCallOptions): void {
  app.decorate('checkCallResults', options.checkResults);
}

export function registerCall<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
): void {
  const paramsSchema = call.params;
  const checkResults = app.hasDecorator('checkCallResults') ? app.checkCallResults : true;
  app.route({
    method: call.method,
    url: call.path,
    config: { auth: call.auth },
    async handler(req) {
      const session = req.session;
      if (call.auth === 'required' && session === null) throw new AppError(ErrorCode.tokenFail);
      // GET calls carry no body (docs/product/api.md#conventions); a POST without a body means `{}`.
      const body = parseInput(
        call.body,
        call.method === 'GET' ? {} : (req.body ?? {}),
        'body',
      ) as z.output<C['body']>;
      const params = (
        paramsSchema === undefined ? req.params : parseInput(paramsSchema, req.params, 'params')
      ) as ParamsOf<C>;
      const result = await handler({
        body,
        params,
        session: session as SessionOf<C>,
        requireSession: () => {
          if (session === null) throw new AppError(ErrorCode.tokenFail);
          return session;
        },
        headers: readCallHeaders(req),
        req,
      });
      if (checkResults) {
        const checked = call.result.safeParse(result);
        if (!checked.success) {
          req.log.error(
            { call: call.path, issues: checked.error.issues },
            'handler result does not match the contract',
          );
          throw new AppError(ErrorCode.SystemBusy);
        }
      }
      // The handler's own value goes out (not zod's parsed copy), so production, which skips
      // the check, sends exactly what tests saw. Handlers return only contract fields.
      return { code: 0, msg: 'ok', result };
    },
  });
}
