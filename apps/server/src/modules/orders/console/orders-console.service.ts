// Orders in the console (docs/console.md#support-and-finance-orders, ADR 0053): the filtered list,
// the order page, re-delivery of a failed or dead delivery, the operator refund (the CLI's flow,
// operator-refund.ts) and the CSV export. Every write is audited with the operator and reason.
import {
  ErrorCode,
  ORDERS_CSV_COLUMNS,
  ServerOrderStatus,
  toUnixSeconds,
  type CallResult,
  type ConsoleOrderDetail,
  type ConsoleOrderRow,
  type OrderJob,
  type OrdersFilter,
  type consoleApi,
} from '@hc/contract';
import { stringify } from 'csv-stringify';
import type { Kysely, Selectable } from 'kysely';
import { Readable } from 'node:stream';
import type { PaymentEvent, ProviderName } from '../../../adapters/payments/types';
import type { PaymentProviders } from '../../../adapters/payments';
import type { DB, JobsTable } from '../../../db/schema';
import { enqueueJob } from '../../../jobs/queue';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { safeCsvCell } from '../../../lib/csv-cells';
import { createAuditRepository } from '../../audit/audit.repository';
import type { ConsoleActor } from '../../games/games-console.service';
import { operatorRefund } from '../operator-refund';
import { createOrdersRepository, type OrderRow } from '../orders.repository';
import type { ApplyOutcome } from '../orders.types';
import {
  createOrdersConsoleRepository,
  type ConsoleOrderListRow,
  type OrdersQuery,
} from './orders-console.repository';

const { Paid, Delivered } = ServerOrderStatus;

export interface OrdersConsoleDeps {
  db: Kysely<DB>;
  clock: Clock;
  providers: Pick<PaymentProviders, 'byName'>;
  applyPaymentEvent: (provider: ProviderName, event: PaymentEvent) => Promise<ApplyOutcome>;
}

type JobRow = Selectable<JobsTable>;
type RefundResult = CallResult<typeof consoleApi.consoleOrdersRefund>;

const ts = (d: Date | null) => (d === null ? null : toUnixSeconds(d));
const parsed = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};
const deliverKey = (sdkOrderId: string) => `deliver:${sdkOrderId}`;

function toRow(r: ConsoleOrderListRow): ConsoleOrderRow {
  return {
    id: r.id,
    sdkOrderId: r.sdk_order_id,
    accountId: r.account_id,
    account: r.account ?? '',
    gameId: r.game_id,
    gameName: r.game_name ?? String(r.game_id),
    serverId: r.server_id,
    serverName: r.server_name,
    roleName: r.role_name,
    itemName: r.item_name,
    kind: r.kind,
    price: r.price,
    currency: r.currency,
    hcPrice: r.hc_price,
    channel: r.channel_code,
    status: r.status,
    createdAt: toUnixSeconds(r.created_at),
    paidAt: ts(r.paid_at),
  };
}

function toJob(j: JobRow): OrderJob {
  return {
    id: Number(j.id),
    kind: j.kind,
    state: j.state,
    attempts: j.attempts,
    lastError: j.last_error,
    runAt: toUnixSeconds(j.run_at),
    createdAt: toUnixSeconds(j.created_at),
    updatedAt: toUnixSeconds(j.updated_at),
    result: parsed(j.result),
  };
}

/** Why a delivery cannot be queued again now; undefined: it can. */
function redeliverRefusal(order: OrderRow, job: JobRow | undefined): string | undefined {
  if (order.kind !== 'game') return 'not_game_pack';
  if (order.status === Delivered) return 'delivered';
  if (order.status !== Paid) return 'not_paid';
  if (job === undefined) return undefined;
  if (job.state === 'running') return 'delivery_running';
  // Waiting for its first attempt: it will run anyway.
  if (job.state === 'pending' && job.last_error === null) return 'delivery_queued';
  return undefined;
}

function csvCells(r: ConsoleOrderListRow): string[] {
  return [
    r.sdk_order_id,
    r.created_at.toISOString(),
    r.paid_at?.toISOString() ?? '',
    String(r.status),
    String(r.account_id),
    r.account ?? '',
    String(r.game_id),
    String(r.server_id),
    r.server_name,
    r.role_name,
    r.item_name,
    r.kind,
    String(r.price),
    r.currency,
    r.hc_price === null ? '' : String(r.hc_price),
    r.channel_code,
    r.provider,
  ].map(safeCsvCell);
}

/** Refund ids the portal knows of: from operator refunds (audit) and refund events. */
function refundIdsOf(
  audit: Array<{ after: unknown }>,
  events: Array<{ event_id: string; payload: unknown }>,
): string[] {
  const ids = new Set<string>();
  for (const a of audit) {
    const after = parsed(a.after);
    if (typeof after === 'object' && after !== null && 'refundId' in after) {
      const id = after.refundId;
      if (typeof id === 'string') ids.add(id);
    }
  }
  for (const e of events)
    if (e.event_id.startsWith('operator-refund:'))
      ids.add(e.event_id.slice('operator-refund:'.length));
  return [...ids];
}

