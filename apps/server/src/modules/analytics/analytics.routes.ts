// The analytics calls (docs/product/analytics.md#events, docs/product/analytics.md#sending; ADR 0022): the per-session signing key,
// the built-in collector, and in development a read-back route for the browser test.
import { ANALYTICS_LIMITS, analyticsDeviceIdSchema, api, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../plugins/register-call';
import type { Container } from '../../container';

/**
 * Largest collect body (64 KiB, independent of BODY_LIMIT_BYTES): the payload's JSON text
 * embedded in the body's JSON. Escaping adds a backslash per quote, so a full 32 768-character
 * payload (about 4 000 quotes) needs ~37 KB; twice the payload limit leaves room for any batch.
 */
export const COLLECT_BODY_LIMIT = 2 * ANALYTICS_LIMITS.maxPayloadChars;

export function register(app: FastifyInstance, c: Container): void {
  const { analytics, config } = c;

  // The account comes from the request's portal session (`token`), never from the page's word.
  registerCall(app, api.analyticsSession, ({ body, req, session }) =>
    analytics.issueSession(body.device_id, req.ip, session?.accountId ?? null),
  );

  // The collector in its own scope: sendBeacon posts a text/plain Blob (no CORS preflight for an
  // external logger), so here, and only here, text/plain bodies are parsed as JSON too.
  void app.register((scope, _options, done) => {
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    for (const type of ['application/json', 'text/plain'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: COLLECT_BODY_LIMIT }, json);
    // An oversized payload is PayloadTooLarge, before the body schema calls it a bad parameter.
    scope.addHook('preHandler', (req, _reply, next) => {
      const payload = (req.body as { payload?: unknown } | null | undefined)?.payload;
      next(
        typeof payload === 'string' && payload.length > ANALYTICS_LIMITS.maxPayloadChars
          ? new AppError(ErrorCode.PayloadTooLarge, { limit: ANALYTICS_LIMITS.maxPayloadChars })
          : undefined,
      );
    });
    registerCall(scope, api.analyticsCollect, ({ body, req }) => analytics.collect(body, req.ip));
    done();
  });

  if (config.devOutbox && !config.isProduction) {
    // Development only (DEV_OUTBOX, never production): what the collector stored for a device.
    app.get<{ Querystring: { device_id?: string } }>('/dev/analytics.json', async (req, reply) => {
      const deviceId = analyticsDeviceIdSchema.safeParse(req.query.device_id);
      void reply.header('cache-control', 'no-store');
      if (!deviceId.success) return reply.code(400).send({ error: 'device_id is required' });
      return { events: await analytics.eventsOfDevice(deviceId.data) };
    });
  }
}
