// A task the worker runs from its loop at most once per interval (retention, analytics purge):
// `runIfDue()` runs it when the interval has passed since the last run, `force` runs it now.
import type { Clock } from './clock';

export interface DueTimer<T> {
  runIfDue(options?: { force?: boolean }): Promise<T | undefined>;
}

export function createDueTimer<T>(
  clock: Clock,
  everyMs: number,
  run: (now: Date) => Promise<T>,
): DueTimer<T> {
  let last = Number.NEGATIVE_INFINITY;
  return {
    async runIfDue(options = {}) {
      const now = clock.now();
      if (options.force !== true && now.getTime() - last < everyMs) return undefined;
      last = now.getTime();
      return run(now);
    },
  };
}
