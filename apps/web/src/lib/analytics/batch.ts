// Turns tracked events into contract events and signed-batch payloads (docs/product/analytics.md#events): only
// the contract's fields, the page as a path, times corrected by the server offset, and batches
// kept within ANALYTICS_LIMITS (events and payload size).
import {
  ANALYTICS_LIMITS,
  analyticsEventSchema,
  prefixedEventName,
  toUnixSeconds,
  type AnalyticsBatch,
  type AnalyticsEvent,
} from '@hc/contract';
import type { TrackedEvent } from './track';

const COPIED = [
  'type',
  'region',
  'result',
  'trafficsource',
  'trafficsource_link',
  'page_duration',
  'loading_request_time',
  'loading_time',
] as const;
const DURATIONS = new Set(['page_duration', 'loading_request_time', 'loading_time']);

/** The route path alone: query and fragment cut off, odd characters replaced, at most 200. */
export function sanitizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const clean = bare.replace(/[^A-Za-z0-9/_\-.]/g, '_').slice(0, 200);
  return clean.startsWith('/') ? clean : `/${clean}`.slice(0, 200);
}

/** The contract event, or null when it would not pass the collector's strict check. */
export function toAnalyticsEvent(tracked: TrackedEvent, offsetMs: number): AnalyticsEvent | null {
  const candidate: Record<string, unknown> = {
    event: prefixedEventName(tracked.name),
    seq: tracked.seq,
    ts: Math.max(0, toUnixSeconds(tracked.at + offsetMs)),
    page: sanitizePath(tracked.page),
  };
  for (const key of COPIED) {
    const value = tracked.fields[key];
    if (value === undefined) continue;
    candidate[key] =
      DURATIONS.has(key) && typeof value === 'number'
        ? Math.min(value, ANALYTICS_LIMITS.maxDurationMs)
        : value;
  }
  const parsed = analyticsEventSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  // A bad optional field is left out rather than losing the event; bad core fields drop it.
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  if (['event', 'seq', 'ts', 'page'].some((key) => bad.has(key))) return null;
  for (const key of bad) delete candidate[key];
  const retried = analyticsEventSchema.safeParse(candidate);
  return retried.success ? retried.data : null;
}

export type BatchHeader = Omit<AnalyticsBatch, 'events'>;

export interface TakenBatch<T> {
  items: T[];
  payload: string;
}

/**
 * Takes the longest head of `queue` (at most maxEvents) whose payload fits maxPayloadChars,
 * removing it from the queue. Events that can never be sent (invalid, or alone too large) are
 * dropped. Null when nothing is left to send.
 */
export function takeBatch<T extends { event: TrackedEvent }>(
  queue: T[],
  header: BatchHeader,
  offsetMs: number,
): TakenBatch<T> | null {
  let count = Math.min(queue.length, ANALYTICS_LIMITS.maxEvents);
  while (count > 0) {
    const items = queue.slice(0, count);
    const events = items
      .map((item) => toAnalyticsEvent(item.event, offsetMs))
      .filter((event): event is AnalyticsEvent => event !== null);
    if (events.length === 0) {
      queue.splice(0, count);
      count = Math.min(queue.length, ANALYTICS_LIMITS.maxEvents);
      continue;
    }
    const batch: AnalyticsBatch = { ...header, events };
    const payload = JSON.stringify(batch);
    if (payload.length <= ANALYTICS_LIMITS.maxPayloadChars) {
      queue.splice(0, count);
      return { items, payload };
    }
    if (count === 1) {
      queue.splice(0, 1);
      count = Math.min(queue.length, ANALYTICS_LIMITS.maxEvents);
    } else {
      count = Math.floor(count / 2);
    }
  }
  return null;
}
