// Builds the configured payment providers and picks one per payment method (docs/payments.md):
// PAYMENT_CARD_PROVIDER (sandbox | stripe) and PAYMENT_PAYPAL_PROVIDER (sandbox | paypal).
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { systemClock, type Clock } from '../../lib/clock';
import { createPaypalProvider } from './paypal';
import { createSandboxProvider, type PaymentLog } from './sandbox';
import { createStripeProvider } from './stripe';
import type { PayMethod, PaymentProvider, ProviderName } from './types';

export * from './types';
export type { PaymentLog } from './sandbox';

export interface PaymentProviders {
  /** The provider taking this method, or undefined when it is not available (not configured). */
  forMethod(method: PayMethod): PaymentProvider | undefined;
  /** A provider by name (webhook routes, payment checks), or undefined when not enabled. */
  byName(name: ProviderName): PaymentProvider | undefined;
  /** Every enabled provider once (e.g. to register their routes). */
  all(): PaymentProvider[];
}

export interface PaymentProvidersDeps {
  config: Pick<Config, 'payments' | 'publicBaseUrl'>;
  db: Kysely<DB>;
  clock?: Clock;
  log: PaymentLog;
  /** Tests hand in a fetch; default the global one. */
  fetch?: typeof fetch;
}

export function createPaymentProviders(deps: PaymentProvidersDeps): PaymentProviders {
  const { payments, publicBaseUrl } = deps.config;
  const clock = deps.clock ?? systemClock;
  const byName = new Map<ProviderName, PaymentProvider>();
  // A configured provider stays reachable by name even when no method uses it now, so webhooks
  // and checks of payments started before a configuration change still arrive.
  if (payments.sandbox.enabled)
    byName.set(
      'sandbox',
      createSandboxProvider({
        db: deps.db,
        publicBaseUrl,
        webhookSecret: payments.sandbox.webhookSecret,
        clock,
        log: deps.log,
        ...(deps.fetch === undefined ? {} : { fetch: deps.fetch }),
      }),
    );
  if (payments.stripe !== undefined)
    byName.set('stripe', createStripeProvider({ ...payments.stripe, clock }));
  if (payments.paypalApi !== undefined)
    byName.set(
      'paypal',
      createPaypalProvider({
        ...payments.paypalApi,
        publicBaseUrl,
        clock,
        log: deps.log,
        ...(deps.fetch === undefined ? {} : { fetch: deps.fetch }),
      }),
    );
  const methods: Record<PayMethod, ProviderName> = { card: payments.card, paypal: payments.paypal };
  return {
    forMethod: (method) => byName.get(methods[method]),
    byName: (name) => byName.get(name),
    all: () => [...byName.values()],
  };
}
