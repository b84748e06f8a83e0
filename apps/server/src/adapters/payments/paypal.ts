// PayPal payments through Orders v2 over REST (docs/payments.md): create an order, send the player to
// PayPal, capture when they come back (GET /api/payment/paypal/return), and verify webhooks
// with PayPal's verify-webhook-signature call. PAYPAL_BASE_URL selects sandbox/live (or a stub).
import { LANGUAGES } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '../../lib/clock';
import { fromDecimalString, toDecimalString } from './money';
import { toPaymentEvent } from './paypal-webhook';
import { completedCapture, createPaypalApi, type PaypalOrder } from './paypal-api';
import type { PaymentLog } from './sandbox';
import {
  WebhookVerificationError,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentState,
  type ProviderHooks,
} from './types';

export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  baseUrl: string;
  publicBaseUrl: string;
  clock?: Clock;
  log?: PaymentLog;
  fetch?: typeof fetch;
}

/** PayPal replays are refused outside this window (stale timestamps). */
const TOLERANCE_SECONDS = 300;
const transmissionHeaders = [
  'paypal-auth-algo',
  'paypal-cert-url',
  'paypal-transmission-id',
  'paypal-transmission-sig',
  'paypal-transmission-time',
] as const;

/** docs/product/languages.md languages PayPal's checkout is localised in (others fall back to PayPal's choice). */
const paypalLocales = new Set<string>(LANGUAGES.filter((l) => l !== 'vi-VN'));

