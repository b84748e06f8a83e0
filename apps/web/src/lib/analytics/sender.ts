// Batching and signed delivery of analytics events (ADR 0022): a per-session
// key from the server, batches signed with HMAC-SHA256, flushed when FLUSH_AT events are pending,
// FLUSH_DELAY_MS after the first one, and by sendBeacon when the page hides. Nothing is sent,
// and no key is asked for, before the device id exists. The queue is bounded; failed batches
// are retried a few times, then dropped. Everything outside the page comes in as `deps`.
// A key belongs to the portal account signed in when it was asked for (the collector takes the
// account from there, ADR 0032): when the page signs in or out, the next send asks for a new key.
import { toUnixSeconds, type AnalyticsSession } from '@hc/contract';
import { takeBatch, type BatchHeader } from './batch';
import { fromBase64Url, hmacSha256, toBase64Url } from './hmac';
import type { TrackedEvent, TrackerSink } from './track';

export const FLUSH_AT = 20;
export const FLUSH_DELAY_MS = 5000;
export const QUEUE_MAX = 500;
/** Sends of one event before it is given up. */
export const MAX_TRIES = 3;
export const BACKOFF_MAX_MS = 60_000;
/** A key this close to its expiry is renewed before use. */
export const RENEW_MARGIN_MS = 60_000;

/** What the collector's answer means for the batch. */
export type PostOutcome = 'ok' | 'renew' | 'retry' | 'drop';

