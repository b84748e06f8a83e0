// The built-in analytics collector (docs/product/analytics.md#events, docs/product/analytics.md#sending; ADR 0022, 0032).
// A batch is checked in this order, cheapest and stateless first, so junk never reaches the
// database: payload size -> JSON -> batch envelope -> sid expiry and signature -> timestamp
// window -> events per client IP -> the sid was handed out by the session call, for this
// device (else AnalyticsSignatureInvalid, so the page fetches a new key) -> events per session
// -> batches per device -> (sid, nonce) once -> each event. Valid events of a batch are stored
// in one multi-row insert in the same transaction as its nonce; invalid ones are listed in
// `rejected` (index and a short reason, never the value).
//
// The account is the one of the portal session that asked for the key (the session call's
// `token`), never the batch's word: a batch may leave account_id out (stored without one) or
// repeat the session's account; claiming any other account refuses the batch.
import {
  ANALYTICS_LIMITS,
  analyticsBatchSchema,
  analyticsEventSchema,
  ErrorCode,
  type AnalyticsCollectResult,
  type AnalyticsEvent,
  type AnalyticsSession,
  toUnixSeconds,
} from '@hc/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Config } from '../../config';
import type { AnalyticsEventsTable, DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type Clock } from '../../lib/clock';

import type { RateCounter } from '../../lib/rate-counter';
import { refuseNul } from '../../plugins/input-guard';
import { createAnalyticsRepository } from './analytics.repository';
import { deriveSessionKey, newSid, verifyBatchSignature } from './analytics.signing';

/**
 * Session keys handed out per client IP per minute. A page asks once per full load, and many
 * players can share one address (NAT, a proxy, a browser test suite), so this is generous: it
 * bounds how fast one address mints device identities, not how many players it has (ADR 0022).
 */
export const ANALYTICS_SESSIONS_PER_IP_PER_MINUTE = 120;

type ZodIssueLike = {
  code: string;
  path: ReadonlyArray<PropertyKey>;
  message: string;
  keys?: readonly string[];
};

/** What is wrong, never the value (zod 4's messages name the expectation, not the input). */
function issueText(issue: ZodIssueLike): string {
  if (issue.code === 'unrecognized_keys') {
    const names = (issue.keys ?? []).map((k) => (/^[A-Za-z0-9_]{1,40}$/.test(k) ? k : '?'));
    return `unknown field: ${names.join(', ')}`;
  }
  // An enum's message lists every allowed value: too long for a reason.
  return issue.code === 'invalid_value' ? 'not an allowed value' : issue.message;
}

/** A short reason for a rejected event: the field and what is wrong (<= 200 characters). */
export function rejectionReason(issue: ZodIssueLike | undefined): string {
  if (issue === undefined) return 'invalid event';
  if (issue.code === 'unrecognized_keys') return issueText(issue).slice(0, 200);
  return `${issue.path.map(String).join('.') || 'event'}: ${issueText(issue)}`.slice(0, 200);
}

export interface StoredAnalyticsEvent extends AnalyticsEvent {
  id: number;
  device_id: string;
  sid: string;
  game_id?: number;
  account_id?: number;
  lang?: string;
  received_at: number;
}

/** Why a batch's session is refused (AnalyticsSignatureInvalid's data.reason). */
export type SessionRefusal = 'unknown_session' | 'account_mismatch';

