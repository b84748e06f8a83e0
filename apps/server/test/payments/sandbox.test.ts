// The sandbox payment provider (docs/payments.md): hosted test checkout page, test cards,
// a signed webhook over real HTTP, replay/tamper/stale rejection, one outcome per payment.
import { LANGUAGES, toUnixSeconds } from '@hc/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxText } from '../../src/adapters/payments/sandbox-text';
import { createSandboxProvider } from '../../src/adapters/payments/sandbox';
import { signSandboxPayload } from '../../src/adapters/payments/sandbox-signature';
import {
  WebhookVerificationError,
  type CheckoutInput,
  type PaymentProvider,
  type WebhookRequest,
} from '../../src/adapters/payments/types';
import type { Database } from '../../src/db/database';
import { installSecurityHeaders } from '../../src/plugins/security';
import { openTestDatabase, testDatabases } from '../support/databases';
import { testClock } from '../support/helper';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const SECRET = 'sandbox-test-secret-0123456789';
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const approved = 'cardNumber=4242+4242+4242+4242&expiry=12%2F30&cvc=123';
const declined = 'cardNumber=4000-0000-0000-0002&expiry=12/30&cvc=123';

describe.each(testDatabases())('sandbox provider on %s', (kind) => {
  let database: Database;
  let receiver: WebhookReceiver;
  let app: FastifyInstance;
  let provider: PaymentProvider;
  const clock = testClock();
  let orderSeq = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    receiver = await startWebhookReceiver();
    provider = createSandboxProvider({
      db: database.db,
      publicBaseUrl: receiver.url,
      webhookSecret: SECRET,
      clock,
      retryDelaysMs: [5, 5, 5],
    });
    app = Fastify();
    installSecurityHeaders(app);
    provider.registerRoutes?.(app, { applyEvent: () => Promise.resolve() });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await database?.close();
  });
  afterEach(() => receiver.answerWith());

  function input(over: Partial<CheckoutInput> = {}): CheckoutInput {
    orderSeq += 1;
    return {
      orderId: `HC2026011500000${orderSeq}`,
      method: 'card',
      amount: 1999,
      currency: 'USD',
      itemName: 'Monthly Card <Gold>',
      language: 'en-US',
      returnUrl: `https://portal.example/main/recharge/detail/HC${orderSeq}`,
      cancelUrl: 'https://portal.example/main/recharge',
      ...over,
    };
  }

  const pathOf = (payUrl: string) => new URL(payUrl).pathname;
  const pay = (payUrl: string, payload: string) =>
    app.inject({ method: 'POST', url: pathOf(payUrl), headers: form, payload });
  const asWebhook = (i: number): WebhookRequest => {
    const r = receiver.received[i];
    if (r === undefined) throw new Error(`no webhook #${i}`);
    return { headers: r.headers, rawBody: r.rawBody };
  };
  const statusOf = async (id: string) =>
    (
      await database.db
        .selectFrom('sandbox_payments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('creates an unguessable checkout at the public pay URL', async () => {
    const a = await provider.createCheckout(input());
    const b = await provider.createCheckout(input());
    expect(a.providerRef).toMatch(/^sbx_[A-Za-z0-9_-]{24}$/);
    expect(a.providerRef).not.toBe(b.providerRef);
    expect(a.payUrl).toBe(`${receiver.url}/pay/sandbox/${a.providerRef}`);
    expect(await statusOf(a.providerRef)).toBe('open');
  });

  it('shows the item, the amount and a labelled card form, with no script', async () => {
    const c = await provider.createCheckout(input({ language: 'de-DE' }));
    const res = await app.inject({ method: 'GET', url: pathOf(c.payUrl) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toContain('19,99\u00a0$');
    expect(html).toContain('Monthly Card &lt;Gold&gt;');
    expect(html).not.toContain('<Gold>');
    expect(html).toContain(sandboxText['de-DE'].testBanner);
    for (const id of ['card-number', 'card-expiry', 'card-cvc'])
      expect(html).toMatch(new RegExp(`<label for="${id}">[^<]+</label><input id="${id}"`));
    expect(html).toContain('Mit PayPal bezahlen');
    expect(html).not.toMatch(/<script/i);
  });

  it('answers an unknown payment with a not-found page', async () => {
    const res = await app.inject({ method: 'GET', url: '/pay/sandbox/sbx_nope' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(sandboxText['en-US'].notFoundTitle);
  });

  it('says an unknown card number is not recognised and changes nothing', async () => {
    const c = await provider.createCheckout(input({ language: 'ja-JP' }));
    const before = receiver.received.length;
    const res = await pay(c.payUrl, 'cardNumber=5555555555554444&expiry=12/30&cvc=123');
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(sandboxText['ja-JP'].errCardUnknown);
    expect(res.body).toContain('aria-invalid="true"');
    const badExpiry = await pay(c.payUrl, 'cardNumber=4242424242424242&expiry=12/25&cvc=123');
    expect(badExpiry.body).toContain(sandboxText['ja-JP'].errExpiry);
    const badCvc = await pay(c.payUrl, 'cardNumber=4242424242424242&expiry=12/30&cvc=1');
    expect(badCvc.body).toContain(sandboxText['ja-JP'].errCvc);
    expect(await statusOf(c.providerRef)).toBe('open');
    expect(receiver.received.length).toBe(before);
  });

  it('pays with 4242…, sends one signed webhook and links back to the portal', async () => {
    const i = input();
    const c = await provider.createCheckout(i);
    const before = receiver.received.length;
    const res = await pay(c.payUrl, approved);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(sandboxText['en-US'].paidTitle);
    expect(res.body).toContain(`href="${i.returnUrl}"`);
    expect(res.body).toContain(sandboxText['en-US'].returnLink);
    expect(res.body).not.toContain(sandboxText['en-US'].notifyPending);
    expect(receiver.received.length).toBe(before + 1);
    const hook = receiver.received[before]!;
    expect(hook.method).toBe('POST');
    expect(hook.url).toBe('/api/payment/webhook/sandbox');
    expect(hook.headers['x-sandbox-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = await provider.parseWebhook(asWebhook(before));
    expect(event).toMatchObject({
      kind: 'paid',
      type: 'payment.succeeded',
      orderId: i.orderId,
      providerRef: c.providerRef,
      amount: 1999,
      currency: 'USD',
    });
    expect(event.eventId).toMatch(/^evt_/);
    expect(JSON.parse(hook.rawBody.toString())).toMatchObject({ data: { method: 'card' } });
    expect(await provider.queryPayment({ orderId: i.orderId, providerRef: c.providerRef })).toEqual(
      {
        status: 'paid',
        amount: 1999,
        currency: 'USD',
      },
    );

    // A second submit (back button, double click) shows the result and sends nothing new.
    const again = await pay(c.payUrl, approved);
    expect(again.body).toContain(sandboxText['en-US'].paidTitle);
    const reload = await app.inject({ method: 'GET', url: pathOf(c.payUrl) });
    expect(reload.body).toContain(sandboxText['en-US'].paidTitle);
    expect(receiver.received.length).toBe(before + 1);
  });

  it('rejects a tampered body, a wrong secret, a stale or missing signature', async () => {
    const c = await provider.createCheckout(input());
    const before = receiver.received.length;
    await pay(c.payUrl, approved);
    const good = asWebhook(before);
    await expect(provider.parseWebhook(good)).resolves.toMatchObject({ kind: 'paid' });

    const tampered = Buffer.from(good.rawBody.toString().replace('1999', '1'));
    await expect(provider.parseWebhook({ ...good, rawBody: tampered })).rejects.toThrow(
      WebhookVerificationError,
    );
    const t = toUnixSeconds(clock.now());
    const forged = signSandboxPayload('another-secret-0123456789', t, good.rawBody.toString());
    await expect(
      provider.parseWebhook({ headers: { 'x-sandbox-signature': forged }, rawBody: good.rawBody }),
    ).rejects.toThrow(/mismatch/);
    await expect(provider.parseWebhook({ headers: {}, rawBody: good.rawBody })).rejects.toThrow(
      WebhookVerificationError,
    );
    const old = signSandboxPayload(SECRET, t - 301, good.rawBody.toString());
    await expect(
      provider.parseWebhook({ headers: { 'x-sandbox-signature': old }, rawBody: good.rawBody }),
    ).rejects.toThrow(/stale/);
    // The genuine delivery replayed six minutes later is stale too.
    clock.advance(360_000);
    try {
      await expect(provider.parseWebhook(good)).rejects.toThrow(/stale/);
    } finally {
      clock.advance(-360_000);
    }
  });

  it('declines 4000 0000 0000 0002 but keeps the payment open for another card', async () => {
    const i = input({ language: 'vi-VN' });
    const c = await provider.createCheckout(i);
    const before = receiver.received.length;
    const res = await pay(c.payUrl, declined);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(sandboxText['vi-VN'].errDeclined);
    expect(res.body).toContain('aria-invalid="true"');
    expect(await statusOf(c.providerRef)).toBe('open');
    // Nothing goes to the portal: the order stays payable.
    expect(receiver.received.length).toBe(before);
    expect(await provider.queryPayment({ orderId: i.orderId, providerRef: c.providerRef })).toEqual(
      { status: 'open' },
    );
    const retry = await pay(c.payUrl, approved);
    expect(retry.body).toContain(sandboxText['vi-VN'].paidTitle);
    expect(await statusOf(c.providerRef)).toBe('paid');
    const event = await provider.parseWebhook(asWebhook(before));
    expect(event).toMatchObject({ kind: 'paid', type: 'payment.succeeded', orderId: i.orderId });
    expect(receiver.received.length).toBe(before + 1);
  });

  it('pays with the PayPal button', async () => {
    const i = input({ method: 'paypal', currency: 'JPY', amount: 1200, language: 'ko-KR' });
    const c = await provider.createCheckout(i);
    const before = receiver.received.length;
    const res = await pay(c.payUrl, 'method=paypal');
    expect(res.body).toContain(sandboxText['ko-KR'].paidTitle);
    const event = await provider.parseWebhook(asWebhook(before));
    expect(event).toMatchObject({ kind: 'paid', amount: 1200, currency: 'JPY' });
    expect(JSON.parse(receiver.received[before]!.rawBody.toString())).toMatchObject({
      data: { method: 'paypal' },
    });
  });

  it('retries the webhook until the portal answers 2xx, with the same event id', async () => {
    const c = await provider.createCheckout(input());
    const before = receiver.received.length;
    receiver.answerWith(500, 503);
    const res = await pay(c.payUrl, approved);
    expect(res.body).not.toContain(sandboxText['en-US'].notifyPending);
    expect(receiver.received.length).toBe(before + 3);
    const ids = receiver.received
      .slice(before)
      .map((r) => (JSON.parse(r.rawBody.toString()) as { id: string }).id);
    expect(new Set(ids).size).toBe(1);
  });

  it('says the portal has not confirmed yet when every attempt fails', async () => {
    const c = await provider.createCheckout(input());
    const before = receiver.received.length;
    receiver.answerWith(500, 500, 500, 500);
    const res = await pay(c.payUrl, approved);
    expect(res.body).toContain(sandboxText['en-US'].paidTitle);
    expect(res.body).toContain(sandboxText['en-US'].notifyPending);
    expect(receiver.received.length).toBe(before + 4);
    // The payment itself stands: the portal's payment check finds it with queryPayment.
    expect(await statusOf(c.providerRef)).toBe('paid');
  });

  it('takes exactly one of two simultaneous submits', async () => {
    const c = await provider.createCheckout(input());
    const before = receiver.received.length;
    const [first, second, other] = await Promise.all([
      pay(c.payUrl, approved),
      pay(c.payUrl, approved),
      pay(c.payUrl, declined),
    ]);
    // One approved submit pays; the other shows the paid state (200) and sends nothing. The
    // declined card is refused while the payment is still open (422, the page stays for another
    // card) or, once paid, shows the final state (200): that depends on which request reads first.
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    expect([200, 422]).toContain(other?.statusCode);
    expect(receiver.received.length).toBe(before + 1);
    expect(await statusOf(c.providerRef)).toBe('paid');
    const event = await provider.parseWebhook(asWebhook(before));
    expect(event.kind).toBe('paid');
  });

  it('refunds a paid payment once and sends payment.refunded', async () => {
    const i = input();
    const c = await provider.createCheckout(i);
    await pay(c.payUrl, approved);
    const before = receiver.received.length;
    const ref = { orderId: i.orderId, providerRef: c.providerRef, amount: 1999, currency: 'USD' };
    const { refundId } = await provider.refund(ref);
    expect(refundId).toMatch(/^rf_/);
    await receiver.waitFor(before + 1);
    const event = await provider.parseWebhook(asWebhook(before));
    expect(event).toMatchObject({ kind: 'refunded', orderId: i.orderId, amount: 1999 });
    expect(await provider.queryPayment(ref)).toMatchObject({ status: 'refunded' });
    await expect(provider.refund(ref)).resolves.toEqual({ refundId });
    await new Promise((r) => setTimeout(r, 50));
    expect(receiver.received.length).toBe(before + 1);

    const open = await provider.createCheckout(input());
    await expect(
      provider.refund({
        ...ref,
        orderId: `HC2026011500000${orderSeq}`,
        providerRef: open.providerRef,
      }),
    ).rejects.toThrow(/not paid/);
  });

  it('refuses to query or refund a payment under another order id', async () => {
    const c = await provider.createCheckout(input());
    await expect(
      provider.queryPayment({ orderId: 'HC-other', providerRef: c.providerRef }),
    ).rejects.toThrow(/not found/);
  });

  it('renders the page in all nine languages', async () => {
    for (const language of LANGUAGES) {
      const c = await provider.createCheckout(input({ language }));
      const res = await app.inject({ method: 'GET', url: pathOf(c.payUrl) });
      expect(res.body).toContain(`<html lang="${language}">`);
      expect(res.body).toContain(sandboxText[language].title);
      expect(res.body).toContain(sandboxText[language].payWithPaypal);
    }
  });
});

describe('sandbox dictionary', () => {
  it('has every text in every language, translated', () => {
    const keys = Object.keys(sandboxText['en-US']) as Array<keyof (typeof sandboxText)['en-US']>;
    for (const language of LANGUAGES) {
      const t = sandboxText[language];
      for (const key of keys) expect(t[key].trim(), `${language}.${key}`).not.toBe('');
      if (language !== 'en-US') {
        const same = keys.filter(
          (k) => t[k] === sandboxText['en-US'][k] && k !== 'expiryPlaceholder',
        );
        expect(same, language).toEqual([]);
      }
    }
  });
});