function header(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function createPaypalProvider(options: PaypalOptions): PaymentProvider {
  const clock = options.clock ?? systemClock;
  const log = options.log;
  const api = createPaypalApi({ ...options, clock });
  const orderPage = (orderId: string) =>
    `${options.publicBaseUrl}/main/recharge/detail/${encodeURIComponent(orderId)}`;

  /** The paid event of a captured order, or undefined when it is not (yet) captured. */
  function paidEvent(order: PaypalOrder): PaymentEvent | undefined {
    const capture = completedCapture(order);
    const orderId = capture?.custom_id ?? order.purchase_units?.[0]?.custom_id;
    if (capture?.amount === undefined || orderId === undefined) return undefined;
    return {
      eventId: `capture:${capture.id}`,
      type: 'PAYMENT.CAPTURE.COMPLETED',
      payload: order,
      kind: 'paid',
      orderId,
      providerRef: order.id,
      paymentRef: capture.id,
      amount: fromDecimalString(capture.amount.value, capture.amount.currency_code),
      currency: capture.amount.currency_code.toUpperCase(),
    };
  }

  /** Captures an approved order; an order captured before (a reload) is read instead. */
  async function capture(paypalOrderId: string): Promise<PaypalOrder> {
    try {
      return await api.captureOrder(paypalOrderId);
    } catch (err) {
      const order = await api.getOrder(paypalOrderId);
      if (completedCapture(order) !== undefined) return order;
      throw err;
    }
  }

  async function orderFor(ref: { orderId: string; providerRef: string }) {
    const order = await api.getOrder(ref.providerRef);
    const unit = order.purchase_units?.[0];
    if (unit?.custom_id !== ref.orderId)
      throw new Error(`PayPal order ${ref.providerRef} is not for order ${ref.orderId}`);
    return order;
  }

  return {
    name: 'paypal',

    async createCheckout(input) {
      const returnUrl = `${options.publicBaseUrl}/api/payment/paypal/return?order=${encodeURIComponent(input.orderId)}`;
      const order = await api.createOrder({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.orderId,
            custom_id: input.orderId,
            invoice_id: input.orderId,
            description: input.itemName.slice(0, 127),
            amount: {
              currency_code: input.currency.toUpperCase(),
              value: toDecimalString(input.amount, input.currency),
            },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: 'HC Portal',
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              return_url: returnUrl,
              cancel_url: input.cancelUrl,
              ...(paypalLocales.has(input.language) ? { locale: input.language } : {}),
            },
          },
        },
      });
      const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (link === undefined) throw new Error(`PayPal order ${order.id} has no approval link`);
      return { providerRef: order.id, payUrl: link.href };
    },

    async parseWebhook(req) {
      const fields: Record<string, string> = {};
      for (const name of transmissionHeaders) {
        const value = header(req.headers, name);
        if (value === undefined || value === '')
          throw new WebhookVerificationError(`missing ${name} header`);
        fields[name.slice('paypal-'.length).replaceAll('-', '_')] = value;
      }
      const sent = Date.parse(fields.transmission_time ?? '');
      if (
        !Number.isFinite(sent) ||
        Math.abs(clock.now().getTime() - sent) > TOLERANCE_SECONDS * 1000
      )
        throw new WebhookVerificationError('PayPal transmission time outside the tolerance');
      const raw = req.rawBody.toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new WebhookVerificationError('PayPal webhook body is not JSON');
      }
      if (typeof json !== 'object' || json === null || Array.isArray(json))
        throw new WebhookVerificationError('PayPal webhook body is not an object');
      const result = await api.verifyWebhookSignature(
        { ...fields, webhook_id: options.webhookId },
        raw,
      );
      if (result.verification_status !== 'SUCCESS')
        throw new WebhookVerificationError(`PayPal verification ${result.verification_status}`);
      return toPaymentEvent(json);
    },

    async queryPayment(ref): Promise<PaymentState> {
      let order = await orderFor(ref);
      // Approved but never captured (the player closed the tab before the return): capture now,
      // so the payment check finds the money ("no paid order is ever lost").
      if (order.status === 'APPROVED') order = await capture(order.id);
      const captures = order.purchase_units?.[0]?.payments?.captures ?? [];
      const done = captures.find(
        (c) =>
          c.status === 'COMPLETED' || c.status === 'REFUNDED' || c.status === 'PARTIALLY_REFUNDED',
      );
      if (done?.amount !== undefined) {
        const amount = fromDecimalString(done.amount.value, done.amount.currency_code);
        const currency = done.amount.currency_code.toUpperCase();
        return {
          status: done.status === 'REFUNDED' ? 'refunded' : 'paid',
          amount,
          currency,
          paymentRef: done.id,
        };
      }
      if (captures.some((c) => c.status === 'DECLINED' || c.status === 'FAILED'))
        return { status: 'failed' };
      if (order.status === 'VOIDED') return { status: 'expired' };
      return { status: 'open' };
    },

    async refund(ref) {
      const order = await orderFor(ref);
      const captured = completedCapture(order);
      if (captured === undefined)
        throw new Error(`PayPal order ${order.id} has no completed capture`);
      const result = await api.refundCapture(
        captured.id,
        {
          amount: {
            currency_code: ref.currency.toUpperCase(),
            value: toDecimalString(ref.amount, ref.currency),
          },
          invoice_id: ref.orderId,
        },
        `refund-${ref.orderId}`,
      );
      return { refundId: result.id };
    },

    registerRoutes(app: FastifyInstance, hooks: ProviderHooks) {
      // PayPal sends the player back here with ?token=<PayPal order id> (our ?order= kept).
      app.get<{ Querystring: Record<string, unknown> }>(
        '/api/payment/paypal/return',
        async (req, reply) => {
          const token = typeof req.query.token === 'string' ? req.query.token : '';
          const ours = typeof req.query.order === 'string' ? req.query.order : '';
          let orderId = ours;
          if (/^[A-Za-z0-9-]{1,64}$/.test(token)) {
            try {
              const order = await capture(token);
              const event = paidEvent(order);
              if (event !== undefined && event.kind === 'paid') {
                orderId = event.orderId;
                await hooks.applyEvent('paypal', event);
              }
            } catch (err) {
              // The order page shows the state; the payment check retries later.
              log?.warn({ err, paypalOrderId: token, orderId: ours }, 'PayPal capture failed');
            }
          }
          return reply
            .header('cache-control', 'no-store')
            .header('referrer-policy', 'no-referrer')
            .redirect(orderId === '' ? `${options.publicBaseUrl}/` : orderPage(orderId), 302);
        },
      );
    },
  };
}
