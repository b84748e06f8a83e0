// Operator roles of the console (docs/console.md#roles, ADR 0040) and the names the console web
// app needs for its session: the cookie and the CSRF header.
import { z } from 'zod';
import { builtOnFirstUse } from '../lazy';

/**
 * owner: everything, manages operators; operations: games, servers, catalog, gift codes;
 * content: articles, bulletins, home, pages; support and finance: used by later console calls.
 */
export const OPERATOR_ROLES = ['owner', 'operations', 'content', 'support', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const operatorRoleSchema = builtOnFirstUse(() =>
  z.enum(OPERATOR_ROLES).describe('Operator role'),
);

/** Every role: the calls any signed-in operator may make. */
export const ANY_OPERATOR: readonly OperatorRole[] = OPERATOR_ROLES;

/** Whether an operator holding `held` may make a call allowed to `allowed` (owner: always). */
export function rolesAllow(
  held: readonly OperatorRole[],
  allowed: readonly OperatorRole[] | undefined,
): boolean {
  if (held.includes('owner')) return true;
  return allowed !== undefined && held.some((r) => allowed.includes(r));
}

/** The session cookie over plain HTTP (development); HttpOnly, SameSite=Strict, Path=/. */
export const CONSOLE_COOKIE = 'hc_console';
/** The session cookie when PUBLIC_BASE_URL is https: (Secure, no Domain, Path=/). */
export const CONSOLE_COOKIE_SECURE = '__Host-hc_console';
/** Every console POST but sign-in and setup carries the session's CSRF token in this header. */
export const CONSOLE_CSRF_HEADER = 'x-csrf-token';
/** Where the console web app is served; setup links are `<PUBLIC_BASE_URL>/console/setup#<token>`. */
export const CONSOLE_BASE_PATH = '/console';
/** Where every console call lives. */
export const CONSOLE_API_PREFIX = '/api/console';
