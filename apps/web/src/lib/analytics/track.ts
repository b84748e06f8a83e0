// The entry's side of analytics (docs/product/analytics.md#events): track() stamps an event with
// its order, time and page at once and holds it until the sender (sender.ts, loaded lazily on
// idle) takes over. Only types come from the contract, so this module weighs next to nothing in
// the entry route.
import type { AnalyticsEvent, AnalyticsEventBaseName } from '@hc/contract';

/** The docs/product/analytics.md#events fields a caller may set; event, seq and ts are stamped here and by the sender. */
export type TrackFields = Partial<Omit<AnalyticsEvent, 'event' | 'seq' | 'ts'>>;

export interface TrackedEvent {
  name: AnalyticsEventBaseName;
  /** Order within this page session (0, 1, 2, ...). */
  seq: number;
  /** Client clock (Date.now()); the sender corrects it with the server offset. */
  at: number;
  /** Route path (location.pathname) unless the caller gave one. */
  page: string;
  fields: TrackFields;
}

/** What the lazily loaded sender offers the entry. */
export interface TrackerSink {
  accept(event: TrackedEvent): void;
  /** The page hides: send what is pending now, synchronously (sendBeacon). */
  flushOnHide(): void;
}

/** Events kept while the sender is not loaded yet; the oldest go first beyond this. */
export const EARLY_QUEUE_MAX = 200;

/** The landing URL's query and referrer, read once at start, before any parameter is removed. */
export interface Landing {
  search: string;
  referrer: string;
  origin: string;
}

function readLanding(): Landing {
  if (typeof window === 'undefined') return { search: '', referrer: '', origin: '' };
  return {
    search: window.location.search,
    referrer: typeof document === 'undefined' ? '' : document.referrer,
    origin: window.location.origin,
  };
}

let landing: Landing = readLanding();
let seq = 0;
let early: TrackedEvent[] = [];
let sink: TrackerSink | null = null;
/** The screen shown last (set on show_page); events without a page belong to it. */
let currentPage: string | null = null;

export function getLanding(): Landing {
  return landing;
}

function currentPath(): string {
  if (currentPage !== null) return currentPage;
  return typeof window === 'undefined' ? '/' : window.location.pathname || '/';
}

export function setCurrentPage(path: string): void {
  currentPage = path;
}

/** Records one docs/product/analytics.md#events event (name without the `webpay_` prefix). Never throws, never waits. */
export function track(name: AnalyticsEventBaseName, fields: TrackFields = {}): void {
  const event: TrackedEvent = {
    name,
    seq: seq++,
    at: Date.now(),
    page: fields.page ?? currentPath(),
    fields,
  };
  if (sink) {
    sink.accept(event);
    return;
  }
  early.push(event);
  if (early.length > EARLY_QUEUE_MAX) early.shift();
}

/** The sender plugs in here; events recorded before it loaded are handed over in order. */
export function connectSink(next: TrackerSink | null): void {
  sink = next;
  if (!next) return;
  const queued = early;
  early = [];
  for (const event of queued) next.accept(event);
}

export function flushOnHide(): void {
  sink?.flushOnHide();
}

/** Tests only: a fresh page session (new landing URL, empty queue, no sender). */
export function resetTracking(): void {
  landing = readLanding();
  seq = 0;
  early = [];
  sink = null;
  currentPage = null;
}
