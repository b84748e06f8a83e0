// Prometheus metrics of this process (ADR 0036): one registry per process, served at /metrics by
// plugins/metrics.ts on every role. Each node reports its own work; Prometheus sums over nodes.
// Label values come from fixed sets (route patterns, job kinds, provider names, outcomes), never
// from request data, so the number of series stays bounded.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

/** Where the job queue depth comes from: set by a running worker, read at scrape time. */
let jobQueueDepthSource:
  (() => Promise<ReadonlyArray<{ kind: string; state: string; count: number }>>) | undefined;

export function setJobQueueDepthSource(source: typeof jobQueueDepthSource): void {
  jobQueueDepthSource = source;
}

/** Job kinds that send items to a game through its gateway (see jobs/queue.ts). */
export const DELIVERY_JOB_KINDS: ReadonlySet<string> = new Set(['deliver', 'takeback', 'redeem']);

export const metrics = {
  /** Every routed request; `_count` is the request rate per call. */
  requests: new Histogram({
    name: 'hc_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method, HTTP status and envelope code',
    labelNames: ['route', 'method', 'status', 'code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  }),
  /** done: completed; failed: an attempt failed and will be retried; dead: failed for good. */
  jobs: new Counter({
    name: 'hc_jobs_total',
    help: 'Jobs run by this worker by kind and result (done, failed = will retry, dead)',
    labelNames: ['kind', 'result'] as const,
    registers,
  }),
  jobQueueDepth: new Gauge({
    name: 'hc_jobs_queue_depth',
    help: 'Jobs waiting (pending) or leased (running) in the shared jobs table, by kind',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      if (jobQueueDepthSource === undefined) return;
      try {
        for (const row of await jobQueueDepthSource())
          this.set({ kind: row.kind, state: row.state }, row.count);
      } catch {
        // Database unreachable: no depth in this scrape (/readyz says why).
      }
    },
  }),
  /** Delivery jobs (deliver, takeback, redeem): each attempt's result. */
  deliveries: new Counter({
    name: 'hc_deliveries_total',
    help: 'Delivery attempts to game gateways by job kind and result (success, failure)',
    labelNames: ['kind', 'result'] as const,
    registers,
  }),
  deliveryAttempts: new Histogram({
    name: 'hc_delivery_attempts',
    help: 'Attempts a delivery job took when it finished, by kind and result (delivered, dead)',
    labelNames: ['kind', 'result'] as const,
    buckets: [1, 2, 3, 5, 8, 12, 20, 50],
    registers,
  }),
  webhooks: new Counter({
    name: 'hc_payment_webhooks_total',
    help: 'Payment provider webhooks by provider and outcome (rejected: bad signature; error: not stored)',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  }),
  ordersPaid: new Counter({
    name: 'hc_orders_paid_total',
    help: 'Orders that moved to paid, by provider (epoint: HC Point)',
    labelNames: ['provider'] as const,
    registers,
  }),
};