export function createAnalyticsService(deps: {
  db: Kysely<DB>;
  config: Config;
  clock: Clock;
  rate: RateCounter;
}) {
  const { db, config, clock, rate } = deps;
  const repo = createAnalyticsRepository(db);
  const tolerance = ANALYTICS_LIMITS.timestampToleranceS;
  const sessionSeconds = config.analytics.sessionHours * 3600;

  async function limit(bucket: string, max: number, by = 1): Promise<void> {
    const hit = await rate.hit(bucket, by);
    if (hit.count > max)
      throw new AppError(ErrorCode.TooManyRequests, { retry_after: hit.resetInS });
  }

  return {
    /**
     * POST /api/analytics/session: a key for (new sid, device), rate-limited per IP. The sid is
     * recorded with the device and the signed-in account (`accountId`, from the request's
     * portal session), so the collector accepts batches of issued sessions only.
     */
    async issueSession(
      deviceId: string,
      ip: string,
      accountId: number | null = null,
    ): Promise<AnalyticsSession> {
      await limit(`ip:${ip}`, ANALYTICS_SESSIONS_PER_IP_PER_MINUTE);
      const now = clock.now();
      const nowS = toUnixSeconds(now);
      const expiresAt = nowS + sessionSeconds;
      const sid = newSid(expiresAt);
      await repo.insertSession({
        sid,
        device_id: deviceId,
        account_id: accountId,
        created_at: now,
        expires_at: new Date(expiresAt * 1000),
      });
      const key = deriveSessionKey(config.analytics.signingSecret, sid, deviceId);
      return { sid, key: key.toString('base64url'), expires_at: expiresAt, server_ts: nowS };
    },

    /** POST /api/analytics/collect: one signed batch from client address `ip`. */
    async collect(
      body: { payload: string; sig: string },
      ip: string,
    ): Promise<AnalyticsCollectResult> {
      if (body.payload.length > ANALYTICS_LIMITS.maxPayloadChars)
        throw new AppError(ErrorCode.PayloadTooLarge, { limit: ANALYTICS_LIMITS.maxPayloadChars });
      let raw: unknown;
      try {
        raw = JSON.parse(body.payload);
      } catch {
        throw new AppError(ErrorCode.InvalidParams, {
          issues: [{ path: 'payload', message: 'payload is not valid JSON' }],
        });
      }
      // Events are stored as jsonb, which refuses NUL characters.
      refuseNul(raw, 'payload');
      const events = (raw as { events?: unknown } | null)?.events;
      if (Array.isArray(events) && events.length > ANALYTICS_LIMITS.maxEvents)
        throw new AppError(ErrorCode.PayloadTooLarge, { max_events: ANALYTICS_LIMITS.maxEvents });
      const parsed = analyticsBatchSchema.safeParse(raw);
      if (!parsed.success)
        throw new AppError(ErrorCode.InvalidParams, {
          issues: parsed.error.issues.slice(0, 10).map((i) => ({
            path: ['payload', ...i.path.map(String)].join('.'),
            message: issueText(i),
          })),
        });
      const batch = parsed.data;
      const now = clock.now();
      const nowS = toUnixSeconds(now);
      const signed = verifyBatchSignature({
        secret: config.analytics.signingSecret,
        sid: batch.sid,
        deviceId: batch.device_id,
        payload: body.payload,
        sig: body.sig,
        nowS,
      });
      if (!signed) throw new AppError(ErrorCode.AnalyticsSignatureInvalid);
      if (Math.abs(batch.ts - nowS) > tolerance)
        throw new AppError(ErrorCode.AnalyticsReplay, { server_ts: nowS });
      const eventCount = batch.events.length;
      await limit(`collect-ip:${ip}`, config.analytics.ipEventsPerMinute, eventCount);
      // Only keys the session call handed out count: a key derived by anyone else who holds
      // the secret (an external logger, a leak, the published development value) is refused.
      const session = await repo.sessionBySid(batch.sid);
      if (
        session === undefined ||
        session.device_id !== batch.device_id ||
        new Date(session.expires_at).getTime() <= now.getTime()
      )
        throw new AppError(ErrorCode.AnalyticsSignatureInvalid, {
          reason: 'unknown_session' satisfies SessionRefusal,
        });
      const sessionAccount = session.account_id === null ? null : Number(session.account_id);
      if (batch.account_id !== undefined && batch.account_id !== sessionAccount)
        throw new AppError(ErrorCode.AnalyticsSignatureInvalid, {
          reason: 'account_mismatch' satisfies SessionRefusal,
        });
      const accountId = batch.account_id === undefined ? null : sessionAccount;
      await limit(`sid:${batch.sid}`, config.analytics.sessionEventsPerMinute, eventCount);
      await limit(`device:${batch.device_id}`, config.analytics.deviceBatchesPerMinute);

      // Events may be older than the batch (queued while the page was open), but not older than
      // a session can live, and not from the future.
      const oldest = batch.ts - sessionSeconds - tolerance;
      const newest = batch.ts + tolerance;
      const rows: Array<Insertable<AnalyticsEventsTable>> = [];
      const rejected: AnalyticsCollectResult['rejected'] = [];
      batch.events.forEach((item, index) => {
        const ev = analyticsEventSchema.safeParse(item);
        if (!ev.success) {
          rejected.push({ index, reason: rejectionReason(ev.error.issues[0]) });
          return;
        }
        const e = ev.data;
        if (e.ts < oldest || e.ts > newest) {
          rejected.push({ index, reason: "ts: outside the batch's session window" });
          return;
        }
        rows.push({
          received_at: now,
          event_at: new Date(e.ts * 1000),
          device_id: batch.device_id,
          sid: batch.sid,
          seq: e.seq,
          event: e.event,
          page: e.page,
          page_duration: e.page_duration ?? null,
          type: e.type ?? null,
          region: e.region ?? null,
          result: e.result ?? null,
          trafficsource: e.trafficsource ?? null,
          trafficsource_link: e.trafficsource_link ?? null,
          loading_request_time: e.loading_request_time ?? null,
          loading_time: e.loading_time ?? null,
          game_id: batch.game_id ?? null,
          account_id: accountId,
          lang: batch.lang ?? null,
        });
      });

      await db.transaction().execute(async (trx) => {
        const batchRepo = createAnalyticsRepository(trx);
        const fresh = await batchRepo.insertNonce(batch.sid, batch.nonce, now);
        if (!fresh) throw new AppError(ErrorCode.AnalyticsReplay);
        if (rows.length > 0) await batchRepo.insertEvents(rows);
      });
      return { accepted: rows.length, rejected };
    },

    /** The dev-only read route (GET /dev/analytics.json): a device's events in order. */
    async eventsOfDevice(deviceId: string): Promise<StoredAnalyticsEvent[]> {
      const rows = await repo.eventsOfDevice(deviceId);
      return rows.map((r) => {
        const out: Record<string, unknown> = {
          id: Number(r.id),
          event: r.event,
          seq: r.seq,
          ts: toUnixSeconds(r.event_at),
          page: r.page,
          device_id: r.device_id,
          sid: r.sid,
          received_at: toUnixSeconds(r.received_at),
        };
        const optional = {
          page_duration: r.page_duration,
          type: r.type,
          region: r.region,
          result: r.result,
          trafficsource: r.trafficsource,
          trafficsource_link: r.trafficsource_link,
          loading_request_time: r.loading_request_time,
          loading_time: r.loading_time,
          game_id: r.game_id,
          account_id: r.account_id === null ? null : Number(r.account_id),
          lang: r.lang,
        };
        for (const [k, v] of Object.entries(optional)) if (v !== null) out[k] = v;
        return out as unknown as StoredAnalyticsEvent;
      });
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
