// Order status display (docs/product/top-up.md#order-statuses, docs/product/top-up.md#order-lifecycle, docs/decisions/0009-order-status-meaning.md): the label and text of a server status, and
// which statuses may still change (the detail page polls only those).
import { ErrorCode, ServerOrderStatus, displayStatus } from '@hc/contract';
import { isApiError } from '../../../lib/api-error';

export const ORDER_POLL_MS = 3000;

/** Unpaid (1) and paid-not-delivered (6) still move; every other status is final. */
export function isOrderOpen(status: ServerOrderStatus): boolean {
  return status === ServerOrderStatus.Unpaid || status === ServerOrderStatus.Paid;
}

export function isOrderNotFound(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.OrderNotFound;
}

export { displayStatus };
