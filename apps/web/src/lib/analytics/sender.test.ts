// Batching and signed delivery: flush at FLUSH_AT events or FLUSH_DELAY_MS
// after the first, a synchronous signed beacon on hide, nothing before the device id, signatures
// that node:crypto verifies, key renewal, and a bounded queue.
import { createHmac, randomBytes } from 'node:crypto';
import {
  ANALYTICS_LIMITS,
  analyticsBatchSchema,
  toUnixSeconds,
  type AnalyticsBatch,
} from '@hc/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toBase64Url } from './hmac';
import {
  FLUSH_AT,
  FLUSH_DELAY_MS,
  MAX_TRIES,
  QUEUE_MAX,
  createSender,
  syncSignature,
  type PostOutcome,
  type SenderDeps,
} from './sender';
import { webCryptoSign } from './start';
import type { TrackedEvent } from './track';

const DEVICE = '6f1c2d3e-0000-4000-8000-00000000abcd';
const KEY = randomBytes(32);
const NOW = 1_767_225_600_000;

interface Sent {
  via: 'fetch' | 'beacon';
  url: string;
  payload: string;
  sig: string;
  batch: AnalyticsBatch;
}

interface HarnessOptions {
  deviceId?: string | null;
  outcomes?: PostOutcome[];
  /** WebCrypto resolves outside fake time: only tests that await flush() use it. */
  webCrypto?: boolean;
}

function harness(options: HarnessOptions = {}) {
  let deviceId = options.deviceId === undefined ? DEVICE : options.deviceId;
  let accountId: number | undefined;
  const outcomes = [...(options.outcomes ?? [])];
  const sent: Sent[] = [];
  let sessions = 0;
  let seq = 0;
  const record = (via: Sent['via'], url: string, body: string) => {
    const { payload, sig } = JSON.parse(body) as { payload: string; sig: string };
    sent.push({ via, url, payload, sig, batch: JSON.parse(payload) as AnalyticsBatch });
  };
  const requestSession = vi.fn((_deviceId: string) => {
    sessions++;
    return Promise.resolve({
      sid: `1767229200.session${sessions}`,
      key: toBase64Url(new Uint8Array(KEY)),
      expires_at: toUnixSeconds(Date.now()) + 3600,
      // The server's clock is 90 s ahead of the page.
      server_ts: toUnixSeconds(Date.now()) + 90,
    });
  });
  const deps: SenderDeps = {
    now: () => Date.now(),
    peekDeviceId: () => deviceId,
    requestSession,
    endpoint: () => Promise.resolve('/api/analytics/collect'),
    post: vi.fn((url: string, body: string) => {
      record('fetch', url, body);
      return Promise.resolve(outcomes.shift() ?? 'ok');
    }),
    beacon: vi.fn((url: string, body: string) => {
      record('beacon', url, body);
      return true;
    }),
    sign: options.webCrypto
      ? webCryptoSign
      : (key, payload) => Promise.resolve(syncSignature(key, payload)),
    nonce: () => toBase64Url(new Uint8Array(randomBytes(16))),
    context: () => ({
      lang: 'en-US',
      game_id: 1,
      ...(accountId === undefined ? {} : { account_id: accountId }),
    }),
    loadingPageFields: () => ({ trafficsource: 'organic', loading_time: 640 }),
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
  const sender = createSender(deps);
  const event = (name: TrackedEvent['name'] = 'show_page', fields = {}): TrackedEvent => ({
    name,
    seq: seq++,
    at: Date.now(),
    page: '/main/home',
    fields,
  });
  return {
    deps,
    requestSession,
    sender,
    sent,
    event,
    setDeviceId: (id: string | null) => (deviceId = id),
    setAccount: (id: number | undefined) => (accountId = id),
    sessions: () => sessions,
  };
}

const expectedSig = (payload: string) =>
  createHmac('sha256', KEY).update(payload, 'utf8').digest('base64url');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('batching', () => {
  it(`flushes ${FLUSH_DELAY_MS} ms after the first event, in one batch, in order`, async () => {
    const h = harness();
    h.sender.accept(h.event('show_page'));
    await vi.advanceTimersByTimeAsync(1000);
    h.sender.accept(h.event('click_button', { type: 'pay' }));
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS - 1000 - 1);
    expect(h.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent).toHaveLength(1);
    const batch = h.sent[0]!.batch;
    expect(analyticsBatchSchema.safeParse(batch).success).toBe(true);
    expect(batch.events.map((e) => [e.event, e.seq])).toEqual([
      ['webpay_show_page', 0],
      ['webpay_click_button', 1],
    ]);
    // Times are corrected to the server clock (90 s ahead), in Unix seconds.
    expect(batch.ts).toBe(NOW / 1000 + 95);
    expect(batch.events[0]!.ts).toBe(NOW / 1000 + 90);
    expect(h.sender.pendingCount()).toBe(0);
  });

  it(`flushes at once when ${FLUSH_AT} events are pending, never more than maxEvents a batch`, async () => {
    const h = harness();
    for (let i = 0; i < FLUSH_AT - 1; i++) h.sender.accept(h.event());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent).toHaveLength(0);
    h.sender.accept(h.event());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.batch.events).toHaveLength(FLUSH_AT);

    const many = harness({ deviceId: null });
    for (let i = 0; i < 120; i++) many.sender.accept(many.event());
    many.setDeviceId(DEVICE);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS * 3);
    expect(many.sent.map((s) => s.batch.events.length)).toEqual([50, 50, 20]);
    expect(Math.max(...many.sent.map((s) => s.batch.events.length))).toBeLessThanOrEqual(
      ANALYTICS_LIMITS.maxEvents,
    );
  });

  it('adds traffic source and timing to loading_page', async () => {
    const h = harness();
    h.sender.accept(h.event('loading_page'));
    await h.sender.flush();
    expect(h.sent[0]!.batch.events[0]).toMatchObject({
      event: 'webpay_loading_page',
      trafficsource: 'organic',
      loading_time: 640,
    });
  });
});

