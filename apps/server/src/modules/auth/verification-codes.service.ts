// Verification codes (docs/product/sign-in.md#verification-codes): 6 digits, valid 10 minutes, single use, bound to
// channel + destination + purpose, stored as an HMAC. 5 wrong tries kill a code; a new code
// supersedes older ones.
//
// Send limits, on the shared throttle (lib/throttle.ts, ADR 0028) so they hold across nodes and
// under concurrency. They slow an attacker without locking the owner out: the sender's IP
// carries most of the weight, the windows are short, and no limit needs a captcha.
// - Cool-down: 1 send per 60 s per destination and sender IP.
// - Per destination and sender IP: 3 sends per 15 minutes.
// - Per sender IP, any destination: 20 sends per hour.
// - Per destination from all IPs: 10 sends per 3 hours (the SMS / mail budget). An IP that
//   signed in to the destination's account before (login throttle's trusted IPs) is not held
//   by this cap, so spreading sends over many IPs cannot keep the owner from a code.
// - A successful sign-in clears the account's email and phone counters (the overall cap and
//   the signing-in IP's own); a successful code check clears the destination's overall cap.
// Every refusal is AuthCodeSendTooFrequently with data.retry_after (seconds). An unknown
// destination gets the same answer and counts against the same limits, but nothing is sent
// or stored (no account enumeration).
//
// The mail and SMS are in the request's language (the call's `language`; texts `code.*` of the
// message catalogue, src/messages), en-US for an unknown one (docs/product/languages.md).
import { createHmac, randomInt } from 'node:crypto';
import { ErrorCode } from '@hc/contract';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mail';
import type { SmsSender } from '../../adapters/sms/sms';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { createThrottle, type ThrottleRule } from '../../lib/throttle';
import { formatMessage, messagesFor } from '../../messages';
import { createVerificationCodesRepository } from './verification-codes.repository';

export type CodeChannel = 'email' | 'phone';
export type CodePurpose = 'login' | 'reset' | 'signup' | 'contact';

export const CODE_POLICY = {
  ttlMs: 10 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 60_000,
  perDestinationIpWindowMs: 15 * 60_000,
  perDestinationIp: 3,
  perIpWindowMs: 3_600_000,
  perIp: 20,
  perDestinationWindowMs: 3 * 3_600_000,
  perDestination: 10,
} as const;

/** Throttle buckets of the send limits. */
const destBucket = (channel: CodeChannel, dest: string) => `code:dest:${channel}:${dest}`;
const destIpBucket = (channel: CodeChannel, dest: string, ip: string) =>
  `code:dest-ip:${channel}:${dest}:${ip}`;

export interface SendRequest {
  channel: CodeChannel;
  destination: string;
  purpose: CodePurpose;
  ip: string;
  /** Whether an account has this destination; false -> counted but nothing stored or sent. */
  known: boolean;
  /** The sender's IP signed in to the destination's account before: no overall cap. */
  trustedIp?: boolean;
  /** Language of the mail or SMS (any tag; en-US when absent or unknown). */
  language?: string;
}

/** The answer to every accepted send, known destination or not. */
const SENT = {
  resend_after: CODE_POLICY.resendAfterMs / 1000,
  expires_in: CODE_POLICY.ttlMs / 1000,
} as const;

export interface CodeServiceDeps {
  db: Kysely<DB>;
  /** Secret for the code HMAC (CODE_HASH_SECRET; never the public payload key). */
  pepper: string;
  mailer: Mailer | undefined;
  sms: SmsSender | undefined;
  log: FastifyBaseLogger;
  clock?: Clock;
}

/** Emails compare case-insensitively; phones arrive in E.164. */
export function normaliseDestination(channel: CodeChannel, destination: string): string {
  return channel === 'email' ? destination.trim().toLowerCase() : destination.trim();
}

