// The PayPal provider against a local stub of the PayPal REST endpoints it
// calls: OAuth2 token, Orders v2 create/get/capture, capture refund, verify-webhook-signature.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPaypalProvider } from '../../src/adapters/payments/paypal';
import {
  WebhookVerificationError,
  type CheckoutInput,
  type PaymentEvent,
  type PaymentProvider,
} from '../../src/adapters/payments/types';
import { testClock } from '../support/helper';

const CLIENT = 'paypal-client';
const SECRET = 'paypal-secret';
const WEBHOOK_ID = 'WH-ID-123';
const PUBLIC = 'https://portal.example';

interface StubRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
type Order = {
  id: string;
  status: string;
  purchase_units: Array<Record<string, unknown> & { payments?: { captures: object[] } }>;
  links: Array<{ href: string; rel: string; method: string }>;
};

function startPaypalStub() {
  const requests: StubRequest[] = [];
  const orders = new Map<string, Order>();
  const captureAnswers = new Map<string, string>();
  let seq = 0;
  let tokens = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stub').pathname;
      const body = Buffer.concat(chunks).toString();
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof json === 'string' ? json : JSON.stringify(json));
      };
      if (path === '/v1/oauth2/token') {
        const basic = Buffer.from(`${CLIENT}:${SECRET}`).toString('base64');
        if (
          req.headers.authorization !== `Basic ${basic}` ||
          body !== 'grant_type=client_credentials'
        )
          return send(401, { error: 'invalid_client' });
        tokens += 1;
        return send(200, {
          access_token: `A21.token${tokens}`,
          token_type: 'Bearer',
          expires_in: 32400,
        });
      }
      if (!String(req.headers.authorization).startsWith('Bearer A21.token'))
        return send(401, { name: 'AUTHENTICATION_FAILURE' });
      if (req.method === 'POST' && path === '/v2/checkout/orders') {
        const parsed = JSON.parse(body) as { purchase_units: Array<Record<string, unknown>> };
        const id = `5O190127TN36471${String(++seq).padStart(2, '0')}`;
        const order: Order = {
          id,
          status: 'PAYER_ACTION_REQUIRED',
          purchase_units: parsed.purchase_units,
          links: [
            { href: `${baseUrl()}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
            {
              href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`,
              rel: 'payer-action',
              method: 'GET',
            },
          ],
        };
        orders.set(id, order);
        return send(200, order);
      }
      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
      if (req.method === 'POST' && capture) {
        const order = orders.get(capture[1] ?? '');
        if (order === undefined) return send(404, { name: 'RESOURCE_NOT_FOUND' });
        const requestId = String(req.headers['paypal-request-id']);
        const earlier = captureAnswers.get(requestId);
        if (earlier !== undefined) return send(201, earlier);
        if (order.status === 'COMPLETED')
          return send(422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
          });
        if (order.status !== 'APPROVED')
          return send(422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'ORDER_NOT_APPROVED' }],
          });
        const unit = order.purchase_units[0]!;
        order.status = 'COMPLETED';
        unit.payments = {
          captures: [
            {
              id: `3C679366HH9081${String(++seq).padStart(2, '0')}`,
              status: 'COMPLETED',
              amount: unit.amount,
              custom_id: unit.custom_id,
              invoice_id: unit.invoice_id,
            },
          ],
        };
        const answer = JSON.stringify(order);
        captureAnswers.set(requestId, answer);
        return send(201, answer);
      }
      const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && get) {
        const order = orders.get(get[1] ?? '');
        return order === undefined ? send(404, { name: 'RESOURCE_NOT_FOUND' }) : send(200, order);
      }
      const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
      if (req.method === 'POST' && refund)
        return send(201, {
          id: `1JU08902781691${String(++seq).padStart(2, '0')}`,
          status: 'COMPLETED',
        });
      if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
        const v = JSON.parse(body) as Record<string, unknown>;
        const ok =
          v.transmission_sig === 'good-sig' &&
          v.webhook_id === WEBHOOK_ID &&
          v.auth_algo === 'SHA256withRSA' &&
          typeof v.webhook_event === 'object';
        return send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
      }
      return send(404, { name: 'RESOURCE_NOT_FOUND' });
    });
  });
  const baseUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, requests, orders, baseUrl, tokenCount: () => tokens };
}

function input(over: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    orderId: 'HC20260115000001',
    method: 'paypal',
    amount: 1999,
    currency: 'USD',
    itemName: 'Monthly Card',
    language: 'de-DE',
    returnUrl: `${PUBLIC}/main/recharge/detail/HC20260115000001`,
    cancelUrl: `${PUBLIC}/main/recharge`,
    ...over,
  };
}

