// Analytics: docs/product/analytics.md#events (names, web payment prefix, fields),
// docs/product/analytics.md#when-events-are-logged (Apple sign-in return, after initialisation;
// page stay >= 2000 ms, in ms rounded up; default traffic source organic),
// docs/product/analytics.md#sending (posted to the configured logger URL as a signed request). The signing scheme and its threat model: ADR 0022 and docs/analytics.md.
//
// Flow: the page asks our server for a per-session key (analyticsSession), then posts batches
// to gameInfo.customConfig.loggerUrl (default: our own analyticsCollect). A batch travels as
// `{ payload, sig }`: `payload` is the JSON text of an AnalyticsBatch, `sig` is
// base64url(HMAC-SHA256(key, payload)). The server re-derives the key from the secret, the sid
// and the batch's device_id, so any node (or an external logger holding the secret) verifies a
// batch without shared state; (sid, nonce) is accepted once and ts must be within
// ANALYTICS_TIMESTAMP_TOLERANCE_S of the receiver's clock.
import { z } from 'zod';
import { defineCall } from './call';
import { numericId, unixSeconds } from './common';
import { builtOnFirstUse } from './lazy';

/** docs/product/analytics.md#events: "All are prefixed with a web payment prefix." Ours is `webpay_` (ADR 0022). */
export const ANALYTICS_EVENT_PREFIX = 'webpay_';

/** docs/product/analytics.md#events event names, without the prefix. */
export const ANALYTICS_EVENTS = [
  'show_page',
  'close_pop',
  'click_page',
  'click_button',
  'click_pop',
  'buy_done',
  'show_pop',
  'login_result',
  'buy_request',
  'loading_page',
  'page_time',
  'user_info',
] as const;
export type AnalyticsEventBaseName = (typeof ANALYTICS_EVENTS)[number];
export type AnalyticsEventName = `${typeof ANALYTICS_EVENT_PREFIX}${AnalyticsEventBaseName}`;

export function prefixedEventName(name: AnalyticsEventBaseName): AnalyticsEventName {
  return `${ANALYTICS_EVENT_PREFIX}${name}`;
}

export const analyticsEventNameSchema = builtOnFirstUse(() =>
  z.enum(ANALYTICS_EVENTS.map(prefixedEventName) as [AnalyticsEventName, ...AnalyticsEventName[]]),
);

// PAGE_STAY_MIN_MS (docs/product/constants.md#layout-and-timing) (2000) and DEFAULT_TRAFFIC_SOURCE ('organic') live in constants.ts.

/** Limits the collector enforces (and the tracker respects). */
export const ANALYTICS_LIMITS = {
  /** Events in one batch. */
  maxEvents: 50,
  /** Characters of `payload` (the batch JSON). */
  maxPayloadChars: 32_768,
  /** A batch's ts must be within this many seconds of the receiver's clock. */
  timestampToleranceS: 300,
  /** Longest duration field accepted (24 h in ms). */
  maxDurationMs: 86_400_000,
} as const;

/** Device ids are the web's stored device id (a UUID, or a time+random fallback). */
export const analyticsDeviceIdSchema = builtOnFirstUse(() =>
  z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'device id: 8-64 of A-Z a-z 0-9 _ -'),
);

const token = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_.:\-/]+$/, 'letters, digits and _ . : - / only')
    // a run of 9+ digits looks like a phone, card or ID number, never a name.
    .refine((v) => !/\d{9}/.test(v), 'no run of 9 or more digits');

/** An http(s) URL reduced to origin + path: no user:password@, no query, no fragment. */
function isBareUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.username === '' && u.password === '' && u.search === '' && u.hash === '';
  } catch {
    return false;
  }
}
const durationMs = builtOnFirstUse(() =>
  z.number().int().nonnegative().max(ANALYTICS_LIMITS.maxDurationMs),
);

/**
 * One event (docs/product/analytics.md#events fields). Strict: an unknown field is a malformed event, so nothing but
 * these fields can ever be stored (no passwords, codes, tokens or real-name data).
 */
