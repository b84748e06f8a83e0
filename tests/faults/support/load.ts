// The load generator: one loop per player, each creating a game-pack order and paying it, over
// and over, until stopped. Most orders are paid with HC Point (docs/product/api.md#hc-point-calls epoint/pay); every
// `cardEvery`-th is a sandbox card order paid by posting the provider's signed webhook, the way
// a provider does: retried until the portal answers 200. Requests go round-robin over
// `targets` (one server, or several API nodes). A call that gets no answer is retried with
// the same Idempotency-Key / order / event id, so a crash in the middle is exercised.
import { randomUUID } from 'node:crypto';
import { api, call, postWebhook, sandboxWebhook, type Outcome, type Player } from './api';
import { sleep } from './procs';

export interface LoadOptions {
  targets: readonly string[];
  players: readonly Player[];
  product: { cpGoodsId: string; price: number; currency: string };
  /** Every n-th order of a player is a card order (0: none). Default 3. */
  cardEvery?: number;
  /** Pause between a player's orders, ms. Default 0. */
  pauseMs?: number;
}

export interface CallLog {
  at: number;
  call: 'create' | 'pay' | 'webhook';
  kind: Outcome['kind'];
  code?: number;
  status?: number;
  error?: string;
}

export interface LoadStats {
  startedAt: number;
  /** Orders the API confirmed created. */
  created: string[];
  /** HC Point payments the API confirmed (code 0): these must end completed. */
  epointAcked: Set<string>;
  /** Card orders the "provider" charged: their webhook is delivered until acknowledged. */
  cardCharged: Set<string>;
  /** Card webhooks the portal acknowledged (HTTP 200, code 0). */
  cardAcked: Set<string>;
  /** Every call's outcome, in order. */
  calls: CallLog[];
  /** Answers with a non-zero envelope code (a refusal the scenario did not cause). */
  unexpected: CallLog[];
  /** Card orders answered without a checkout URL (see the note in playerLoop). */
  noCheckout: string[];
  /**
   * Webhooks answered HTTP 200 with the SystemBusy envelope. A real provider treats any 2xx as
   * delivered and would not retry; this generator retries them (the worker's stuck-payment
   * sweep would otherwise find them only after PAYMENT_CHECK_AFTER_MINUTES).
   */
  busyWebhooks200: number;
}

export interface RunningLoad {
  stats: LoadStats;
  /** Stop starting new orders; finish the ones under way (payments retried until answered). */
  stop(): Promise<LoadStats>;
}

export function startLoad(options: LoadOptions): RunningLoad {
  const cardEvery = options.cardEvery ?? 3;
  const stats: LoadStats = {
    startedAt: Date.now(),
    created: [],
    epointAcked: new Set(),
    cardCharged: new Set(),
    cardAcked: new Set(),
    calls: [],
    unexpected: [],
    noCheckout: [],
    busyWebhooks200: 0,
  };
  let stopping = false;
  let rr = 0;
  const target = () => options.targets[rr++ % options.targets.length] ?? '';

  function log(call: CallLog['call'], out: Outcome): void {
    const entry: CallLog = { at: Date.now(), call, kind: out.kind };
    if (out.kind === 'network') entry.error = out.error;
    else {
      entry.status = out.status;
      if (out.json !== undefined) entry.code = out.json.code;
    }
    stats.calls.push(entry);
    if (call === 'webhook' && out.kind === 'server_error' && out.status < 300)
      stats.busyWebhooks200 += 1;
    if (out.kind === 'refused') stats.unexpected.push(entry);
  }

  /** Repeats `attempt` while it gets no answer (network or 5xx); gives up after `ms`. */
  async function untilAnswered<R>(
    call: CallLog['call'],
    attempt: () => Promise<Outcome<R>>,
    ms: number,
  ): Promise<Outcome<R>> {
    const until = Date.now() + ms;
    for (;;) {
      const out = await attempt();
      log(call, out);
      if (out.kind === 'ok' || out.kind === 'refused' || Date.now() > until) return out;
      await sleep(100);
    }
  }

  async function playerLoop(p: Player): Promise<void> {
    const headers = () => ({ token: p.token });
    for (let n = 1; !stopping; n++) {
      const card = cardEvery > 0 && n % cardEvery === 0;
      const key = randomUUID();
      // Creation is retried only while the load runs: an order abandoned here is just unpaid.
      const created = await untilAnswered(
        'create',
        () =>
          call(
            target(),
            api.orderWebCreate,
            {
              role_id: p.roleId,
              server_id: 1,
              cp_goods_id: options.product.cpGoodsId,
              channel_code: card ? 'card' : 'epoint',
              // Required by the contract; the server takes the names from the game (docs/product/api.md#top-up-calls).
              role_name: '',
              server_name: '',
            },
            { ...headers(), headers: { 'idempotency-key': key } },
          ),
        stopping ? 0 : 10_000,
      );
      if (created.kind !== 'ok') continue;
      const result = created.json.result;
      stats.created.push(result.sdk_order_id);
      if (card) {
        const paymentId = /\/pay\/sandbox\/([^/?#]+)/.exec(result.pay_url)?.[1];
        if (paymentId === undefined) {
          // A replayed create (same Idempotency-Key) of an order whose checkout was never made
          // answers the order page instead of a checkout: nothing can be charged for it.
          stats.noCheckout.push(result.sdk_order_id);
          continue;
        }
        // The provider has taken the money: from here the portal must end up delivering.
        stats.cardCharged.add(result.sdk_order_id);
        const eventId = `evt_fault_${randomUUID()}`;
        const out = await untilAnswered(
          'webhook',
          () =>
            postWebhook(
              target(),
              sandboxWebhook(eventId, {
                sdkOrderId: result.sdk_order_id,
                paymentId,
                amount: options.product.price,
                currency: options.product.currency,
              }),
            ),
          120_000,
        );
        if (out.kind === 'ok') stats.cardAcked.add(result.sdk_order_id);
      } else {
        const out = await untilAnswered(
          'pay',
          () =>
            call(
              target(),
              api.paymentOrderEpointPay,
              { paymentId: result.sdk_order_id },
              headers(),
            ),
          120_000,
        );
        if (out.kind === 'ok') stats.epointAcked.add(result.sdk_order_id);
      }
      if (options.pauseMs) await sleep(options.pauseMs);
    }
  }

  // A loop that throws stops only itself; stop() reports the first error.
  const errors: unknown[] = [];
  const loops = options.players.map((p) => playerLoop(p).catch((err: unknown) => errors.push(err)));
  return {
    stats,
    async stop() {
      stopping = true;
      await Promise.all(loops);
      if (errors.length > 0) throw errors[0];
      return stats;
    },
  };
}

/** Counts of call outcomes, e.g. { ok: 310, network: 12, server_error: 3 }. */
export function outcomeCounts(calls: readonly CallLog[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of calls) counts[c.kind] = (counts[c.kind] ?? 0) + 1;
  return counts;
}
