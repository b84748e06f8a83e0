// Order statuses on the server (1..6) and on the client (1..5), and the mapping between them (docs/product/top-up.md#order-statuses).

/** What the server stores and answers in record/detail calls (docs/decisions/0009-order-status-meaning.md). */
export const ServerOrderStatus = {
  /** Created, waiting for payment. */
  Unpaid: 1,
  /** Paid and delivered in game (game pack) or credited to the wallet (HC Point pack). */
  Delivered: 2,
  /** Payment failed or delivery was given up (dead letter). */
  Failed: 3,
  /** Not paid in time: expired/closed. */
  Closed: 4,
  /** Refunded. */
  Refunded: 5,
  /** Paid, delivery in progress. */
  Paid: 6,
} as const;
export type ServerOrderStatus = (typeof ServerOrderStatus)[keyof typeof ServerOrderStatus];
export const SERVER_ORDER_STATUSES = [
  1, 2, 3, 4, 5, 6,
] as const satisfies readonly ServerOrderStatus[];

/** docs/product/top-up.md#order-statuses. */
export const ClientOrderStatus = {
  Unpaid: 1,
  Paid: 2,
  Failed: 3,
  Completed: 4,
  Refunded: 5,
} as const;
export type ClientOrderStatus = (typeof ClientOrderStatus)[keyof typeof ClientOrderStatus];
export const CLIENT_ORDER_STATUSES = [
  1, 2, 3, 4, 5,
] as const satisfies readonly ClientOrderStatus[];

const toClient: Record<ServerOrderStatus, ClientOrderStatus> = {
  1: ClientOrderStatus.Unpaid,
  2: ClientOrderStatus.Completed,
  3: ClientOrderStatus.Failed,
  4: ClientOrderStatus.Failed,
  5: ClientOrderStatus.Refunded,
  6: ClientOrderStatus.Unpaid,
};

/** docs/product/top-up.md#order-statuses: 1→1, 2→4, 3→3, 4→3, 5→5, 6→1 (exactly as specified). */
export function toClientStatus(server: ServerOrderStatus): ClientOrderStatus {
  return toClient[server];
}

/**
 * Record filter: docs/product/top-up.md#order-statuses "Filter value 4 is sent to the server as 2". Unpaid, failed and
 * refunded pass through; client 2 (paid) asks for server 6 (paid, not yet delivered),
 * because server 2 already means delivered.
 */
export function toServerFilter(client: ClientOrderStatus): ServerOrderStatus {
  switch (client) {
    case ClientOrderStatus.Completed:
      return ServerOrderStatus.Delivered;
    case ClientOrderStatus.Paid:
      return ServerOrderStatus.Paid;
    default:
      return client;
  }
}

export type OrderDisplayStatus = 'unpaid' | 'processing' | 'failed' | 'completed' | 'refunded';

/**
 * The label to show. docs/decisions/0009-order-status-meaning.md: a paid order that is not yet delivered reads "processing",
 * never "unpaid", even though the numeric mapping sends server 6 to client 1.
 */
export function displayStatus(server: ServerOrderStatus): OrderDisplayStatus {
  if (server === ServerOrderStatus.Paid) return 'processing';
  const labels: Record<ClientOrderStatus, OrderDisplayStatus> = {
    1: 'unpaid',
    2: 'processing',
    3: 'failed',
    4: 'completed',
    5: 'refunded',
  };
  return labels[toClientStatus(server)];
}

export function isServerOrderStatus(n: unknown): n is ServerOrderStatus {
  return typeof n === 'number' && (SERVER_ORDER_STATUSES as readonly number[]).includes(n);
}
