// Time as a dependency (STYLE "Time and randomness come in as dependencies") so tests control it.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Unix seconds, the wire format for times (ARCHITECTURE.md#contract). */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
