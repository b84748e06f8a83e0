// "Confirm order" (docs/product/top-up.md#top-up-screen, docs/product/errors.md#validation-messages, docs/product/api.md#top-up-calls webCreate): checks the choices, creates the order with
// an Idempotency-Key kept for this attempt (a retry reuses it), then starts payment: card and
// PayPal open the checkout in a new tab (opened synchronously in the click, so popup blockers
// allow it); HC Point pays at once and goes to the order page.
import type { CreateOrderBody, PayChannel } from '@hc/contract';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { trackBuyRequest, type OrderType } from '../../../lib/analytics/orders';
import { errorTranslationKey } from '../../../lib/api-error';
import { formErrorMessage } from '../../../lib/form-error';
import { appStore } from '../../../lib/app-store';
import { maintenanceMessageOf } from '../../../lib/maintenance-message';
import { paths } from '../../../lib/paths';
import { createOrder, newIdempotencyKey, payWithHcPoint } from '../api/topup-api';

export interface ConfirmInput {
  serverId: number | null;
  serverName: string | null;
  roleId: string | null;
  roleName: string | null;
  cpGoodsId: string | null;
  channel: PayChannel | null;
  /** Game pack or HC Point pack, for analytics (docs/product/analytics.md#events buy_request). */
  orderType: OrderType;
}

export interface PendingPayment {
  sdkOrderId: string;
  /** The checkout link to show when the tab could not be opened. */
  fallbackUrl: string | null;
}

/** What "confirm order" shows when it cannot go on: a message, and a title for failures. */
export interface ConfirmError {
  key: string;
  values?: Record<string, number>;
  /** docs/product/errors.md#outcome-and-failure-messages: "failed to initiate payment". */
  titleKey?: string;
  /** Shown as written under the message: the operator's maintenance message. */
  detail?: string;
}

const confirmSchema = z.object({
  serverId: z.number().int().positive(),
  roleId: z.string().min(1),
  cpGoodsId: z.string().min(1),
  channel: z.object({ channel_code: z.string().min(1) }),
});

/** A missing choice says what to choose (docs/product/top-up.md#before-paying). */
const MISSING_CHOICE: Record<keyof z.infer<typeof confirmSchema>, string> = {
  serverId: 'common:validation.selectServerRole',
  roleId: 'common:info.chooseRole',
  cpGoodsId: 'topup:errors.selectProduct',
  channel: 'topup:errors.selectPayMethod',
};

function validate(input: ConfirmInput): ConfirmError | null {
  const parsed = confirmSchema.safeParse(input);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = issue.path[0] as keyof typeof MISSING_CHOICE;
  if (input[field] === null || input[field] === undefined) return { key: MISSING_CHOICE[field] };
  // Anything else is a value the form cannot send: the generic form message.
  const generic = formErrorMessage(issue, { input, schema: confirmSchema });
  return generic ?? { key: 'common:form.invalidType' };
}

/** Same choices, same attempt: the key survives failures and is renewed when a choice changes. */
function attemptSignature(body: CreateOrderBody): string {
  return JSON.stringify(body);
}

interface PlaceOrder {
  body: CreateOrderBody;
  idempotencyKey: string;
  orderType: OrderType;
  /** HC Point: paid at once, in the same attempt. */
  payNow: boolean;
}

/** Creates the order (and pays it with HC Point when that is the method). */
async function placeOrder({ body, idempotencyKey, orderType, payNow }: PlaceOrder) {
  const order = await createOrder(body, idempotencyKey);
  trackBuyRequest(order.sdk_order_id, orderType, body.server_id);
  const paid = payNow ? await payWithHcPoint(order.sdk_order_id) : null;
  return { order, paid };
}

export function useConfirmOrder() {
  const navigate = useNavigate();
  const [error, setError] = useState<ConfirmError | null>(null);
  const [payment, setPayment] = useState<PendingPayment | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const place = useMutation({ mutationFn: placeOrder });
  const pending = place.isPending;

  const confirm = async (input: ConfirmInput): Promise<void> => {
    if (pending) return;
    const invalid = validate(input);
    if (invalid) {
      setError(invalid);
      return;
    }
    const channel = input.channel!;
    const body: CreateOrderBody = {
      role_id: input.roleId!,
      server_id: input.serverId!,
      cp_goods_id: input.cpGoodsId!,
      channel_code: channel.channel_code,
      role_name: input.roleName ?? '',
      server_name: input.serverName ?? '',
    };
    const signature = attemptSignature(body);
    if (attempt.current?.signature !== signature) {
      attempt.current = { signature, key: newIdempotencyKey() };
    }
    const idempotencyKey = attempt.current.key;
    const external = channel.kind !== 'epoint';
    // Must happen in the click itself: a tab opened after an await is blocked as a popup.
    const tab = external ? window.open('', '_blank') : null;
    if (tab) tab.opener = null;
    setError(null);
    try {
      const { order, paid } = await place.mutateAsync({
        body,
        idempotencyKey,
        orderType: input.orderType,
        payNow: !external,
      });
      if (paid) {
        appStore.setUserInfo({ ePointNum: paid.balance.basicNum + paid.balance.presentNum });
        void navigate(paths.orderDetail(order.sdk_order_id));
      } else {
        if (tab) tab.location.href = order.pay_url;
        setPayment({ sdkOrderId: order.sdk_order_id, fallbackUrl: tab ? null : order.pay_url });
      }
      // The order exists: the next confirm is a new attempt.
      attempt.current = null;
    } catch (failure) {
      tab?.close();
      // The order could not be created or paid: "failed to initiate payment" and the reason.
      const detail = maintenanceMessageOf(failure);
      setError({
        key: errorTranslationKey(failure),
        titleKey: 'common:info.paymentInitFail',
        ...(detail !== undefined && { detail }),
      });
    }
  };

  return {
    confirm,
    pending,
    error,
    clearError: () => setError(null),
    payment,
    /** "Back to change": close the dialog and stay on the form. */
    closePayment: () => setPayment(null),
    /** "Payment done": the order status page. */
    finishPayment: () => {
      if (payment) void navigate(paths.orderDetail(payment.sdkOrderId));
    },
  };
}