export function createOrdersConsoleService(deps: OrdersConsoleDeps) {
  const { db, clock } = deps;
  const repo = createOrdersConsoleRepository(db);

  /** The filter as a query: the player resolved to ids; refusals of unusable filters. */
  async function query(f: OrdersFilter): Promise<OrdersQuery> {
    if ((f.amountMin !== undefined || f.amountMax !== undefined) && f.currency === undefined)
      throw new AppError(ErrorCode.OrdersFilterInvalid, { reason: 'amount_without_currency' });
    if (
      (f.from !== undefined && f.to !== undefined && f.to <= f.from) ||
      (f.amountMin !== undefined && f.amountMax !== undefined && f.amountMax < f.amountMin)
    )
      throw new AppError(ErrorCode.OrdersFilterInvalid, { reason: 'range' });
    let player: OrdersQuery['player'];
    if (f.player !== undefined) {
      const q = f.player;
      const kind = f.playerKind;
      const accountIds: number[] = [];
      const gameAccountIds: number[] = [];
      const asId = /^[1-9]\d{0,15}$/.test(q) ? Number(q) : undefined;
      if ((kind === 'auto' || kind === 'accountId') && asId !== undefined)
        if (await repo.accountIdExists(asId)) accountIds.push(asId);
      if (kind === 'account' || (kind === 'auto' && asId === undefined))
        accountIds.push(...(await repo.accountIdsByName(q)));
      if (kind === 'auto' || kind === 'uid')
        gameAccountIds.push(...(await repo.gameAccountIdsByUid(q)));
      player = { accountIds, gameAccountIds };
    }
    return {
      status: f.status,
      from: f.from === undefined ? undefined : new Date(f.from * 1000),
      to: f.to === undefined ? undefined : new Date(f.to * 1000),
      gameId: f.gameId,
      serverId: f.serverId,
      provider: f.channel,
      currency: f.currency,
      amountMin: f.amountMin,
      amountMax: f.amountMax,
      sdkOrderId: f.orderNumber,
      player,
    };
  }

  async function orderOrThrow(sdkOrderId: string, trx: Kysely<DB> = db, forUpdate = false) {
    const order = await createOrdersRepository(trx).bySdkId(sdkOrderId, { forUpdate });
    if (order === undefined) throw new AppError(ErrorCode.ConsoleOrderNotFound);
    return order;
  }

  const auditEntry = (
    actor: ConsoleActor,
    action: string,
    sdkOrderId: string | null,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ) => ({
    actorKind: actor.kind,
    actor: actor.name,
    ip: actor.ip ?? null,
    action,
    target: sdkOrderId === null ? null : `order:${sdkOrderId}`,
    before,
    after,
    at: clock.now(),
  });

  return {
    async list(
      f: OrdersFilter & { cursor?: number | undefined; size: number },
    ): Promise<{ list: ConsoleOrderRow[]; nextCursor: number | null }> {
      const rows = await repo.page(await query(f), f.cursor, f.size + 1);
      const list = rows.slice(0, f.size).map(toRow);
      return {
        list,
        nextCursor: rows.length > f.size ? (list[list.length - 1]?.id ?? null) : null,
      };
    },

    async get(sdkOrderId: string): Promise<ConsoleOrderDetail> {
      const order = await orderOrThrow(sdkOrderId);
      const [account, gameName, uid, timeline, events, jobs, audit] = await Promise.all([
        createOrdersRepository(db).accountName(order.account_id),
        repo.gameName(order.game_id),
        repo.uidOf(order.game_account_id),
        repo.timeline(order.id),
        repo.paymentEvents(order.id),
        repo.jobs(order.id),
        repo.audit(`order:${order.sdk_order_id}`),
      ]);
      const deliverJob = jobs.find((j) => j.dedupe_key === deliverKey(order.sdk_order_id));
      return {
        order: {
          ...toRow({ ...order, account: account ?? null, game_name: gameName }),
          gameAccountId: order.game_account_id,
          uid: uid ?? '',
          roleId: order.role_id,
          cpGoodsId: order.cp_goods_id,
          items: parsed(order.items),
          hcAmount: order.hc_amount,
          hcGift: order.hc_gift,
          provider: order.provider,
          language: order.language,
          expiresAt: toUnixSeconds(order.expires_at),
          completedAt: ts(order.completed_at),
          updatedAt: toUnixSeconds(order.updated_at),
        },
        timeline: timeline.map((e) => ({
          status: e.status,
          note: e.note,
          at: toUnixSeconds(e.created_at),
        })),
        references: {
          checkoutId: order.provider === 'epoint' ? null : order.provider_ref,
          paymentId: order.payment_ref,
          refundIds: refundIdsOf(audit, events),
        },
        webhookEvents: events.map((e) => ({
          id: Number(e.id),
          provider: e.provider,
          eventId: e.event_id,
          type: e.type,
          outcome: e.outcome,
          receivedAt: toUnixSeconds(e.received_at),
          payload: parsed(e.payload),
        })),
        jobs: jobs.map(toJob),
        audit: audit.map((a) => ({
          id: Number(a.id),
          at: toUnixSeconds(a.at),
          actorKind: a.actor_kind,
          actor: a.actor,
          ip: a.ip,
          action: a.action,
          before: parsed(a.before),
          after: parsed(a.after),
        })),
        actions: {
          redeliver: redeliverRefusal(order, deliverJob) === undefined,
          refund: order.status === Paid || order.status === Delivered,
        },
      };
    },

    /** The order's delivery due now again (same job, attempts reset), or a new one if none. */
    async redeliver(
      sdkOrderId: string,
      reason: string,
      actor: ConsoleActor,
    ): Promise<{ job: OrderJob }> {
      return db.transaction().execute(async (trx) => {
        const order = await orderOrThrow(sdkOrderId, trx, true);
        const r = createOrdersConsoleRepository(trx);
        const job = await r.lockJob(deliverKey(sdkOrderId));
        const refusal = redeliverRefusal(order, job);
        if (refusal !== undefined)
          throw new AppError(ErrorCode.OrderRedeliverNotAllowed, {
            reason: refusal,
            status: order.status,
            ...(job === undefined ? {} : { jobState: job.state }),
          });
        const now = clock.now();
        let requeued: JobRow;
        if (job === undefined) {
          await enqueueJob(trx, {
            kind: 'deliver',
            dedupeKey: deliverKey(sdkOrderId),
            orderId: order.id,
            runAt: now,
          });
          const made = await r.lockJob(deliverKey(sdkOrderId));
          if (made === undefined) throw new Error('the delivery job was not written');
          requeued = made;
        } else requeued = await r.requeueJob(Number(job.id), now);
        await createAuditRepository(trx).append(
          auditEntry(
            actor,
            'order.redeliver',
            sdkOrderId,
            job === undefined
              ? { job: null }
              : { jobState: job.state, attempts: job.attempts, lastError: job.last_error },
            { jobState: 'pending', attempts: 0, reason },
          ),
        );
        return { job: toJob(requeued) };
      });
    },

    async refund(sdkOrderId: string, reason: string, actor: ConsoleActor): Promise<RefundResult> {
      const r = await operatorRefund(deps, sdkOrderId, actor, reason);
      switch (r.refused) {
        case 'not_found':
          throw new AppError(ErrorCode.ConsoleOrderNotFound);
        case 'status':
          throw new AppError(ErrorCode.OrderRefundNotAllowed, { status: r.status });
        case 'provider_unavailable':
          throw new AppError(ErrorCode.OrderRefundProviderUnavailable, { provider: r.provider });
        case 'provider_failed':
          throw new AppError(ErrorCode.OrderRefundProviderFailed, {
            provider: r.provider,
            message: r.message,
          });
        default:
          break;
      }
      return {
        outcome: r.outcome,
        status: r.order.status,
        provider: r.provider,
        refundId: r.refundId,
        takenBack: r.refund?.takenBack ?? 0,
        shortfall: r.refund?.shortfall ?? 0,
        returned: r.refund?.returned ?? 0,
      };
    },

    /** The CSV export of a filter (audited as order.export with the filter), streamed. */
    async exportCsv(f: OrdersFilter, actor: ConsoleActor) {
      const q = await query(f);
      const csv = stringify({
        header: true,
        columns: [...ORDERS_CSV_COLUMNS],
        record_delimiter: '\n',
      });
      const rows = repo.each(q);
      // The first batch is read before the answer starts, so a failing query is still an
      // envelope; a failure later ends the download (the stream errors, the reply is cut).
      const first = await rows.next();
      await db
        .transaction()
        .execute((trx) =>
          createAuditRepository(trx).append(
            auditEntry(actor, 'order.export', null, null, { filter: { ...f } }),
          ),
        );
      const source = Readable.from(
        (async function* () {
          if (first.done === true) return;
          yield csvCells(first.value);
          for await (const r of rows) yield csvCells(r);
        })(),
      );
      source.on('error', (err) => csv.destroy(err));
      return {
        filename: `orders-${clock.now().toISOString().slice(0, 10)}.csv`,
        body: source.pipe(csv),
      };
    },
  };
}

export type OrdersConsoleService = ReturnType<typeof createOrdersConsoleService>;
