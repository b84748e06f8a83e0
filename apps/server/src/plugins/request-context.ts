// Request ids and docs/product/api.md#request-headers header logging: every log line of a request carries its id and the
// client's version/htmlversion/accountid/gameid/userid/clientid; the token only as present/absent.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HEADER_NAMES } from '@hc/contract';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const MAX_LOGGED_HEADER = 64;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Honour an incoming x-request-id (from a proxy) when it is short and plain; else a UUID. */
export function genReqId(req: IncomingMessage): string {
  const incoming = first(req.headers['x-request-id']);
  return incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Log bindings for the docs/product/api.md#request-headers headers; never the token value. */
export function headerBindings(
  headers: IncomingMessage['headers'],
): Record<string, string | boolean> {
  const bindings: Record<string, string | boolean> = {};
  for (const name of HEADER_NAMES) {
    const value = first(headers[name]);
    if (name === 'token') bindings.hasToken = value !== undefined && value !== '';
    else if (value !== undefined && value !== '')
      bindings[name] = value.slice(0, MAX_LOGGED_HEADER);
  }
  return bindings;
}

/** Fastify `childLoggerFactory`: the request logger with the header bindings added. */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> =
  function (logger, bindings, opts, rawReq) {
    return logger.child({ ...bindings, client: headerBindings(rawReq.headers) }, opts);
  };

export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
}
