// The Stripe provider against a local stub of the Stripe REST endpoints it
// calls, with the official SDK pointed at it (host/port/protocol); webhooks signed with
// generateTestHeaderString and verified by constructEvent.
import { toUnixSeconds } from '@hc/contract';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeProvider, stripeClient } from '../../src/adapters/payments/stripe';
import {
  WebhookVerificationError,
  type CheckoutInput,
  type PaymentProvider,
} from '../../src/adapters/payments/types';
import { testClock } from '../support/helper';
import { startStripeStub } from '../support/stripe-stub';

const KEY = 'sk_test_stub_123';
const WHSEC = 'whsec_test_secret_456';

function input(over: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    orderId: 'HC20260115000001',
    method: 'card',
    amount: 1999,
    currency: 'USD',
    itemName: 'Monthly Card',
    language: 'ja-JP',
    returnUrl: 'https://portal.example/main/recharge/detail/HC20260115000001',
    cancelUrl: 'https://portal.example/main/recharge',
    ...over,
  };
}

describe('stripe provider', () => {
  const stub = startStripeStub(KEY);
  const clock = testClock();
  const signer = stripeClient('sk_test_unused', undefined);
  let provider: PaymentProvider;

  beforeAll(async () => {
    stub.server.listen(0, '127.0.0.1');
    await once(stub.server, 'listening');
    const { port } = stub.server.address() as AddressInfo;
    provider = createStripeProvider({
      secretKey: KEY,
      webhookSecret: WHSEC,
      apiBase: `http://127.0.0.1:${port}`,
      clock,
    });
  });
  afterAll(() => new Promise<void>((r) => stub.server.close(() => r())));
  beforeEach(() => void (stub.requests.length = 0));

  function signed(event: object, timestamp = toUnixSeconds(clock.now()), secret = WHSEC) {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return { headers: { 'stripe-signature': header }, rawBody: Buffer.from(payload) };
  }
  const sessionEvent = (type: string, session: object, id = 'evt_1') => ({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: toUnixSeconds(clock.now()),
    data: { object: { object: 'checkout.session', ...session } },
  });

  it('creates a Checkout Session for the order and returns its URL', async () => {
    const checkout = await provider.createCheckout(input());
    expect(checkout.providerRef).toMatch(/^cs_test_/);
    expect(checkout.payUrl).toBe(`https://checkout.stripe.com/c/pay/${checkout.providerRef}`);
    const req = stub.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/checkout/sessions');
    const f = Object.fromEntries(req.form);
    expect(f).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1999',
      'line_items[0][price_data][product_data][name]': 'Monthly Card',
      client_reference_id: 'HC20260115000001',
      'metadata[order_id]': 'HC20260115000001',
      'payment_intent_data[metadata][order_id]': 'HC20260115000001',
      success_url: input().returnUrl,
      cancel_url: input().cancelUrl,
      locale: 'ja',
    });
  });

  it('maps our languages to Stripe locales', async () => {
    await provider.createCheckout(input({ language: 'zh-TW' }));
    await provider.createCheckout(input({ language: 'en-US' }));
    expect(stub.requests.map((r) => r.form.get('locale'))).toEqual(['zh-TW', 'en']);
  });

  it('turns a paid checkout.session.completed into a paid event', async () => {
    const event = await provider.parseWebhook(
      signed(
        sessionEvent('checkout.session.completed', {
          id: 'cs_test_9',
          client_reference_id: 'HC1',
          metadata: { order_id: 'HC1' },
          payment_status: 'paid',
          amount_total: 1200,
          currency: 'jpy',
        }),
      ),
    );
    expect(event).toMatchObject({
      kind: 'paid',
      eventId: 'evt_1',
      type: 'checkout.session.completed',
      orderId: 'HC1',
      providerRef: 'cs_test_9',
      amount: 1200,
      currency: 'JPY',
    });
  });

  it('waits for async payments, maps failures, expiry and refunds', async () => {
    const session = {
      id: 'cs_test_9',
      client_reference_id: 'HC2',
      metadata: { order_id: 'HC2' },
      amount_total: 500,
      currency: 'usd',
    };
    const pending = await provider.parseWebhook(
      signed(sessionEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' })),
    );
    expect(pending.kind).toBe('ignored');
    const succeeded = await provider.parseWebhook(
      signed(
        sessionEvent('checkout.session.async_payment_succeeded', {
          ...session,
          payment_status: 'paid',
        }),
      ),
    );
    expect(succeeded).toMatchObject({ kind: 'paid', orderId: 'HC2', amount: 500 });
    const failed = await provider.parseWebhook(
      signed(sessionEvent('checkout.session.async_payment_failed', session)),
    );
    expect(failed).toMatchObject({ kind: 'failed', orderId: 'HC2', reason: 'payment_failed' });
    const expired = await provider.parseWebhook(
      signed(sessionEvent('checkout.session.expired', session)),
    );
    expect(expired).toMatchObject({ kind: 'failed', orderId: 'HC2', reason: 'expired' });
    const refunded = await provider.parseWebhook(
      signed({
        id: 'evt_r',
        object: 'event',
        type: 'charge.refunded',
        data: {
          object: {
            id: 'ch_1',
            object: 'charge',
            amount: 500,
            amount_refunded: 500,
            currency: 'usd',
            payment_intent: 'pi_1',
            metadata: { order_id: 'HC2' },
          },
        },
      }),
    );
    expect(refunded).toMatchObject({
      kind: 'refunded',
      orderId: 'HC2',
      providerRef: 'pi_1',
      amount: 500,
      currency: 'USD',
    });
    const other = await provider.parseWebhook(
      signed({ id: 'evt_o', object: 'event', type: 'customer.created', data: { object: {} } }),
    );
    expect(other).toMatchObject({ kind: 'ignored', eventId: 'evt_o', type: 'customer.created' });
  });

  it('rejects a bad signature, a tampered body, a stale timestamp and no header', async () => {
    const event = sessionEvent('checkout.session.completed', {
      id: 'cs_test_9',
      client_reference_id: 'HC1',
      payment_status: 'paid',
      amount_total: 1200,
      currency: 'jpy',
    });
    const wrongSecret = signed(event, undefined, 'whsec_someone_else');
    await expect(provider.parseWebhook(wrongSecret)).rejects.toThrow(WebhookVerificationError);
    const good = signed(event);
    const tampered = Buffer.from(good.rawBody.toString().replace('1200', '12'));
    await expect(provider.parseWebhook({ ...good, rawBody: tampered })).rejects.toThrow(
      WebhookVerificationError,
    );
    const stale = signed(event, toUnixSeconds(clock.now()) - 301);
    await expect(provider.parseWebhook(stale)).rejects.toThrow(/tolerance/);
    await expect(provider.parseWebhook({ headers: {}, rawBody: good.rawBody })).rejects.toThrow(
      WebhookVerificationError,
    );
    await expect(provider.parseWebhook(good)).resolves.toMatchObject({ kind: 'paid' });
  });

  it('queries a session: open, paid, refunded, expired', async () => {
    const { providerRef } = await provider.createCheckout(input());
    const ref = { orderId: 'HC20260115000001', providerRef };
    expect(await provider.queryPayment(ref)).toEqual({ status: 'open' });
    const req = stub.requests.at(-1)!;
    expect(req.method).toBe('GET');
    expect(req.query.get('expand[0]')).toBe('payment_intent.latest_charge');
    const session = stub.sessions.get(providerRef)!;
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: {
        id: 'pi_1',
        object: 'payment_intent',
        latest_charge: { id: 'ch_1', refunded: false },
      },
    });
    expect(await provider.queryPayment(ref)).toEqual({
      status: 'paid',
      amount: 1999,
      currency: 'USD',
      paymentRef: 'pi_1',
    });
    session.payment_intent = { id: 'pi_1', latest_charge: { id: 'ch_1', refunded: true } };
    expect(await provider.queryPayment(ref)).toMatchObject({ status: 'refunded' });
    Object.assign(session, { status: 'expired', payment_status: 'unpaid', payment_intent: null });
    expect(await provider.queryPayment(ref)).toEqual({ status: 'expired' });
    await expect(provider.queryPayment({ ...ref, orderId: 'HC-other' })).rejects.toThrow(
      /not for order/,
    );
  });

  it('refunds the session payment intent once per order', async () => {
    const { providerRef } = await provider.createCheckout(input());
    Object.assign(stub.sessions.get(providerRef)!, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_42',
    });
    const result = await provider.refund({
      orderId: 'HC20260115000001',
      providerRef,
      amount: 1999,
      currency: 'USD',
    });
    expect(result.refundId).toMatch(/^re_/);
    const req = stub.requests.at(-1)!;
    expect(req.path).toBe('/v1/refunds');
    expect(req.form.get('payment_intent')).toBe('pi_42');
    expect(req.form.get('amount')).toBe('1999');
    expect(req.headers['idempotency-key']).toBe('refund-HC20260115000001');
  });
});
