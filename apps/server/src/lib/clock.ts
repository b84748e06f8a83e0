// Time as a dependency (STYLE "Time and randomness come in as dependencies") so tests control it.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