describe('nothing before the device id', () => {
  it('asks for no key and sends nothing, then sends everything once the id exists', async () => {
    const h = harness({ deviceId: null });
    h.sender.accept(h.event('loading_page'));
    h.sender.accept(h.event('show_page'));
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS * 4);
    h.sender.flushOnHide();
    expect(h.requestSession).not.toHaveBeenCalled();
    expect(h.sent).toHaveLength(0);
    expect(h.sender.pendingCount()).toBe(2);

    h.setDeviceId(DEVICE);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(h.requestSession).toHaveBeenCalledWith(DEVICE);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.batch.device_id).toBe(DEVICE);
    expect(h.sent[0]!.batch.events.map((e) => e.event)).toEqual([
      'webpay_loading_page',
      'webpay_show_page',
    ]);
  });
});

describe('signing (ADR 0022)', () => {
  it('signs fetch batches with WebCrypto: node:crypto verifies sig over the exact payload', async () => {
    const h = harness({ webCrypto: true });
    h.sender.accept(h.event());
    await h.sender.flush();
    const [post] = h.sent;
    expect(post!.via).toBe('fetch');
    expect(post!.sig).toBe(expectedSig(post!.payload));
    expect(post!.batch.sid).toBe('1767229200.session1');
    expect(post!.batch.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('sends the pending batch by a synchronously signed beacon on hide, new nonce each', async () => {
    const h = harness();
    h.sender.accept(h.event());
    await h.sender.flush();
    h.sender.accept(h.event('page_time', { page_duration: 2001 }));
    h.sender.flushOnHide();
    expect(h.sent).toHaveLength(2);
    const beacon = h.sent[1]!;
    expect(beacon.via).toBe('beacon');
    expect(beacon.sig).toBe(expectedSig(beacon.payload));
    expect(beacon.batch.events).toEqual([
      expect.objectContaining({ event: 'webpay_page_time', page_duration: 2001 }),
    ]);
    expect(beacon.batch.nonce).not.toBe(h.sent[0]!.batch.nonce);
    expect(h.sender.pendingCount()).toBe(0);
  });

  it('renews the key when the collector says the signature is invalid, then resends', async () => {
    const h = harness({ outcomes: ['renew', 'ok'] });
    h.sender.accept(h.event());
    await h.sender.flush();
    expect(h.sessions()).toBe(1);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS * 2);
    expect(h.sessions()).toBe(2);
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]!.batch.sid).toBe('1767229200.session2');
    expect(h.sent[1]!.batch.events).toEqual(h.sent[0]!.batch.events);
    expect(h.sender.pendingCount()).toBe(0);
  });

  it('asks for a new key when the page signs in or out (a key belongs to one account)', async () => {
    const h = harness();
    h.sender.accept(h.event());
    await h.sender.flush();
    h.sender.accept(h.event());
    await h.sender.flush();
    expect(h.sessions()).toBe(1);
    h.setAccount(42);
    h.sender.accept(h.event());
    await h.sender.flush();
    expect(h.sessions()).toBe(2);
    expect(h.sent[2]!.batch).toMatchObject({ sid: '1767229200.session2', account_id: 42 });
    h.setAccount(undefined);
    h.sender.accept(h.event());
    await h.sender.flush();
    expect(h.sessions()).toBe(3);
    expect(h.sent[3]!.batch.sid).toBe('1767229200.session3');
    expect(h.sent[3]!.batch).not.toHaveProperty('account_id');
  });

  it('renews the key shortly before it expires', async () => {
    const h = harness();
    h.sender.accept(h.event());
    await h.sender.flush();
    vi.setSystemTime(NOW + 3600_000);
    h.sender.accept(h.event());
    await h.sender.flush();
    expect(h.sessions()).toBe(2);
  });
});

