// Wire primitives shared by every area: ids, money, times, paging (ARCHITECTURE.md#contract).
import { z } from 'zod';
import { builtOnFirstUse } from './lazy';

/**
 * Unix seconds of 9999-12-31T23:59:59Z: the last second a JS Date, an ISO string and a PostgreSQL
 * timestamp all hold (a larger `begin` filter became an Invalid Date -> SystemBusy).
 */
export const UNIX_SECONDS_MAX = 253_402_300_799;
/** Unix seconds (ARCHITECTURE.md#contract: times on the wire are seconds). */
export const unixSeconds = builtOnFirstUse(() =>
  z.number().int().nonnegative().max(UNIX_SECONDS_MAX).describe('Unix time in seconds'),
);
/** Integer minor units of `currency` (499 = 4.99 USD). */
export const minorUnits = builtOnFirstUse(() =>
  z.number().int().nonnegative().describe('Money in integer minor units of `currency`'),
);
/** ISO 4217 code, upper case. */
export const currencyCode = builtOnFirstUse(() =>
  z
    .string()
    .regex(/^[A-Z]{3}$/)
    .describe('ISO 4217 currency code'),
);
/** HC Point amounts are whole numbers. */
export const hcPoint = builtOnFirstUse(() =>
  z.number().int().nonnegative().describe('HC Point (integer)'),
);
/** Numeric database ids travel as JSON numbers, never strings (bigint columns: <= 2^53 - 1). */
export const numericId = builtOnFirstUse(() => z.number().int().positive());
/**
 * Largest PostgreSQL `integer` (int4): game ids and game server ids are int4 columns, so a larger
 * value must stop at validation, not reach the database (schema fuzzing found "out of range for
 * type integer" answered SystemBusy).
 */
export const INT4_MAX = 2_147_483_647;
/** Role ids come from the game and are opaque (they may exceed 2^53): strings. */
export const roleId = builtOnFirstUse(() =>
  z.string().min(1).max(64).describe('Role id as issued by the game (opaque string)'),
);
export const serverId = builtOnFirstUse(() => numericId.max(INT4_MAX).describe('Game server id'));
export const sdkOrderId = builtOnFirstUse(() =>
  z.string().min(1).max(64).describe('Portal order number (also called paymentId)'),
);
export const cpGoodsId = builtOnFirstUse(() =>
  z.string().min(1).max(64).describe('Product id in the game catalogue'),
);
export const emailAddress = builtOnFirstUse(() => z.email().max(254));
/** E.164: "+" then 8..15 digits. */
export const e164Phone = builtOnFirstUse(() =>
  z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/)
    .describe('Phone number in E.164 form'),
);
/** Calendar date without time zone, `YYYY-MM-DD`. */
export const isoDate = builtOnFirstUse(() => z.iso.date().describe('Calendar date YYYY-MM-DD'));
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 10;

/** `page` starts at 1; `size` 1..100 (docs/product/constants.md#paging leaves defaults open: 1 and 10). */
export const pageQuery = {
  page: z.number().int().positive().default(1),
  size: z.number().int().positive().max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};

/** Result of an action that returns nothing else. */
export const doneResultSchema = builtOnFirstUse(() => z.object({ success: z.literal(true) }));

/** Body of the calls that carry one encrypted field (docs/product/api.md#payload-encryption). */
export const encryptedDataBodySchema = builtOnFirstUse(() =>
  z.object({
    data: z.string().min(1).max(8192).describe('AES-256-GCM payload token (see encryptPayload)'),
  }),
);
