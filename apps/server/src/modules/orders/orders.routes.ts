// Order calls (docs/product/api.md#hc-point-calls /api/order/webCreate, /api/payment/order/epoint/pay, the order detail)
// and the payment providers' webhook endpoint, which verifies on the raw body (docs/payments.md).
import { api, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { WebhookVerificationError, type ProviderName } from '../../adapters/payments/types';
import { AppError } from '../../lib/app-error';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { metrics } from '../../lib/metrics';
import { registerCall } from '../../plugins/register-call';
import type { Container } from '../../container';

export function register(app: FastifyInstance, c: Container): void {
  const { orders, records, providers } = c;

  registerCall(app, api.orderWebCreate, async ({ session, player, body, language, req }) => {
    const idempotencyKey = idempotencyKeyOf(req.headers);
    const me = await player();
    if (me.gameId === null || me.gameAccountId === null)
      throw new AppError(ErrorCode.GameAccountNotFound);
    return orders.create({
      accountId: session.accountId,
      gameId: me.gameId,
      gameAccountId: me.gameAccountId,
      body,
      idempotencyKey,
      language,
    });
  });

  registerCall(app, api.orderDetail, ({ session, body, language }) =>
    orders.detail(session.accountId, body.sdk_order_id, language),
  );

  registerCall(app, api.orderCancel, ({ session, body }) =>
    orders.cancel(session.accountId, body.sdk_order_id),
  );

  // The records (docs/product/api.md#account-calls /api/order/record, /api/order/coin/record):
  // the account comes from the session only; the HC Point record reads the game account picked
  // exactly as uinfo and coinBalance pick it (gameid header, else the first bound game).
  registerCall(app, api.orderRecord, ({ session, body, language }) =>
    records.orders(session.accountId, body, language),
  );

  registerCall(app, api.orderCoinRecord, async ({ player, body }) =>
    records.coins((await player()).gameAccountId, body),
  );

  registerCall(app, api.paymentOrderEpointPay, ({ session, body }) =>
    orders.payWithHcPoint(session.accountId, body.paymentId),
  );

  // Provider webhooks: the exact bytes are needed for the signature, so this scope keeps the
  // body as a Buffer. A bad signature -> HTTP 400 and nothing stored; a verified event is
  // stored once and applied (HTTP 200 with the outcome, so the provider stops retrying).
  void app.register((scope, _opts, registered) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => {
      done(null, body);
    });
    scope.post<{ Params: { provider: string } }>(
      '/api/payment/webhook/:provider',
      async (req, reply) => {
        const provider = providers.byName(req.params.provider as ProviderName);
        if (provider === undefined) throw new AppError(ErrorCode.NotFound);
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        let event;
        try {
          event = await provider.parseWebhook({ headers: req.headers, rawBody });
        } catch (err) {
          if (!(err instanceof WebhookVerificationError)) throw err;
          req.log.warn({ provider: provider.name, reason: err.message }, 'webhook rejected');
          metrics.webhooks.inc({ provider: provider.name, outcome: 'rejected' });
          return reply
            .code(400)
            .send({ code: ErrorCode.AuthFail, msg: 'webhook verification failed' });
        }
        let outcome: Awaited<ReturnType<typeof orders.applyPaymentEvent>>;
        try {
          outcome = await orders.applyPaymentEvent(provider.name, event);
        } catch (err) {
          // Nothing was stored (one transaction). HTTP 503 makes the provider retry; a 200 with a
          // SystemBusy envelope would count as delivered (database outage, fault suite).
          req.log.error({ err, provider: provider.name, event: event.eventId }, 'webhook failed');
          metrics.webhooks.inc({ provider: provider.name, outcome: 'error' });
          return reply.code(503).send({ code: ErrorCode.SystemBusy, msg: 'retry later' });
        }
        req.log.info({ provider: provider.name, event: event.eventId, outcome }, 'webhook applied');
        metrics.webhooks.inc({ provider: provider.name, outcome });
        const code =
          outcome === 'unknown_order'
            ? ErrorCode.OrderNotFound
            : outcome === 'amount_mismatch' ||
                outcome === 'ref_mismatch' ||
                outcome === 'refund_exceeds_payment'
              ? ErrorCode.InvalidParams
              : ErrorCode.Ok;
        return reply.send({
          code,
          msg: code === ErrorCode.Ok ? 'ok' : outcome,
          result: { outcome },
        });
      },
    );
    registered();
  });

  // Each payment provider's own routes (sandbox checkout, PayPal return).
  for (const provider of providers.all()) {
    provider.registerRoutes?.(app, {
      applyEvent: async (name, event) => {
        await orders.applyPaymentEvent(name, event);
      },
    });
  }
}
