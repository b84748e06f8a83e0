// TOTP two-factor authentication of operators (docs/console.md#two-factor-authentication, ADR
// 0040) with otplib: RFC 6238, SHA-1, 6 digits, 30-second steps, one step of clock drift either
// way. The secret is encrypted under DATA_KEY (context `operator_totp:<id>`); the last accepted
// time step is stored, so a code is accepted once (no replay within its window). Ten recovery
// codes, each used once, are stored as HMAC-SHA256 under CODE_HASH_SECRET.
import { createHmac, randomInt } from 'node:crypto';
import { ErrorCode, toUnixSeconds } from '@hc/contract';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataCipher } from '../../lib/data-cipher';
import { createAuditRepository } from '../audit/audit.repository';
import { createConsoleSessionsRepository } from './console-sessions.repository';
import { createOperatorsRepository, type OperatorRow } from './operators.repository';

export const RECOVERY_CODE_COUNT = 10;
/** Seconds of drift accepted either way (one 30-second step). */
const TOLERANCE_SECONDS = 30;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const totpContext = (operatorId: number) => `operator_totp:${operatorId}`;

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

export function createTwoFactorService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  cipher: DataCipher;
  /** HMAC key of the stored recovery codes (CODE_HASH_SECRET). */
  pepper: string;
  /** The issuer shown in authenticator apps (SITE_TITLE). */
  issuer: string;
}) {
  const { db, clock, cipher } = deps;
  const recoveryHash = (code: string) =>
    createHmac('sha256', deps.pepper)
      .update(`operator-recovery:${code.trim().toLowerCase()}`)
      .digest('hex');

  /** The time step of a valid code for the secret, after `afterStep`; undefined otherwise. */
  async function checkCode(
    secret: string,
    code: string,
    afterStep: number | null,
  ): Promise<number | undefined> {
    if (!/^\d{6}$/.test(code)) return undefined;
    const result = await verify({
      secret,
      token: code,
      epoch: toUnixSeconds(clock.now()),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep !== null && { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  return {
    /** A new pending secret, its otpauth URL and QR code (SVG data URL). */
    async start(operator: OperatorRow) {
      if (operator.totpEnabledAt !== null) throw new AppError(ErrorCode.TwoFactorAlreadyEnabled);
      const secret = generateSecret();
      await createOperatorsRepository(db).setPendingTotp(
        operator.id,
        cipher.encrypt(secret, totpContext(operator.id)),
      );
      const otpauthUrl = generateURI({ issuer: deps.issuer, label: operator.name, secret });
      // Loaded when an operator enrols, not at every start.
      const QRCode = (await import('qrcode')).default;
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2 });
      return {
        secret,
        otpauthUrl,
        qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /**
     * Confirms enrolment with a first code: two-factor on, the enrolment-only limit lifted from
     * the operator's sessions, ten new recovery codes (answered once, stored hashed), audited.
     */
    async confirm(
      operator: OperatorRow,
      code: string,
      actor: { ip: string },
    ): Promise<{ recoveryCodes: string[] }> {
      if (operator.totpEnabledAt !== null) throw new AppError(ErrorCode.TwoFactorAlreadyEnabled);
      if (operator.totpSecretEnc === null) throw new AppError(ErrorCode.TwoFactorNotStarted);
      const secret = cipher.decrypt(operator.totpSecretEnc, totpContext(operator.id));
      const step = await checkCode(secret, code, null);
      if (step === undefined) throw new AppError(ErrorCode.ConsoleSecondFactorInvalid);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction().execute(async (trx) => {
        const operators = createOperatorsRepository(trx);
        const now = clock.now();
        if (!(await operators.enableTotp(operator.id, step, now)))
          throw new AppError(ErrorCode.TwoFactorAlreadyEnabled);
        await operators.replaceRecoveryCodes(operator.id, recoveryCodes.map(recoveryHash), now);
        await createConsoleSessionsRepository(trx).liftEnrolmentOnly(operator.id);
        await createAuditRepository(trx).append({
          actorKind: 'operator',
          actor: operator.name,
          ip: actor.ip,
          action: 'operator.two_factor.enable',
          target: `operator:${operator.id}`,
          before: { twoFactorEnabled: false },
          after: { twoFactorEnabled: true },
          at: now,
        });
      });
      return { recoveryCodes };
    },

    /**
     * A sign-in's second factor: a 6-digit code of a time step not used before, or an unused
     * recovery code (then used up). False when neither.
     */
    async check(operator: OperatorRow, code: string): Promise<boolean> {
      if (operator.totpSecretEnc === null || operator.totpEnabledAt === null) return false;
      const operators = createOperatorsRepository(db);
      const trimmed = code.trim();
      if (/^\d{6}$/.test(trimmed)) {
        const secret = cipher.decrypt(operator.totpSecretEnc, totpContext(operator.id));
        const step = await checkCode(secret, trimmed, operator.totpLastStep);
        return step !== undefined && (await operators.useTotpStep(operator.id, step));
      }
      return operators.useRecoveryCode(operator.id, recoveryHash(trimmed), clock.now());
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