describe('failures and bounds', () => {
  it(`gives an event up after ${MAX_TRIES} failed sends and drops refused batches`, async () => {
    const h = harness({ outcomes: ['retry', 'retry', 'retry', 'drop'] });
    h.sender.accept(h.event());
    for (let i = 0; i < 6; i++) await vi.advanceTimersByTimeAsync(60_000);
    expect(h.sent).toHaveLength(MAX_TRIES);
    expect(h.sender.pendingCount()).toBe(0);
    h.sender.accept(h.event());
    await h.sender.flush();
    expect(h.sent).toHaveLength(MAX_TRIES + 1);
    expect(h.sender.pendingCount()).toBe(0);
  });

  it(`keeps at most ${QUEUE_MAX} events while nothing can be sent, the newest`, () => {
    const h = harness({ deviceId: null });
    for (let i = 0; i < QUEUE_MAX + 50; i++) h.sender.accept(h.event());
    expect(h.sender.pendingCount()).toBe(QUEUE_MAX);
  });

  it('keeps events when the network fails and sends them later', async () => {
    const h = harness();
    h.requestSession.mockRejectedValueOnce(new Error('offline'));
    h.sender.accept(h.event());
    await h.sender.flush();
    expect(h.sent).toHaveLength(0);
    expect(h.sender.pendingCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS * 2);
    expect(h.sent).toHaveLength(1);
  });

  it('never sends a field outside the contract or a query in page', async () => {
    const h = harness();
    const odd = {
      ...h.event('click_button', {
        type: 'pay',
        password: 'hunter2',
      }),
      page: '/login?hctoken=secret#x',
    };
    h.sender.accept(odd);
    await h.sender.flush();
    expect(h.sent[0]!.payload).not.toContain('hunter2');
    expect(h.sent[0]!.payload).not.toContain('secret');
    expect(h.sent[0]!.batch.events[0]).toMatchObject({ page: '/login', type: 'pay' });
  });
});
