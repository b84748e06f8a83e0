// Order status display (SPEC §3, §4; DESIGN §5): the label and text of a server status, and
// which statuses may still change (the detail page polls only those).
import { ErrorCode, ServerOrderStatus, displayStatus, type OrderDisplayStatus } from '@hc/contract';
import { isApiError } from '../../../lib/api-error';

export const ORDER_POLL_MS = 3000;

/** Unpaid (1) and paid-not-delivered (6) still move; every other status is final. */
export function isOrderOpen(status: ServerOrderStatus): boolean {
  return status === ServerOrderStatus.Unpaid || status === ServerOrderStatus.Paid;
}

export function statusTone(display: OrderDisplayStatus): string {
  const tones: Record<OrderDisplayStatus, string> = {
    unpaid: 'orange',
    processing: 'blue',
    failed: 'red',
    completed: 'green',
    refunded: 'gray',
  };
  return tones[display];
}

export function isOrderNotFound(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.OrderNotFound;
}

export { displayStatus };
