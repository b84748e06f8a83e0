// Verification codes (SPEC §5, issue 3): 6 digits, valid 10 minutes, single use, bound to
// channel + destination + purpose, stored as an HMAC. 5 wrong tries kill a code; a new code
// supersedes older ones. Send limits (counted from the table itself, so they hold across
// nodes without Redis): 1 per destination per 60 s, 5 per destination per 24 h, 20 per IP per
// hour. An unknown destination gets the same answer and counts against the same limits, but
// nothing is sent (no account enumeration).
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { ErrorCode } from '@hc/contract';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mail';
import type { SmsSender } from '../../adapters/sms/sms';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';

export type CodeChannel = 'email' | 'phone';
export type CodePurpose = 'login' | 'reset';

export const CODE_POLICY = {
  ttlMs: 10 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 60_000,
  perDestinationPerDay: 5,
  perIpPerHour: 20,
} as const;

// Advisory-lock key spaces (first int4 of the two-key form) for send-limit checks.
const LOCK_DEST = 7_140_301;
const LOCK_IP = 7_140_302;

export interface SendRequest {
  channel: CodeChannel;
  destination: string;
  purpose: CodePurpose;
  ip: string;
  /** Whether an account has this destination; false -> recorded but not sent. */
  known: boolean;
}

export interface CodeServiceDeps {
  db: Kysely<DB>;
  /** Secret for the code HMAC (the payload key serves). */
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

export function createCodeService(deps: CodeServiceDeps) {
  const clock = deps.clock ?? systemClock;
  const { db } = deps;
  const hmac = (channel: CodeChannel, dest: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', deps.pepper)
      .update(`${channel}\n${dest}\n${purpose}\n${code}`)
      .digest('hex');

  /**
   * Milliseconds until one more send fits `limit` sends per `windowMs` (0 = it fits now): the
   * oldest of the newest `limit` rows in the window must leave it first.
   */
  async function waitMs(
    exec: Kysely<DB>,
    column: 'destination' | 'ip',
    value: string,
    now: number,
    windowMs: number,
    limit: number,
    channel?: CodeChannel,
  ): Promise<number> {
    let q = exec
      .selectFrom('verification_codes')
      .select('created_at')
      .where(column, '=', value)
      .where('created_at', '>', new Date(now - windowMs));
    if (channel !== undefined) q = q.where('channel', '=', channel);
    const rows = await q.orderBy('created_at', 'desc').limit(limit).execute();
    const oldest = rows[limit - 1];
    return oldest === undefined ? 0 : new Date(oldest.created_at).getTime() + windowMs - now;
  }

  async function deliver(channel: CodeChannel, to: string, code: string): Promise<void> {
    const text = `Your verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
    if (channel === 'email') {
      await deps.mailer?.send({ to, subject: 'Your verification code', text });
    } else {
      await deps.sms?.send({ to, body: text });
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
      const now = clock.now();
      const ms = now.getTime();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // Unknown destination: a hash no code can match, so the row only feeds the limits.
      const codeHash = req.known
        ? hmac(req.channel, dest, req.purpose, code)
        : `none:${randomBytes(16).toString('hex')}`;
      // Check and record under transaction-scoped advisory locks on the destination and the
      // IP (two key spaces, always in this order), so concurrent sends on any node cannot
      // both pass a limit. Delivery happens after commit, outside the locks.
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${LOCK_DEST}, hashtext(${`${req.channel}:${dest}`}))`.execute(
          trx,
        );
        await sql`select pg_advisory_xact_lock(${LOCK_IP}, hashtext(${req.ip}))`.execute(trx);
        const wait = Math.max(
          await waitMs(trx, 'destination', dest, ms, CODE_POLICY.resendAfterMs, 1, req.channel),
          await waitMs(
            trx,
            'destination',
            dest,
            ms,
            86_400_000,
            CODE_POLICY.perDestinationPerDay,
            req.channel,
          ),
          await waitMs(trx, 'ip', req.ip, ms, 3_600_000, CODE_POLICY.perIpPerHour),
        );
        // data.retry_after: seconds until a send fits again (like the login and gift-code limits).
        if (wait > 0)
          throw new AppError(ErrorCode.AuthCodeSendTooFrequently, {
            retry_after: Math.max(1, Math.ceil(wait / 1000)),
          });
        await trx
          .insertInto('verification_codes')
          .values({
            channel: req.channel,
            destination: dest,
            purpose: req.purpose,
            code_hash: codeHash,
            ip: req.ip,
            created_at: now,
            expires_at: new Date(ms + CODE_POLICY.ttlMs),
          })
          .execute();
      });
      if (req.known) await deliver(req.channel, req.destination.trim(), code);
      return {
        resend_after: CODE_POLICY.resendAfterMs / 1000,
        expires_in: CODE_POLICY.ttlMs / 1000,
      };
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
      const latest = await db
        .selectFrom('verification_codes')
        .select(['id', 'code_hash', 'attempts', 'used_at', 'expires_at'])
        .where('channel', '=', channel)
        .where('destination', '=', dest)
        .where('purpose', '=', purpose)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (
        latest === undefined ||
        latest.used_at !== null ||
        latest.expires_at <= now ||
        latest.attempts >= CODE_POLICY.maxAttempts
      )
        return false;
      if (/^\d{6}$/.test(code) && latest.code_hash === hmac(channel, dest, purpose, code)) {
        const used = await db
          .updateTable('verification_codes')
          .set({ used_at: now })
          .where('id', '=', latest.id)
          .where('used_at', 'is', null)
          .where('attempts', '<', CODE_POLICY.maxAttempts)
          .returning('id')
          .executeTakeFirst();
        return used !== undefined;
      }
      await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', latest.id)
        .execute();
      return false;
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
