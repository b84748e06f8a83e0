// docs/product/constants.md#layout-and-timing: a page stay is logged only if it lasted PAGE_STAY_MIN_MS (2000 ms) or more, in ms
// rounded up. A stay is the time a route is shown while the page is visible: hiding the page
// (tab switch, minimise, leaving) ends the stay, showing it again starts a new one on the same
// route, so hidden time never counts (docs/analytics.md "Web tracker").
import { PAGE_STAY_MIN_MS } from '@hc/contract';

/** The page_duration to log for a stay of `ms`, or null when it is too short to log. */
export function pageStayDuration(ms: number): number | null {
  if (!Number.isFinite(ms) || ms < PAGE_STAY_MIN_MS) return null;
  return Math.ceil(ms);
}

export interface StayClock {
  /** A route is shown: ends the previous stay; while hidden, the stay starts on resume(). */
  enter(path: string, visible?: boolean): void;
  /** The page hides: ends the stay and remembers the route for resume(). */
  pause(): void;
  /** The page shows again: a new stay on the remembered route. */
  resume(): void;
}

export function createStayClock(
  now: () => number,
  emit: (path: string, durationMs: number) => void,
): StayClock {
  let current: { path: string; start: number } | null = null;
  let paused: string | null = null;
  const end = () => {
    if (!current) return;
    const duration = pageStayDuration(now() - current.start);
    if (duration !== null) emit(current.path, duration);
    current = null;
  };
  return {
    enter(path, visible = true) {
      end();
      paused = visible ? null : path;
      current = visible ? { path, start: now() } : null;
    },
    pause() {
      if (!current) return;
      paused = current.path;
      end();
    },
    resume() {
      if (current || paused === null) return;
      current = { path: paused, start: now() };
      paused = null;
    },
  };
}
