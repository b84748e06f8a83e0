// Records (docs/product/account.md#top-up-history, docs/product/hc-point.md#hc-point-record; docs/product/api.md#account-calls /api/order/record,
// /api/order/coin/record): only the caller's own rows, every time.
//
// Status filter: the web sends a server status (toServerFilter, docs/product/top-up.md#order-statuses "4 is sent as 2"). A
// filter matches every order that shows the same tag (displayStatus): 3 and 4 both match failed
// and closed (both read "failed"); 1 matches unpaid only, because a paid order waiting for
// delivery (6) reads "processing" and the web asks for it as 6 (client 2 -> server 6).
import {
  SERVER_ORDER_STATUSES,
  displayStatus,
  type CallBody,
  type CallResult,
  type ServerOrderStatus,
  type api,
  toUnixSeconds,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { channelName, localized } from '../catalog/catalog.service';
import { createRecordsRepository, type TimeWindow } from './records.repository';

type OrderRecordBody = Required<Pick<CallBody<typeof api.orderRecord>, 'page' | 'size'>> &
  Omit<CallBody<typeof api.orderRecord>, 'page' | 'size'>;
type CoinRecordBody = Required<Pick<CallBody<typeof api.orderCoinRecord>, 'page' | 'size'>> &
  Omit<CallBody<typeof api.orderCoinRecord>, 'page' | 'size'>;

/** The server statuses a status filter matches: those shown with the same tag. */
export function statusesMatching(filter: ServerOrderStatus): ServerOrderStatus[] {
  const tag = displayStatus(filter);
  return SERVER_ORDER_STATUSES.filter((s) => displayStatus(s) === tag);
}

/** begin/end are inclusive Unix seconds: [begin, end + 1s). */
function windowOf(body: { begin?: number | undefined; end?: number | undefined }): TimeWindow {
  return {
    ...(body.begin === undefined ? {} : { from: new Date(body.begin * 1000) }),
    ...(body.end === undefined ? {} : { until: new Date((body.end + 1) * 1000) }),
  };
}

/** The order number of a ledger movement: its idempotency key up to ':' (else the key). */
export function orderNumberOf(idempotencyKey: string): string {
  const i = idempotencyKey.indexOf(':');
  return i > 0 ? idempotencyKey.slice(0, i) : idempotencyKey;
}

export function createRecordsService(deps: { db: Kysely<DB> }) {
  const repo = createRecordsRepository(deps.db);

  return {
    /** Item and channel names in the reader's language (the order's snapshot of its names). */
    async orders(
      accountId: number,
      body: OrderRecordBody,
      language: string,
    ): Promise<CallResult<typeof api.orderRecord>> {
      const { rows, total } = await repo.orders({
        accountId,
        offset: (body.page - 1) * body.size,
        limit: body.size,
        ...windowOf(body),
        ...(body.sdk_order_id === undefined ? {} : { sdkOrderId: body.sdk_order_id }),
        ...(body.status === undefined ? {} : { statuses: statusesMatching(body.status) }),
      });
      return {
        page: body.page,
        size: body.size,
        total,
        list: rows.map((r) => ({
          sdk_order_id: r.sdk_order_id,
          name: localized(r.item_names, language) || r.item_name,
          amount: r.price,
          currency: r.currency,
          status: r.status,
          channel_name: channelName(r.channel_code, language),
          create_ts: toUnixSeconds(r.created_at),
          game_name: r.game_name ?? '',
          server_name: r.server_name,
          role_name: r.role_name,
          uid: r.game_account_id,
          order_type: r.kind,
        })),
      };
    },

    /** gameAccountId null (no game bound for the request's game): an empty page. */
    async coins(
      gameAccountId: number | null,
      body: CoinRecordBody,
    ): Promise<CallResult<typeof api.orderCoinRecord>> {
      if (gameAccountId === null) return { page: body.page, size: body.size, total: 0, list: [] };
      const { rows, total } = await repo.coinMovements({
        gameAccountId,
        offset: (body.page - 1) * body.size,
        limit: body.size,
        ...windowOf(body),
      });
      return {
        page: body.page,
        size: body.size,
        total,
        list: rows.map((r) => ({
          sdk_order_id: orderNumberOf(r.idempotency_key),
          create_ts: toUnixSeconds(r.created_at),
          change: r.change,
          balance: r.balance,
          type: r.change > 0 ? 'income' : 'expense',
        })),
      };
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