describe('paypal provider', () => {
  const stub = startPaypalStub();
  const clock = testClock(new Date());
  const applied: Array<{ provider: string; event: PaymentEvent }> = [];
  let provider: PaymentProvider;
  let app: FastifyInstance;

  beforeAll(async () => {
    stub.server.listen(0, '127.0.0.1');
    await once(stub.server, 'listening');
    provider = createPaypalProvider({
      clientId: CLIENT,
      clientSecret: SECRET,
      webhookId: WEBHOOK_ID,
      baseUrl: stub.baseUrl(),
      publicBaseUrl: PUBLIC,
      clock,
    });
    app = Fastify();
    provider.registerRoutes?.(app, {
      applyEvent: (p, event) => {
        applied.push({ provider: p, event });
        return Promise.resolve();
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((r) => stub.server.close(() => r()));
  });
  beforeEach(() => {
    stub.requests.length = 0;
    applied.length = 0;
  });

  const approve = (id: string) => void (stub.orders.get(id)!.status = 'APPROVED');

  it('creates an order with the amount as a decimal string and returns the payer-action link', async () => {
    const checkout = await provider.createCheckout(input());
    expect(checkout.payUrl).toBe(
      `https://www.sandbox.paypal.com/checkoutnow?token=${checkout.providerRef}`,
    );
    const req = stub.requests.find((r) => r.path === '/v2/checkout/orders')!;
    expect(req.headers.authorization).toMatch(/^Bearer A21\.token/);
    const body = JSON.parse(req.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: 'HC20260115000001',
          invoice_id: 'HC20260115000001',
          amount: { currency_code: 'USD', value: '19.99' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `${PUBLIC}/api/payment/paypal/return?order=HC20260115000001`,
            cancel_url: `${PUBLIC}/main/recharge`,
            locale: 'de-DE',
          },
        },
      },
    });
  });

  it('sends zero-decimal currencies without decimals', async () => {
    await provider.createCheckout(input({ currency: 'JPY', amount: 1200 }));
    const req = stub.requests.find((r) => r.path === '/v2/checkout/orders')!;
    expect(JSON.parse(req.body)).toMatchObject({
      purchase_units: [{ amount: { currency_code: 'JPY', value: '1200' } }],
    });
  });

  it('caches the access token until it expires', async () => {
    const before = stub.tokenCount();
    await provider.createCheckout(input());
    await provider.createCheckout(input());
    expect(stub.tokenCount()).toBe(before);
    clock.advance(32400 * 1000);
    await provider.createCheckout(input());
    expect(stub.tokenCount()).toBe(before + 1);
  });

  it('captures on return, applies a paid event and redirects to the order page', async () => {
    const { providerRef } = await provider.createCheckout(input());
    approve(providerRef);
    const res = await app.inject({
      method: 'GET',
      url: `/api/payment/paypal/return?token=${providerRef}&PayerID=ABC&order=HC20260115000001`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${PUBLIC}/main/recharge/detail/HC20260115000001`);
    const capture = stub.requests.find((r) => r.path.endsWith('/capture'))!;
    expect(capture.headers['paypal-request-id']).toBe(`capture-${providerRef}`);
    expect(applied).toHaveLength(1);
    const { provider: name, event } = applied[0]!;
    expect(name).toBe('paypal');
    expect(event).toMatchObject({
      kind: 'paid',
      orderId: 'HC20260115000001',
      providerRef,
      amount: 1999,
      currency: 'USD',
    });
    expect(event.eventId).toMatch(/^capture:3C679366/);

    // A reload captures idempotently and applies the same event id again (a replay).
    await app.inject({
      method: 'GET',
      url: `/api/payment/paypal/return?token=${providerRef}&order=HC20260115000001`,
    });
    expect(applied).toHaveLength(2);
    expect(applied[1]!.event.eventId).toBe(event.eventId);
    expect(await provider.queryPayment({ orderId: 'HC20260115000001', providerRef })).toEqual({
      status: 'paid',
      amount: 1999,
      currency: 'USD',
      paymentRef: event.kind === 'paid' ? event.paymentRef : undefined,
    });
  });

  it('redirects without applying anything when the capture fails', async () => {
    const { providerRef } = await provider.createCheckout(input());
    const res = await app.inject({
      method: 'GET',
      url: `/api/payment/paypal/return?token=${providerRef}&order=HC20260115000001`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${PUBLIC}/main/recharge/detail/HC20260115000001`);
    expect(applied).toHaveLength(0);
    expect(await provider.queryPayment({ orderId: 'HC20260115000001', providerRef })).toEqual({
      status: 'open',
    });
  });

  it('captures an approved order found by the payment check', async () => {
    const { providerRef } = await provider.createCheckout(input());
    approve(providerRef);
    expect(await provider.queryPayment({ orderId: 'HC20260115000001', providerRef })).toMatchObject(
      {
        status: 'paid',
        amount: 1999,
      },
    );
    await expect(provider.queryPayment({ orderId: 'HC-other', providerRef })).rejects.toThrow(
      /not for order/,
    );
  });

  it('refunds the completed capture of the order', async () => {
    const { providerRef } = await provider.createCheckout(input());
    approve(providerRef);
    await provider.queryPayment({ orderId: 'HC20260115000001', providerRef });
    const captureId = (
      stub.orders.get(providerRef)!.purchase_units[0]!.payments!.captures[0] as {
        id: string;
      }
    ).id;
    const { refundId } = await provider.refund({
      orderId: 'HC20260115000001',
      providerRef,
      amount: 1999,
      currency: 'USD',
    });
    expect(refundId).toMatch(/^1JU/);
    const req = stub.requests.at(-1)!;
    expect(req.path).toBe(`/v2/payments/captures/${captureId}/refund`);
    expect(req.headers['paypal-request-id']).toBe('refund-HC20260115000001');
    expect(JSON.parse(req.body)).toMatchObject({
      amount: { currency_code: 'USD', value: '19.99' },
    });
  });

  describe('webhooks', () => {
    const headers = (over: Record<string, string> = {}) => ({
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
      'paypal-transmission-sig': 'good-sig',
      'paypal-transmission-time': clock.now().toISOString(),
      ...over,
    });
    const captureEvent = (type: string, resource: object) =>
      Buffer.from(
        JSON.stringify({
          id: 'WH-58D329510W468432D-8HN650336L201105X',
          event_type: type,
          resource_type: 'capture',
          resource,
        }),
      );
    const completed = captureEvent('PAYMENT.CAPTURE.COMPLETED', {
      id: '3C679366HH908993F',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '19.99' },
      custom_id: 'HC7',
      invoice_id: 'HC7',
      supplementary_data: { related_ids: { order_id: '5O190127TN364715T' } },
    });

    it('verifies through PayPal with the raw event and maps a completed capture', async () => {
      const event = await provider.parseWebhook({ headers: headers(), rawBody: completed });
      expect(event).toMatchObject({
        kind: 'paid',
        eventId: 'capture:3C679366HH908993F',
        type: 'PAYMENT.CAPTURE.COMPLETED',
        orderId: 'HC7',
        providerRef: '5O190127TN364715T',
        amount: 1999,
        currency: 'USD',
      });
      const verify = stub.requests.find(
        (r) => r.path === '/v1/notifications/verify-webhook-signature',
      )!;
      expect(verify.body.endsWith(`"webhook_event":${completed.toString()}}`)).toBe(true);
      expect(JSON.parse(verify.body)).toMatchObject({
        auth_algo: 'SHA256withRSA',
        cert_url: 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
        transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
        transmission_sig: 'good-sig',
        webhook_id: WEBHOOK_ID,
      });
    });

    it('maps denied and refunded captures; ignores other events', async () => {
      const denied = await provider.parseWebhook({
        headers: headers(),
        rawBody: captureEvent('PAYMENT.CAPTURE.DENIED', {
          id: 'C1',
          status: 'DECLINED',
          custom_id: 'HC8',
        }),
      });
      expect(denied).toMatchObject({ kind: 'failed', orderId: 'HC8', reason: 'denied' });
      const refunded = await provider.parseWebhook({
        headers: headers(),
        rawBody: captureEvent('PAYMENT.CAPTURE.REFUNDED', {
          id: 'R1',
          status: 'COMPLETED',
          amount: { currency_code: 'JPY', value: '1200' },
          custom_id: 'HC9',
        }),
      });
      expect(refunded).toMatchObject({
        kind: 'refunded',
        orderId: 'HC9',
        amount: 1200,
        currency: 'JPY',
      });
      const other = await provider.parseWebhook({
        headers: headers(),
        rawBody: captureEvent('CHECKOUT.ORDER.APPROVED', { id: 'O1', status: 'APPROVED' }),
      });
      expect(other.kind).toBe('ignored');
    });

    it('rejects a signature PayPal does not confirm, a stale time and missing headers', async () => {
      await expect(
        provider.parseWebhook({
          headers: headers({ 'paypal-transmission-sig': 'forged' }),
          rawBody: completed,
        }),
      ).rejects.toThrow(WebhookVerificationError);
      const stale = new Date(clock.now().getTime() - 301_000).toISOString();
      await expect(
        provider.parseWebhook({
          headers: headers({ 'paypal-transmission-time': stale }),
          rawBody: completed,
        }),
      ).rejects.toThrow(/tolerance/);
      const partial: Record<string, string> = headers();
      delete partial['paypal-cert-url'];
      await expect(provider.parseWebhook({ headers: partial, rawBody: completed })).rejects.toThrow(
        /paypal-cert-url/,
      );
      await expect(
        provider.parseWebhook({ headers: headers(), rawBody: Buffer.from('not json') }),
      ).rejects.toThrow(WebhookVerificationError);
      const oddAmount = captureEvent('PAYMENT.CAPTURE.COMPLETED', {
        id: 'C2',
        status: 'COMPLETED',
        amount: { currency_code: 'JPY', value: '12.5' },
        custom_id: 'HC10',
      });
      await expect(
        provider.parseWebhook({ headers: headers(), rawBody: oddAmount }),
      ).rejects.toThrow(WebhookVerificationError);
    });
  });
});
