// Request metrics and the /metrics endpoint (ADR 0036). Every routed request is observed under
// its route pattern (never the raw URL), its HTTP status and its envelope code; /metrics answers
// only a `Bearer METRICS_TOKEN` request and is off (404) while METRICS_TOKEN is unset.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { metrics, metricsRegistry } from '../lib/metrics';

/** The envelope code at the start of a JSON answer: `{"code":0,...}`. */
const ENVELOPE_CODE = /^\{"code":(-?\d{1,6})[,}]/;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison of the Authorization header with `Bearer <token>`. */
function authorized(header: string | undefined, token: string): boolean {
  if (header === undefined) return false;
  return timingSafeEqual(digest(header), digest(`Bearer ${token}`));
}

export function installMetrics(app: FastifyInstance, options: { token: string | undefined }): void {
  const codes = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', async (req, _reply, payload) => {
    if (typeof payload === 'string') {
      const code = ENVELOPE_CODE.exec(payload.slice(0, 24))?.[1];
      if (code !== undefined) codes.set(req, code);
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.requests.observe(
      { route, method: req.method, status: String(reply.statusCode), code: codes.get(req) ?? '' },
      reply.elapsedTime / 1000,
    );
  });

  const { token } = options;
  app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (token === undefined) return reply.code(404).type('text/plain').send('Not Found');
    if (!authorized(req.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain')
        .send('Unauthorized');
    }
    const body = await metricsRegistry.metrics();
    return reply.type(metricsRegistry.contentType).send(body);
  });
}