export function createVerificationCodeService(deps: CodeServiceDeps) {
  const clock = deps.clock ?? systemClock;
  const { db } = deps;
  const hmac = (channel: CodeChannel, dest: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', deps.pepper)
      .update(`${channel}\n${dest}\n${purpose}\n${code}`)
      .digest('hex');

  const throttle = createThrottle({ db, clock });
  const codes = createVerificationCodesRepository(db);

  /** The send limits of one request (the policy at the top of this file). */
  function sendRules(req: SendRequest, dest: string): ThrottleRule[] {
    const P = CODE_POLICY;
    const pair = destIpBucket(req.channel, dest, req.ip);
    const rules: ThrottleRule[] = [
      { bucket: pair, limit: 1, windowMs: P.resendAfterMs },
      { bucket: pair, limit: P.perDestinationIp, windowMs: P.perDestinationIpWindowMs },
      { bucket: `code:ip:${req.ip}`, limit: P.perIp, windowMs: P.perIpWindowMs },
    ];
    if (req.trustedIp !== true)
      rules.push({
        bucket: destBucket(req.channel, dest),
        limit: P.perDestination,
        windowMs: P.perDestinationWindowMs,
      });
    return rules;
  }

  async function deliver(
    channel: CodeChannel,
    to: string,
    code: string,
    language: string | undefined,
  ): Promise<void> {
    const t = messagesFor(language);
    const values = { code, minutes: CODE_POLICY.ttlMs / 60_000 };
    if (channel === 'email') {
      await deps.mailer?.send({
        to,
        subject: t['code.mailSubject'],
        text: formatMessage(t['code.mailText'], values),
      });
    } else {
      await deps.sms?.send({ to, body: formatMessage(t['code.sms'], values) });
    }
  }

  return {
    async send(req: SendRequest): Promise<{ resend_after: number; expires_in: number }> {
      const sender = req.channel === 'email' ? deps.mailer : deps.sms;
      if (sender === undefined) {
        deps.log.error(
          { channel: req.channel },
          req.channel === 'email'
            ? 'cannot send a verification code: SMTP_URL is not set and DEV_OUTBOX is off'
            : 'cannot send a verification code: Twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, SMS_FROM) is not set and DEV_OUTBOX is off',
        );
        throw new AppError(ErrorCode.SystemBusy);
      }
      const dest = normaliseDestination(req.channel, req.destination);
      // Counted and recorded atomically before anything is stored or sent (known or not).
      await throttle.take(sendRules(req, dest), { error: ErrorCode.AuthCodeSendTooFrequently });
      if (!req.known) return SENT;
      const now = clock.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await codes.insert({
        channel: req.channel,
        destination: dest,
        purpose: req.purpose,
        code_hash: hmac(req.channel, dest, req.purpose, code),
        ip: req.ip,
        created_at: now,
        expires_at: new Date(now.getTime() + CODE_POLICY.ttlMs),
      });
      await deliver(req.channel, req.destination.trim(), code, req.language);
      return SENT;
    },

    /**
     * True and the code is used up when it matches the newest live code for this channel,
     * destination and purpose; false otherwise (a wrong try counts toward the 5).
     */
    async verify(
      channel: CodeChannel,
      destination: string,
      purpose: CodePurpose,
      code: string,
    ): Promise<boolean> {
      const dest = normaliseDestination(channel, destination);
      const now = clock.now();
      const latest = await codes.latest(channel, dest, purpose);
      if (
        latest === undefined ||
        latest.used_at !== null ||
        latest.expires_at <= now ||
        latest.attempts >= CODE_POLICY.maxAttempts
      )
        return false;
      if (/^\d{6}$/.test(code) && latest.code_hash === hmac(channel, dest, purpose, code)) {
        const used = await codes.markUsed(latest.id, now, CODE_POLICY.maxAttempts);
        if (!used) return false;
        // The owner has the code: sends to this destination no longer wait on the overall cap.
        await throttle.clear([destBucket(channel, dest)]);
        return true;
      }
      await codes.addAttempt(latest.id);
      return false;
    },

    /**
     * After a successful sign-in from `ip`: forgets the send counters of the account's email and
     * phone (the overall cap, and this IP's own counter for them).
     */
    async clearSendLimits(
      account: { email: string | null; phone: string | null },
      ip: string,
    ): Promise<void> {
      const buckets: string[] = [];
      for (const [channel, value] of [
        ['email', account.email],
        ['phone', account.phone],
      ] as const) {
        if (value === null) continue;
        const dest = normaliseDestination(channel, value);
        buckets.push(destBucket(channel, dest), destIpBucket(channel, dest, ip));
      }
      await throttle.clear(buckets);
    },
  };
}

export type VerificationCodeService = ReturnType<typeof createVerificationCodeService>;
