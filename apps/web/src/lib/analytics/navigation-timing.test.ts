// docs/product/analytics.md#when-events-are-logged: page load timing from the Navigation Timing API, integer ms.
import { describe, expect, it } from 'vitest';
import { loadingTimes, type NavigationFigures } from './navigation-timing';

const entry = (over: Partial<NavigationFigures> = {}): NavigationFigures => ({
  startTime: 0,
  requestStart: 12.4,
  responseEnd: 80.9,
  domContentLoadedEventEnd: 410.2,
  loadEventEnd: 655.6,
  ...over,
});

describe('loadingTimes', () => {
  it('request = responseEnd - requestStart, load = loadEventEnd - startTime, rounded', () => {
    expect(loadingTimes(entry())).toEqual({ loading_request_time: 69, loading_time: 656 });
  });

  it('uses domContentLoadedEventEnd while the load event has not ended', () => {
    expect(loadingTimes(entry({ loadEventEnd: 0 }))).toEqual({
      loading_request_time: 69,
      loading_time: 410,
    });
  });

  it('leaves out figures the browser did not fill in', () => {
    expect(
      loadingTimes(entry({ requestStart: 0, loadEventEnd: 0, domContentLoadedEventEnd: 0 })),
    ).toEqual({});
    expect(loadingTimes(undefined)).toEqual({});
  });
});
