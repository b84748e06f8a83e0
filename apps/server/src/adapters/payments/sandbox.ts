// The built-in sandbox payment provider (docs/payments.md): a hosted test checkout page at
// /pay/sandbox/:id and Stripe-like signed webhooks sent to the portal over real HTTP, so
// `npm start` and the e2e tests exercise the same path as a real provider.
import { toUnixSeconds } from '@hc/contract';
import { randomBytes } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { systemClock, type Clock } from '../../lib/clock';

import { pickLanguage } from '../../lib/language';
import { sandboxCardOutcome, type CardOutcome } from './sandbox-cards';
import {
  pageLanguage,
  renderCheckoutPage,
  renderNotFoundPage,
  renderResultPage,
  type PagePayment,
} from './sandbox-page';
import { createSandboxRepository, type SandboxPayment } from './sandbox.repository';
import {
  checkSandboxSignature,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxPayload,
} from './sandbox-signature';
import {
  WebhookVerificationError,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentState,
} from './types';

export interface PaymentLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SandboxOptions {
  db: Kysely<DB>;
  publicBaseUrl: string;
  webhookSecret: string;
  clock?: Clock;
  log?: PaymentLog;
  fetch?: typeof fetch;
  /** Waits before each webhook retry; default 0.25 s, 1 s, 3 s (four attempts in all). */
  retryDelaysMs?: readonly number[];
  /** Per-attempt timeout of the webhook POST. */
  webhookTimeoutMs?: number;
}

export type SandboxEventType = 'payment.succeeded' | 'payment.declined' | 'payment.refunded';

const webhookBodySchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z
    .object({
      payment_id: z.string().min(1),
      order_id: z.string().min(1),
      amount: z.number().int(),
      currency: z.string().regex(/^[A-Z]{3}$/),
      method: z.string().nullable(),
    })
    .optional(),
});

const silentLog: PaymentLog = { info: () => undefined, warn: () => undefined };

function newId(prefix: string): string {
  return prefix + randomBytes(18).toString('base64url');
}

