// Stripe card payments with the official SDK (docs/payments.md): a Checkout Session per order; webhooks
// verified by `constructEvent` on the raw body. STRIPE_API_BASE points the SDK elsewhere (tests).
import Stripe from 'stripe';
import { systemClock, type Clock } from '../../lib/clock';
import {
  WebhookVerificationError,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentState,
} from './types';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 for a local stub; undefined -> api.stripe.com. */
  apiBase: string | undefined;
  clock?: Clock;
}

/** Our docs/product/languages.md languages as Stripe Checkout locales (all nine are supported). */
const stripeLocales: Record<string, Stripe.Checkout.SessionCreateParams.Locale> = {
  'en-US': 'en',
  'zh-CN': 'zh',
  'zh-HK': 'zh-HK',
  'zh-TW': 'zh-TW',
  'th-TH': 'th',
  'ko-KR': 'ko',
  'ja-JP': 'ja',
  'vi-VN': 'vi',
  'de-DE': 'de',
};

export function stripeClient(secretKey: string, apiBase: string | undefined): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 15_000, telemetry: false };
  if (apiBase !== undefined) {
    const url = new URL(apiBase);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.host = url.hostname;
    config.port = url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port);
    config.protocol = protocol;
  }
  return new Stripe(secretKey, config);
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? value : value.id;
}

/** A verified Stripe event as a PaymentEvent; events we do not act on are `ignored`. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { eventId: event.id, type: event.type, payload: event };
  const ignored: PaymentEvent = { ...base, kind: 'ignored' };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      const orderId = s.client_reference_id ?? s.metadata?.order_id;
      // A completed session with a delayed method is not paid yet: async_payment_* follows.
      if (orderId === undefined || s.payment_status !== 'paid') return ignored;
      if (s.amount_total === null || s.currency === null) return ignored;
      const paymentRef = idOf(s.payment_intent);
      return {
        ...base,
        kind: 'paid',
        orderId,
        providerRef: s.id,
        // charge.refunded names the PaymentIntent, not the session: recorded with the payment.
        ...(paymentRef === undefined ? {} : { paymentRef }),
        amount: s.amount_total,
        currency: s.currency.toUpperCase(),
      };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const s = event.data.object;
      const orderId = s.client_reference_id ?? s.metadata?.order_id;
      if (orderId === undefined) return ignored;
      const reason = event.type === 'checkout.session.expired' ? 'expired' : 'payment_failed';
      return { ...base, kind: 'failed', orderId, providerRef: s.id, reason };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const orderId = charge.metadata.order_id;
      if (orderId === undefined) return ignored;
      return {
        ...base,
        kind: 'refunded',
        orderId,
        // The charge does not name its Checkout Session; its PaymentIntent identifies it.
        providerRef: idOf(charge.payment_intent) ?? charge.id,
        amount: charge.amount_refunded,
        currency: charge.currency.toUpperCase(),
      };
    }
    default:
      return ignored;
  }
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const clock = options.clock ?? systemClock;
  const stripe = stripeClient(options.secretKey, options.apiBase);

  async function sessionOf(ref: { orderId: string; providerRef: string }, expand: string[]) {
    const session = await stripe.checkout.sessions.retrieve(ref.providerRef, { expand });
    if (session.client_reference_id !== ref.orderId)
      throw new Error(`Stripe session ${ref.providerRef} is not for order ${ref.orderId}`);
    return session;
  }

  return {
    name: 'stripe',

    async createCheckout(input) {
      const locale = stripeLocales[input.language];
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        // The player chose "card" on the top-up screen (docs/product/top-up.md#top-up-screen).
        allowed_payment_method_types: ['card'],
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amount,
              product_data: { name: input.itemName },
            },
          },
        ],
        client_reference_id: input.orderId,
        metadata: { order_id: input.orderId },
        // Copied onto the charge, so charge.refunded names the order too.
        payment_intent_data: { metadata: { order_id: input.orderId } },
        success_url: input.returnUrl,
        cancel_url: input.cancelUrl,
        ...(locale === undefined ? {} : { locale }),
      });
      if (session.url === null) throw new Error(`Stripe session ${session.id} has no url`);
      return { providerRef: session.id, payUrl: session.url };
    },

    parseWebhook(req) {
      const header = req.headers['stripe-signature'];
      if (typeof header !== 'string' || header === '')
        return Promise.reject(new WebhookVerificationError('missing stripe-signature header'));
      let event: Stripe.Event;
      try {
        // Default tolerance (300 s), measured against our clock.
        event = stripe.webhooks.constructEvent(
          req.rawBody,
          header,
          options.webhookSecret,
          undefined,
          undefined,
          clock.now().getTime(),
        );
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        return Promise.reject(new WebhookVerificationError(`stripe: ${message}`));
      }
      return Promise.resolve(toPaymentEvent(event));
    },

    async queryPayment(ref): Promise<PaymentState> {
      const s = await sessionOf(ref, ['payment_intent.latest_charge']);
      if (s.status === 'expired') return { status: 'expired' };
      if (s.status !== 'complete' || s.payment_status !== 'paid') return { status: 'open' };
      const amount = s.amount_total ?? 0;
      const currency = (s.currency ?? '').toUpperCase();
      const intent = typeof s.payment_intent === 'object' ? s.payment_intent : null;
      const charge =
        intent !== null && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const paymentRef = idOf(s.payment_intent);
      const payment = paymentRef === undefined ? {} : { paymentRef };
      if (charge?.refunded === true) return { status: 'refunded', amount, currency, ...payment };
      return { status: 'paid', amount, currency, ...payment };
    },

    async refund(ref) {
      const s = await sessionOf(ref, []);
      const paymentIntent = idOf(s.payment_intent);
      if (paymentIntent === undefined) throw new Error(`Stripe session ${s.id} has no payment`);
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: ref.amount, metadata: { order_id: ref.orderId } },
        // One refund per order, whatever the retries.
        { idempotencyKey: `refund-${ref.orderId}` },
      );
      return { refundId: refund.id };
    },
  };
}
