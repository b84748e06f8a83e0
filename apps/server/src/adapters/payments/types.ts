// The payment provider interface (docs/payments.md): create a checkout -> pay_url; verify and parse a
// webhook; query a payment; refund. Implementations: sandbox (built in), stripe, paypal.
// The orders module owns what an event *does*; a provider only says what happened.
import type { FastifyInstance } from 'fastify';

export type ProviderName = 'sandbox' | 'stripe' | 'paypal';
/** What the player chose on the top-up screen (docs/product/top-up.md#top-up-screen: Visa card or PayPal). */
export type PayMethod = 'card' | 'paypal';

export interface CheckoutInput {
  /** Portal order number (sdk_order_id). */
  orderId: string;
  method: PayMethod;
  /** Integer minor units. */
  amount: number;
  currency: string;
  itemName: string;
  /** docs/product/languages.md language tag of the player, for the provider's page. */
  language: string;
  /** Absolute URL of the order page the player returns to (…/main/recharge/detail/{id}). */
  returnUrl: string;
  /** Absolute URL to go back without paying (the top-up page). */
  cancelUrl: string;
}

export interface Checkout {
  /** The provider's id for this payment attempt (sandbox id, Stripe session id, PayPal order id). */
  providerRef: string;
  /** Page the player pays on (opened in a new tab). */
  payUrl: string;
}

interface EventBase {
  /** Unique per provider: the replay guard (payment_events unique (provider, event_id)). */
  eventId: string;
  /** Provider event type as sent, e.g. checkout.session.completed. */
  type: string;
  /** The raw event, stored for audit. */
  payload: unknown;
}

export type PaymentEvent =
  | (EventBase & {
      kind: 'paid';
      orderId: string;
      /** The checkout's id (sandbox payment, Stripe session, PayPal order). */
      providerRef: string;
      /** The payment's own id where the provider has one (Stripe PaymentIntent, PayPal capture). */
      paymentRef?: string;
      amount: number;
      currency: string;
    })
  | (EventBase & { kind: 'failed'; orderId: string; providerRef: string; reason: string })
  | (EventBase & {
      kind: 'refunded';
      orderId: string;
      /** The checkout's id, or the payment's own id when that is all the refund names. */
      providerRef: string;
      amount: number;
      currency: string;
    })
  /** A verified event we do not act on (other types). */
  | (EventBase & { kind: 'ignored' });

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The exact bytes received: signatures are over the raw body. */
  rawBody: Buffer;
}

/** Thrown when a webhook's signature, timestamp or shape is not acceptable; nothing is applied. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface PaymentState {
  status: 'open' | 'paid' | 'failed' | 'expired' | 'refunded';
  /** Set when status is paid or refunded. */
  amount?: number;
  currency?: string;
  /** The payment's own id, when the provider has one (see PaymentEvent paid). */
  paymentRef?: string;
}

export interface PaymentRef {
  orderId: string;
  providerRef: string;
}

/** What a provider can ask the portal to do from its own routes (PayPal's return capture). */
export interface ProviderHooks {
  /** Apply an event exactly as if it had come by webhook (same idempotency rules). */
  applyEvent(provider: ProviderName, event: PaymentEvent): Promise<void>;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(input: CheckoutInput): Promise<Checkout>;
  /** Verify (signature, timestamp tolerance) and parse; throws WebhookVerificationError. */
  parseWebhook(req: WebhookRequest): Promise<PaymentEvent>;
  queryPayment(ref: PaymentRef): Promise<PaymentState>;
  refund(ref: PaymentRef & { amount: number; currency: string }): Promise<{ refundId: string }>;
  /** Extra routes a provider needs (the sandbox checkout page; PayPal's return URL). */
  registerRoutes?(app: FastifyInstance, hooks: ProviderHooks): void;
}
