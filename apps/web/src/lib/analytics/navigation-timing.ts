// docs/product/analytics.md#when-events-are-logged "After initialisation, the traffic source and page load timing are also logged":
// figures of the Navigation Timing API, integer ms. loading_request_time = responseEnd -
// requestStart (the document request); loading_time = loadEventEnd - startTime, or
// domContentLoadedEventEnd - startTime while the load event has not ended yet.
import { ANALYTICS_LIMITS } from '@hc/contract';

export type NavigationFigures = Pick<
  PerformanceNavigationTiming,
  'startTime' | 'requestStart' | 'responseEnd' | 'domContentLoadedEventEnd' | 'loadEventEnd'
>;

export interface LoadingTimes {
  loading_request_time?: number;
  loading_time?: number;
}

function span(from: number, to: number): number | undefined {
  if (!(to > 0) || !Number.isFinite(from) || to < from) return undefined;
  const ms = Math.round(to - from);
  return ms <= ANALYTICS_LIMITS.maxDurationMs ? ms : undefined;
}

export function loadingTimes(entry: NavigationFigures | undefined): LoadingTimes {
  if (!entry) return {};
  const end = entry.loadEventEnd > 0 ? entry.loadEventEnd : entry.domContentLoadedEventEnd;
  const times: LoadingTimes = {};
  const request = entry.requestStart > 0 ? span(entry.requestStart, entry.responseEnd) : undefined;
  const total = span(entry.startTime, end);
  if (request !== undefined) times.loading_request_time = request;
  if (total !== undefined) times.loading_time = total;
  return times;
}

/** The page's navigation entry, when the browser has one. */
export function currentNavigationEntry(): NavigationFigures | undefined {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') {
    return undefined;
  }
  return performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
}