function toPagePayment(row: SandboxPayment): PagePayment {
  return {
    id: row.id,
    orderRef: row.order_ref,
    amount: row.amount,
    currency: row.currency,
    itemName: row.item_name,
    language: row.language,
    returnUrl: row.return_url,
  };
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

function stringField(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.slice(0, 64) : '';
}

export function createSandboxProvider(options: SandboxOptions): PaymentProvider {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? silentLog;
  const doFetch = options.fetch ?? fetch;
  const retryDelays = options.retryDelaysMs ?? [250, 1000, 3000];
  const repo = createSandboxRepository(options.db);
  const webhookUrl = `${options.publicBaseUrl}/api/payment/webhook/sandbox`;

  /** POSTs a signed event, retrying until the portal answers 2xx; true when it did. */
  async function sendWebhook(type: SandboxEventType, row: SandboxPayment): Promise<boolean> {
    const rawBody = JSON.stringify({
      id: newId('evt_'),
      type,
      data: {
        payment_id: row.id,
        order_id: row.order_ref,
        amount: row.amount,
        currency: row.currency,
        method: row.method,
      },
    });
    for (let attempt = 0; attempt <= retryDelays.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, retryDelays[attempt - 1]));
      // Re-signed per attempt, as real providers do: the timestamp is the sending time.
      const signature = signSandboxPayload(
        options.webhookSecret,
        toUnixSeconds(clock.now()),
        rawBody,
      );
      try {
        const res = await doFetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
          body: rawBody,
          signal: AbortSignal.timeout(options.webhookTimeoutMs ?? 5000),
        });
        await res.body?.cancel();
        if (res.ok) return true;
        log.warn(
          { status: res.status, attempt, type, paymentId: row.id },
          'sandbox webhook refused',
        );
      } catch (err) {
        log.warn({ err, attempt, type, paymentId: row.id }, 'sandbox webhook failed');
      }
    }
    return false;
  }

  /** Applies a submitted card or PayPal button to an open payment; returns what to show. */
  async function submit(row: SandboxPayment, body: unknown, reply: FastifyReply) {
    const method = stringField(body, 'method') === 'paypal' ? 'paypal' : 'card';
    if (method === 'card') {
      const outcome: CardOutcome = sandboxCardOutcome(
        {
          cardNumber: stringField(body, 'cardNumber'),
          expiry: stringField(body, 'expiry'),
          cvc: stringField(body, 'cvc'),
        },
        clock.now(),
      );
      // A declined card ends the attempt, not the payment: like a provider's hosted checkout,
      // the page stays open for another card and the order stays payable.
      if (outcome === 'declined')
        log.info({ paymentId: row.id, orderId: row.order_ref }, 'sandbox card declined');
      if (outcome !== 'approved')
        return sendHtml(
          reply,
          422,
          renderCheckoutPage(toPagePayment(row), {
            cardNumber: stringField(body, 'cardNumber'),
            expiry: stringField(body, 'expiry'),
            error: outcome === 'declined' ? 'errDeclined' : outcome,
          }),
        );
    }
    const updated = await repo.transition(row.id, 'open', 'paid', clock.now(), method);
    if (updated === undefined) return showFinal(row.id, reply);
    log.info(
      { paymentId: row.id, orderId: row.order_ref, status: 'paid', method },
      'sandbox payment',
    );
    const notified = await sendWebhook('payment.succeeded', updated);
    return sendHtml(reply, 200, renderResultPage(toPagePayment(updated), 'paid', notified));
  }

  /** A payment no longer open: its final state, and nothing is sent again. */
  async function showFinal(id: string, reply: FastifyReply) {
    const row = await repo.find(id);
    if (row === undefined || row.status === 'open')
      return sendHtml(reply, 409, renderNotFoundPage('en-US'));
    return sendHtml(reply, 200, renderResultPage(toPagePayment(row), row.status, true));
  }

  const provider: PaymentProvider = {
    name: 'sandbox',

    async createCheckout(input) {
      const id = newId('sbx_');
      await repo.insert({
        id,
        orderRef: input.orderId,
        amount: input.amount,
        currency: input.currency.toUpperCase(),
        itemName: input.itemName,
        language: pageLanguage(input.language),
        returnUrl: input.returnUrl,
        now: clock.now(),
      });
      return { providerRef: id, payUrl: `${options.publicBaseUrl}/pay/sandbox/${id}` };
    },

    parseWebhook(req) {
      const header = req.headers[SANDBOX_SIGNATURE_HEADER];
      const check = checkSandboxSignature(
        options.webhookSecret,
        Array.isArray(header) ? header[0] : header,
        req.rawBody,
        toUnixSeconds(clock.now()),
      );
      if (check !== 'ok')
        return Promise.reject(new WebhookVerificationError(`sandbox signature ${check}`));
      return Promise.resolve(toPaymentEvent(req.rawBody));
    },

    async queryPayment(ref): Promise<PaymentState> {
      const row = await repo.find(ref.providerRef);
      if (row === undefined || row.order_ref !== ref.orderId)
        throw new Error(`sandbox payment ${ref.providerRef} not found for order ${ref.orderId}`);
      if (row.status === 'open') return { status: 'open' };
      if (row.status === 'declined') return { status: 'failed' };
      return { status: row.status, amount: row.amount, currency: row.currency };
    },

    async refund(ref) {
      const row = await repo.find(ref.providerRef);
      if (row === undefined || row.order_ref !== ref.orderId)
        throw new Error(`sandbox payment ${ref.providerRef} not found for order ${ref.orderId}`);
      if (ref.amount !== row.amount || ref.currency.toUpperCase() !== row.currency)
        throw new Error('sandbox refunds are for the full amount only');
      const refundId = `rf_${row.id.slice(4)}`;
      if (row.status === 'refunded') return { refundId };
      const updated = await repo.transition(row.id, 'paid', 'refunded', clock.now());
      if (updated === undefined) throw new Error(`sandbox payment ${row.id} is not paid`);
      // Not awaited: the caller may hold the order locked while the portal receives this.
      void sendWebhook('payment.refunded', updated);
      return { refundId };
    },

    registerRoutes(app: FastifyInstance) {
      // A scope of its own so the form parser does not apply to the JSON API.
      void app.register((scope, _options, done) => {
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string', bodyLimit: 4096 },
          (_req, body, parsed) => parsed(null, parseQuery(String(body))),
        );
        scope.get<{ Params: { id: string } }>('/pay/sandbox/:id', async (req, reply) => {
          const row = await repo.find(req.params.id);
          if (row === undefined)
            return sendHtml(reply, 404, renderNotFoundPage(pickLanguage(req.headers)));
          if (row.status !== 'open') return showFinal(row.id, reply);
          return sendHtml(reply, 200, renderCheckoutPage(toPagePayment(row)));
        });
        scope.post<{ Params: { id: string } }>('/pay/sandbox/:id', async (req, reply) => {
          const row = await repo.find(req.params.id);
          if (row === undefined)
            return sendHtml(reply, 404, renderNotFoundPage(pickLanguage(req.headers)));
          if (row.status !== 'open') return showFinal(row.id, reply);
          return submit(row, req.body, reply);
        });
        // The sandbox's stand-in for a provider dashboard: refund a paid test payment, which
        // sends the payment.refunded webhook like a real provider's refund would.
        scope.post<{ Params: { id: string } }>('/pay/sandbox/:id/refund', async (req, reply) => {
          const row = await repo.find(req.params.id);
          if (row === undefined)
            return sendHtml(reply, 404, renderNotFoundPage(pickLanguage(req.headers)));
          if (row.status === 'paid')
            await provider.refund({
              orderId: row.order_ref,
              providerRef: row.id,
              amount: row.amount,
              currency: row.currency,
            });
          return showFinal(row.id, reply);
        });
        done();
      });
    },
  };
  return provider;
}

function toPaymentEvent(rawBody: Buffer): PaymentEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('sandbox webhook body is not JSON');
  }
  const parsed = webhookBodySchema.safeParse(json);
  if (!parsed.success) throw new WebhookVerificationError('sandbox webhook body has a bad shape');
  const { id, type, data } = parsed.data;
  const base = { eventId: id, type, payload: json };
  if (data === undefined) return { ...base, kind: 'ignored' };
  const ref = { orderId: data.order_id, providerRef: data.payment_id };
  switch (type) {
    case 'payment.succeeded':
      return { ...base, ...ref, kind: 'paid', amount: data.amount, currency: data.currency };
    case 'payment.declined':
      return { ...base, ...ref, kind: 'failed', reason: 'card_declined' };
    case 'payment.refunded':
      return { ...base, ...ref, kind: 'refunded', amount: data.amount, currency: data.currency };
    default:
      return { ...base, kind: 'ignored' };
  }
}