export interface SenderDeps {
  now(): number;
  /** The stored device id, or null: the tracker never creates it. */
  peekDeviceId(): string | null;
  requestSession(deviceId: string): Promise<AnalyticsSession>;
  /** The collector URL (loggerUrl); resolved once. */
  endpoint(): Promise<string>;
  /** Posts `{payload, sig}` text with fetch (keepalive). */
  post(url: string, body: string): Promise<PostOutcome>;
  /** Queues `{payload, sig}` text with sendBeacon; false when the browser refused it. */
  beacon(url: string, body: string): boolean;
  /** Async signature (WebCrypto); base64url. */
  sign(key: Uint8Array, payload: string): Promise<string>;
  nonce(): string;
  /** lang, game_id, account_id of the batch at the time it is sent. */
  context(): Pick<BatchHeader, 'lang' | 'game_id' | 'account_id'>;
  /** Fields added to loading_page (traffic source, Navigation Timing). */
  loadingPageFields(): TrackedEvent['fields'];
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

interface Pending {
  event: TrackedEvent;
  tries: number;
}

interface ActiveSession {
  sid: string;
  key: Uint8Array;
  /** Server time minus client time. */
  offsetMs: number;
  expiresAtMs: number;
  /** The batch context's account when the key was asked for. */
  accountId: number | undefined;
}

export interface Sender extends TrackerSink {
  flush(): Promise<void>;
  pendingCount(): number;
}

export function syncSignature(key: Uint8Array, payload: string): string {
  return toBase64Url(hmacSha256(key, new TextEncoder().encode(payload)));
}

export function createSender(deps: SenderDeps): Sender {
  let queue: Pending[] = [];
  let session: ActiveSession | null = null;
  let sessionRequest: Promise<ActiveSession> | null = null;
  let url: string | null = null;
  let timer: unknown = null;
  let flushing = false;
  let failures = 0;
  let signing: { items: Pending[]; cancelled: boolean } | null = null;

  const serverNow = (s: ActiveSession) => deps.now() + s.offsetMs;
  const isUsable = (s: ActiveSession | null, margin: number): s is ActiveSession =>
    s !== null && serverNow(s) < s.expiresAtMs - margin;

  function schedule(ms: number): void {
    if (timer !== null) return;
    timer = deps.setTimer(() => {
      timer = null;
      void flush();
    }, ms);
  }
  function cancelTimer(): void {
    if (timer === null) return;
    deps.clearTimer(timer);
    timer = null;
  }
  function trim(): void {
    if (queue.length > QUEUE_MAX) queue = queue.slice(queue.length - QUEUE_MAX);
  }
  function requeue(items: Pending[]): void {
    const kept = items.filter((item) => ++item.tries < MAX_TRIES);
    queue = [...kept, ...queue];
    trim();
  }

  function ensureSession(deviceId: string): Promise<ActiveSession> {
    const accountId = deps.context().account_id;
    if (isUsable(session, RENEW_MARGIN_MS) && session.accountId === accountId)
      return Promise.resolve(session);
    session = null;
    sessionRequest ??= deps
      .requestSession(deviceId)
      .then((result) => {
        session = {
          sid: result.sid,
          key: fromBase64Url(result.key),
          offsetMs: result.server_ts * 1000 - deps.now(),
          expiresAtMs: result.expires_at * 1000,
          accountId,
        };
        return session;
      })
      .finally(() => {
        sessionRequest = null;
      });
    return sessionRequest;
  }

  function header(s: ActiveSession, deviceId: string): BatchHeader {
    return {
      v: 1,
      sid: s.sid,
      device_id: deviceId,
      nonce: deps.nonce(),
      ts: toUnixSeconds(serverNow(s)),
      ...deps.context(),
    };
  }

  async function send(deviceId: string): Promise<void> {
    const s = await ensureSession(deviceId);
    url ??= await deps.endpoint();
    const taken = takeBatch(queue, header(s, deviceId), s.offsetMs);
    if (!taken) return;
    const current = { items: taken.items, cancelled: false };
    signing = current;
    const sig = await deps.sign(s.key, taken.payload).finally(() => {
      if (signing === current) signing = null;
    });
    // The hide beacon took these events while the signature was being computed.
    if (current.cancelled) return;
    const outcome = await deps.post(url, JSON.stringify({ payload: taken.payload, sig }));
    if (outcome === 'ok') failures = 0;
    else if (outcome !== 'drop') {
      // 'renew': bad signature, expired key or a stale timestamp; a new key re-syncs the clock.
      if (outcome === 'renew') session = null;
      failures++;
      requeue(taken.items);
    }
  }

  async function flush(): Promise<void> {
    cancelTimer();
    if (flushing || queue.length === 0) return;
    const deviceId = deps.peekDeviceId();
    if (!deviceId) {
      schedule(FLUSH_DELAY_MS);
      return;
    }
    flushing = true;
    try {
      await send(deviceId);
    } catch {
      // No key or no network: keep the events for a later try.
      failures++;
    } finally {
      flushing = false;
    }
    if (queue.length === 0) return;
    if (failures > 0) schedule(Math.min(FLUSH_DELAY_MS * 2 ** failures, BACKOFF_MAX_MS));
    else if (queue.length >= FLUSH_AT) void flush();
    else schedule(FLUSH_DELAY_MS);
  }

  function accept(event: TrackedEvent): void {
    const enriched =
      event.name === 'loading_page'
        ? { ...event, fields: { ...deps.loadingPageFields(), ...event.fields } }
        : event;
    queue.push({ event: enriched, tries: 0 });
    trim();
    if (queue.length >= FLUSH_AT && !flushing) void flush();
    else schedule(FLUSH_DELAY_MS);
  }

  /** Synchronous: the document may be gone once this handler returns. */
  function flushOnHide(): void {
    if (signing) {
      signing.cancelled = true;
      queue = [...signing.items, ...queue];
      signing = null;
    }
    const deviceId = deps.peekDeviceId();
    const s = session;
    if (!deviceId || !isUsable(s, 0) || url === null || queue.length === 0) return;
    cancelTimer();
    while (queue.length > 0) {
      const taken = takeBatch(queue, header(s, deviceId), s.offsetMs);
      if (!taken) break;
      const body = JSON.stringify({
        payload: taken.payload,
        sig: syncSignature(s.key, taken.payload),
      });
      if (!deps.beacon(url, body)) {
        queue = [...taken.items, ...queue];
        break;
      }
    }
    if (queue.length > 0) schedule(FLUSH_DELAY_MS);
  }

  return { accept, flush, flushOnHide, pendingCount: () => queue.length };
}
