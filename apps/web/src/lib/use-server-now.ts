// The server's "now" (lib/server-clock.ts) in Unix seconds for a component, updated every
// `intervalMs` so windows and "ends in" texts move on while the page stays open.
import { useEffect, useState } from 'react';
import { onServerClockChange, serverNowSeconds } from './server-clock';

export function useServerNowSeconds(intervalMs = 30_000): number {
  const [now, setNow] = useState(serverNowSeconds);
  useEffect(() => {
    const update = () => setNow(serverNowSeconds());
    // The clock sync may have answered since the first render, or answer later.
    update();
    const unsubscribe = onServerClockChange(update);
    const timer = setInterval(update, intervalMs);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [intervalMs]);
  return now;
}
