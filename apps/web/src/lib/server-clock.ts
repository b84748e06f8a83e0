// The server's clock as the web sees it (docs/product/api.md#system-calls `time`): one
// GET /api/time at start-up gives the offset between this device's clock and the server's, so
// everything that compares times (a campaign's window, "ends in", countdowns to a server
// time) uses the server's "now", not a device clock that may be wrong by hours. Until the answer
// arrives (or when it fails) the site config's `server_time` gives a coarser offset, else none.
import { api } from '@hc/contract';
import { callApi } from './api-client';

let offsetMs = 0;
let synced = false;
const listeners = new Set<() => void>();

function setOffset(next: number): void {
  if (next === offsetMs) return;
  offsetMs = next;
  for (const listener of [...listeners]) listener();
}

/** Called whenever the offset changes (the sync answered); returns the unsubscribe function. */
export function onServerClockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Milliseconds to add to Date.now() to get the server's time. */
export function serverClockOffsetMs(): number {
  return offsetMs;
}

/** The server's "now" in Unix milliseconds. */
export function serverNowMs(): number {
  return Date.now() + offsetMs;
}

/** The server's "now" in Unix seconds (the API's time unit). */
export function serverNowSeconds(): number {
  return Math.floor(serverNowMs() / 1000);
}

/**
 * A server time read between `sentAtMs` and `receivedAtMs` (device clock): the server answered
 * about half way through, so the offset is measured from the middle of the round trip.
 */
export function applyServerTime(serverMs: number, sentAtMs: number, receivedAtMs: number): void {
  setOffset(Math.round(serverMs - (sentAtMs + receivedAtMs) / 2));
}

/** The site config's `server_time` (seconds): used only until /api/time has answered. */
export function applyConfigServerTime(serverSeconds: number, receivedAtMs = Date.now()): void {
  if (synced) return;
  setOffset(serverSeconds * 1000 - receivedAtMs);
}

/** GET /api/time once; a failure keeps the previous offset (it is a correction, not a must). */
export async function syncServerClock(): Promise<void> {
  const sentAt = Date.now();
  try {
    const { ms } = await callApi(api.time);
    applyServerTime(ms, sentAt, Date.now());
    synced = true;
  } catch {
    // Keep the config's offset (or none).
  }
}

/** Tests only. */
export function resetServerClock(): void {
  offsetMs = 0;
  synced = false;
  listeners.clear();
}
