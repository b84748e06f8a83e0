// Gift-code redemption: the call, the client-side shape check (same rule as the
// server: normalised [A-Z0-9]{6,32}) and the translation key of each answer.
import { GIFT_CODE_PATTERN, api, normaliseGiftCode, type RedeemResult } from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import { errorTranslationKey, isApiError } from '../../../lib/api-error';
import { maintenanceMessageOf } from '../../../lib/maintenance-message';

export function redeemGiftCode(body: {
  code: string;
  server_id: number;
  role_id: string;
}): Promise<RedeemResult> {
  return callApi(api.redeemCode, body);
}

export function isWellFormedCode(raw: string): boolean {
  return GIFT_CODE_PATTERN.test(normaliseGiftCode(raw));
}

/** Answers with a redeem-specific message in the content namespace; others use errors:<Name>. */
const REDEEM_MESSAGES = [
  'RedeemCodeInvalid',
  'RedeemCodeUsed',
  'RedeemCodeExpired',
  'RedeemLimitReached',
  'RedeemWrongGame',
  'TooManyRequests',
  'RoleNotFound',
  'serverMaintenance',
] as const;

export interface RedeemErrorMessage {
  key: string;
  values?: Record<string, number>;
  /** Shown as written under the message: the operator's maintenance message. */
  detail?: string;
}

/** The message for a failed redemption (TooManyRequests says when to retry, if known). */
export function redeemErrorMessage(error: unknown): RedeemErrorMessage {
  const name = isApiError(error) ? error.key : undefined;
  if (name && (REDEEM_MESSAGES as readonly string[]).includes(name)) {
    if (name === 'TooManyRequests' && isApiError(error)) {
      const data = error.data as { retry_after?: unknown } | undefined;
      const seconds = typeof data?.retry_after === 'number' ? data.retry_after : null;
      if (seconds !== null && seconds > 0) {
        return {
          key: 'content:redeem.errors.TooManyRequestsWait',
          values: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
        };
      }
    }
    const detail = maintenanceMessageOf(error);
    return { key: `content:redeem.errors.${name}`, ...(detail !== undefined && { detail }) };
  }
  return { key: errorTranslationKey(error) };
}
