// The one way integration tests make a contract call: `call(app, api.orderRecord, body,
// { token })` over app.inject, answering the parsed envelope typed from the call's result
// schema (./envelope.ts), with the HTTP status beside it.
import type { ApiCall, CallBody } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { callHeaders, callPath, type CallEnvelope, type CallOptions } from './envelope';

export {
  invalidBody,
  type CallEnvelope,
  type Envelope,
  type ErrorData,
  type WebhookAnswer,
} from './envelope';

/** What `call` answers: the envelope's fields and the HTTP status. */
export type Reply<C extends ApiCall> = CallEnvelope<C> & { status: number };

export interface InjectCallOptions<C extends ApiCall> extends CallOptions<C> {
  /** The client address the app sees (default 127.0.0.1). */
  ip?: string;
}

/**
 * Calls `c` on the app as a client would: POST with the JSON body (GET calls send none), the
 * token and headers given. The body is typed by the contract; wrap a deliberately wrong one in
 * `invalidBody(...)`.
 */
export async function call<C extends ApiCall>(
  app: FastifyInstance,
  c: C,
  body: CallBody<C>,
  options: InjectCallOptions<C> = {},
): Promise<Reply<C>> {
  const res = await app.inject({
    method: c.method,
    url: callPath(c, options.params),
    headers: callHeaders(options),
    ...(c.method === 'POST' && { payload: body as Record<string, unknown> }),
    ...(options.ip !== undefined && { remoteAddress: options.ip }),
  });
  return { ...res.json<CallEnvelope<C>>(), status: res.statusCode };
}
