// PayPal webhook events (PAYMENT.CAPTURE.*) as PaymentEvents, after PayPal has verified them.
import { z } from 'zod';
import { fromDecimalString } from './money';
import { WebhookVerificationError, type PaymentEvent } from './types';

const webhookSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z
    .object({
      id: z.string(),
      custom_id: z.string().optional(),
      invoice_id: z.string().optional(),
      amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
      supplementary_data: z
        .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
        .optional(),
    })
    .passthrough()
    .optional(),
});

/** A verified PayPal webhook as a PaymentEvent; an unreadable amount is refused. */
export function toPaymentEvent(json: unknown): PaymentEvent {
  try {
    return mapWebhook(json);
  } catch (err) {
    if (err instanceof RangeError) throw new WebhookVerificationError(err.message);
    throw err;
  }
}

function mapWebhook(json: unknown): PaymentEvent {
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) throw new WebhookVerificationError('PayPal webhook has a bad shape');
  const { id, event_type: type, resource } = parsed.data;
  const ignored: PaymentEvent = { eventId: id, type, payload: json, kind: 'ignored' };
  const orderId = resource?.custom_id ?? resource?.invoice_id;
  if (resource === undefined || orderId === undefined) return ignored;
  const providerRef = resource.supplementary_data?.related_ids?.order_id ?? resource.id;
  const money = resource.amount;
  // A refund's resource is the refund; its `up` link names the capture it refunds.
  const up = Array.isArray(resource.links)
    ? (resource.links as Array<{ rel?: unknown; href?: unknown }>).find((l) => l.rel === 'up')
    : undefined;
  const refundedCapture =
    typeof up?.href === 'string' ? /\/captures\/([^/?#]+)/.exec(up.href)?.[1] : undefined;
  switch (type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      if (money === undefined) return ignored;
      return {
        // The same id as the return-URL capture: whichever arrives second is a replay.
        eventId: `capture:${resource.id}`,
        type,
        payload: json,
        kind: 'paid',
        orderId,
        providerRef,
        paymentRef: resource.id,
        amount: fromDecimalString(money.value, money.currency_code),
        currency: money.currency_code.toUpperCase(),
      };
    case 'PAYMENT.CAPTURE.DENIED':
      return {
        eventId: id,
        type,
        payload: json,
        kind: 'failed',
        orderId,
        providerRef,
        reason: 'denied',
      };
    case 'PAYMENT.CAPTURE.REFUNDED':
      if (money === undefined) return ignored;
      return {
        eventId: id,
        type,
        payload: json,
        kind: 'refunded',
        orderId,
        providerRef:
          resource.supplementary_data?.related_ids?.order_id ?? refundedCapture ?? resource.id,
        amount: fromDecimalString(money.value, money.currency_code),
        currency: money.currency_code.toUpperCase(),
      };
    default:
      return ignored;
  }
}