export const analyticsEventSchema = builtOnFirstUse(() =>
  z.strictObject({
    event: analyticsEventNameSchema,
    /** Order of the event within the page session (0, 1, 2, ...). */
    seq: z.number().int().nonnegative().max(1_000_000_000),
    /** When it happened (client clock corrected by the server offset), Unix seconds. */
    ts: unixSeconds,
    /** Route path only, never a query string or fragment, e.g. `/main/recharge`. */
    page: z
      .string()
      .min(1)
      .max(200)
      .regex(/^\/[A-Za-z0-9/_\-.]*$/, 'a path without query or fragment'),
    /** page_time: the stay in ms, rounded up, >= PAGE_STAY_MIN_MS. */
    page_duration: durationMs.optional(),
    /** What was shown/clicked/bought: a popup name, a button name, `game_pack`, `hc_point`, ... */
    type: token(64).optional(),
    /** The game server (region) id chosen for a buy, when there is one. */
    region: token(64).optional(),
    result: z.enum(['success', 'fail']).optional(),
    /** Traffic source from the landing URL (docs/analytics.md), else `organic`. */
    trafficsource: token(64).optional(),
    /** The referring page, reduced to origin + path (no query), when there is one. */
    trafficsource_link: z
      .url({ protocol: /^https?$/ })
      .max(512)
      .refine(isBareUrl, 'origin and path only: no credentials, query or fragment')
      .optional(),
    /** Navigation Timing: responseEnd - requestStart, ms. */
    loading_request_time: durationMs.optional(),
    /** Navigation Timing: loadEventEnd (or domContentLoadedEventEnd) - startTime, ms. */
    loading_time: durationMs.optional(),
  }),
);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/**
 * The signed batch (the JSON text in `payload`). `events` is checked event by event, so a bad
 * event is rejected alone and the rest of its batch is stored.
 */
export const analyticsBatchSchema = builtOnFirstUse(() =>
  z.strictObject({
    v: z.literal(1),
    sid: z.string().min(10).max(200),
    device_id: analyticsDeviceIdSchema,
    /** 16-64 base64url characters, new for every batch. */
    nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
    ts: unixSeconds,
    /** The page's language tag, e.g. `en-US`. */
    lang: z
      .string()
      .max(16)
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/, 'a language tag such as en-US')
      .optional(),
    game_id: numericId.optional(),
    /** The signed-in portal account, when there is one (user_info). */
    account_id: numericId.optional(),
    events: z.array(z.unknown()).min(1).max(ANALYTICS_LIMITS.maxEvents),
  }),
);
export type AnalyticsBatch = Omit<z.infer<typeof analyticsBatchSchema>, 'events'> & {
  events: AnalyticsEvent[];
};

export const analyticsSessionBodySchema = builtOnFirstUse(() =>
  z.object({ device_id: analyticsDeviceIdSchema }),
);
export const analyticsSessionResultSchema = builtOnFirstUse(() =>
  z.object({
    sid: z.string(),
    /** base64url of the 32-byte HMAC key for this sid and device. */
    key: z.string(),
    expires_at: unixSeconds,
    /** The server's clock, so the page can correct its own. */
    server_ts: unixSeconds,
  }),
);
export type AnalyticsSession = z.infer<typeof analyticsSessionResultSchema>;

export const analyticsSession = defineCall({
  path: '/api/analytics/session',
  method: 'POST',
  auth: 'optional',
  body: () => analyticsSessionBodySchema,
  result: () => analyticsSessionResultSchema,
  summary: 'A per-session analytics signing key for this device (ADR 0022)',
  spec: 'docs/product/analytics.md#sending',
  tag: 'analytics',
  chosen:
    'The signature was left open (docs/product/analytics.md#sending). key = HMAC-SHA256(secret, "hc-analytics-v1|" + sid + ' +
    '"|" + device_id); sid = "<expires_at>.<random>". Rate-limited per IP, 120 a minute ' +
    '(TooManyRequests).',
});

export const analyticsCollectBodySchema = builtOnFirstUse(() =>
  z.object({
    payload: z.string().min(2).max(ANALYTICS_LIMITS.maxPayloadChars),
    sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'base64url HMAC-SHA256'),
  }),
);
export const analyticsCollectResultSchema = builtOnFirstUse(() =>
  z.object({
    accepted: z.number().int().nonnegative(),
    rejected: z.array(
      z.object({
        index: z.number().int().nonnegative(),
        reason: z.string().max(200),
      }),
    ),
  }),
);
export type AnalyticsCollectResult = z.infer<typeof analyticsCollectResultSchema>;

export const analyticsCollect = defineCall({
  path: '/api/analytics/collect',
  method: 'POST',
  auth: 'none',
  body: () => analyticsCollectBodySchema,
  result: () => analyticsCollectResultSchema,
  summary:
    'The built-in collector: a signed batch of docs/product/analytics.md#events events (JSON; also accepted as text/plain ' +
    'for sendBeacon)',
  spec: 'docs/product/analytics.md#events, docs/product/analytics.md#sending',
  tag: 'analytics',
  chosen:
    'payload = JSON text of a batch {v, sid, device_id, nonce, ts, lang?, game_id?, account_id?, ' +
    'events}; sig = base64url(HMAC-SHA256(key, payload)). Bad signature or expired sid → ' +
    'AnalyticsSignatureInvalid; ts outside ±300 s or a (sid, nonce) seen before → ' +
    'AnalyticsReplay; malformed payload → InvalidParams; payload over ' +
    `${ANALYTICS_LIMITS.maxPayloadChars} characters or over ${ANALYTICS_LIMITS.maxEvents} ` +
    'events → PayloadTooLarge; over the per-device rate → ' +
    'TooManyRequests. Bad events are listed in `rejected`, the rest are stored.',
});
