// A small PayPal REST client (Orders v2, Payments v2, webhook verification) over fetch with an
// OAuth2 client-credentials token cached until shortly before it expires.
import { z } from 'zod';
import type { Clock } from '../../lib/clock';

export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`PayPal ${what} answered HTTP ${status}: ${body.slice(0, 300)}`);
    this.name = 'PaypalApiError';
  }
}

export interface PaypalApiOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  clock: Clock;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number() });

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
export const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: moneySchema.optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
});
export const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        invoice_id: z.string().optional(),
        amount: moneySchema.optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
});
export type PaypalOrder = z.infer<typeof orderSchema>;
/** GET /v1/reporting/transactions: the fields reconciliation reads (docs/console.md#finance-reconciliation). */
export const transactionSearchSchema = z.object({
  transaction_details: z
    .array(
      z.object({
        transaction_info: z.object({
          transaction_id: z.string(),
          paypal_reference_id: z.string().optional(),
          transaction_event_code: z.string().optional(),
          transaction_initiation_date: z.string(),
          transaction_amount: moneySchema.optional(),
          invoice_id: z.string().optional(),
          custom_field: z.string().optional(),
        }),
      }),
    )
    .default([]),
  page: z.number().int().optional(),
  total_pages: z.number().int().optional(),
});
export type PaypalTransactionSearch = z.infer<typeof transactionSearchSchema>;

export type PaypalCapture = z.infer<typeof captureSchema>;

export function createPaypalApi(options: PaypalApiOptions) {
  const doFetch = options.fetch ?? fetch;
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    const now = options.clock.now().getTime();
    if (token !== undefined && token.expiresAt > now) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const res = await doFetch(`${options.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    if (!res.ok) throw new PaypalApiError(res.status, text, 'token');
    const parsed = tokenSchema.parse(JSON.parse(text));
    // Renew a minute early so a token never expires between check and use.
    token = {
      value: parsed.access_token,
      expiresAt: now + Math.max(0, parsed.expires_in - 60) * 1000,
    };
    return token.value;
  }

  /** One authorised JSON call; a 401 drops the cached token and retries once. */
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: string,
    requestId?: string,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await doFetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(requestId === undefined ? {} : { 'paypal-request-id': requestId }),
          prefer: 'return=representation',
        },
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const text = await res.text();
      if (res.status === 401 && attempt === 0) {
        token = undefined;
        continue;
      }
      if (!res.ok) throw new PaypalApiError(res.status, text, `${method} ${path}`);
      return schema.parse(JSON.parse(text));
    }
  }

  return {
    createOrder: (body: unknown) =>
      call('POST', '/v2/checkout/orders', orderSchema, JSON.stringify(body)),
    getOrder: (id: string) =>
      call('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`, orderSchema),
    /** Idempotent: the same PayPal-Request-Id returns the first capture's answer. */
    captureOrder: (id: string) =>
      call(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
        orderSchema,
        '{}',
        `capture-${id}`,
      ),
    refundCapture: (captureId: string, body: unknown, requestId: string) =>
      call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        z.object({ id: z.string(), status: z.string() }),
        JSON.stringify(body),
        requestId,
      ),
    /** Transaction Search (reporting): one page of a period's transactions, at most 31 days. */
    searchTransactions: (query: { startDate: string; endDate: string; page: number }) =>
      call(
        'GET',
        `/v1/reporting/transactions?${new URLSearchParams({
          start_date: query.startDate,
          end_date: query.endDate,
          fields: 'transaction_info',
          page_size: '500',
          page: String(query.page),
        }).toString()}`,
        transactionSearchSchema,
      ),
    /** `rawEvent` is inserted verbatim: re-serialising the event can break PayPal's check. */
    verifyWebhookSignature: (fields: Record<string, string>, rawEvent: string) =>
      call(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        z.object({ verification_status: z.string() }),
        `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawEvent}}`,
      ),
  };
}

export type PaypalApi = ReturnType<typeof createPaypalApi>;

/** The completed capture of an order (first purchase unit), if any. */
export function completedCapture(order: PaypalOrder): PaypalCapture | undefined {
  return order.purchase_units?.[0]?.payments?.captures?.find((c) => c.status === 'COMPLETED');
}
