// createPaymentProviders: which provider takes each method, from PAYMENT_CARD_PROVIDER /
// PAYMENT_PAYPAL_PROVIDER and the configured credentials (docs/payments.md).
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaymentProviders } from '../../src/adapters/payments';
import type { DB } from '../../src/db/schema';
import { PRODUCTION_SECRETS, testConfig } from '../support/helper';

// Never connects: providers only keep the handle until a payment is made.
const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 1 }) }) });
// The app's pino logger is what the lead hands in.
const log = pino({ level: 'silent' });
const build = (env: Record<string, string>) =>
  createPaymentProviders({ config: testConfig(env), db, log });

const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
const paypalEnv = {
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
};

describe('createPaymentProviders', () => {
  afterAll(() => db.destroy());

  it('uses the sandbox for both methods by default', () => {
    const p = build({});
    expect(p.forMethod('card')?.name).toBe('sandbox');
    expect(p.forMethod('paypal')?.name).toBe('sandbox');
    expect(p.byName('sandbox')?.name).toBe('sandbox');
    expect(p.byName('stripe')).toBeUndefined();
    expect(p.all().map((x) => x.name)).toEqual(['sandbox']);
  });

  it('offers no method when the sandbox is off and nothing else is configured', () => {
    const p = build({ SANDBOX_PAYMENTS: 'false' });
    expect(p.forMethod('card')).toBeUndefined();
    expect(p.forMethod('paypal')).toBeUndefined();
    expect(p.all()).toEqual([]);
  });

  it('takes cards with Stripe and PayPal with PayPal when chosen', () => {
    const p = build({
      PAYMENT_CARD_PROVIDER: 'stripe',
      PAYMENT_PAYPAL_PROVIDER: 'paypal',
      SANDBOX_PAYMENTS: 'false',
      ...stripeEnv,
      ...paypalEnv,
    });
    expect(p.forMethod('card')?.name).toBe('stripe');
    expect(p.forMethod('paypal')?.name).toBe('paypal');
    expect(p.byName('sandbox')).toBeUndefined();
    expect(
      p
        .all()
        .map((x) => x.name)
        .sort(),
    ).toEqual(['paypal', 'stripe']);
  });

  it('keeps a configured provider reachable by name for webhooks after a switch', () => {
    const p = build({ ...stripeEnv });
    expect(p.forMethod('card')?.name).toBe('sandbox');
    expect(p.byName('stripe')?.name).toBe('stripe');
  });

  it('never enables the sandbox in production', () => {
    const p = build({
      NODE_ENV: 'production',
      PAYLOAD_KEY: Buffer.alloc(32, 1).toString('base64'),
      ...PRODUCTION_SECRETS,
    });
    expect(p.forMethod('card')).toBeUndefined();
    expect(p.byName('sandbox')).toBeUndefined();
  });
});
