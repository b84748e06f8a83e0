// Social sign-in (docs/product/sign-in.md#login-screen, docs/product/session.md): start a round trip with state, PKCE and nonce
// kept server-side, then on the callback check them, find the identity by (provider, subject),
// create an account on first sign-in when allowed, and hand over with a single-use ticket.
// The state is bound to the browser that started the sign-in: `start` also returns a random
// binding value (the routes put it in a cookie) and the stored key is the hash of binding and
// state together, so a callback without that browser's cookie finds nothing (ADR 0029).
import { createHash, randomBytes } from 'node:crypto';
import {
  SOCIAL_LINK_PARAM,
  SOCIAL_RETURN_PARAMS,
  type SocialErrorReason,
  type SocialLinkOutcome,
  type SocialProvider,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import { OAuthProviderError, OAuthTokenError, type ProviderClients } from '../../adapters/oauth';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DEFAULT_RETURN_PATH, safeRedirectPath, withParams } from './safe-redirect';
import { createSocialRepository } from './social.repository';

export const STATE_TTL_MS = 10 * 60_000;

export interface SocialServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  clients: ProviderClients;
  /** SOCIAL_SIGNUP: a first sign-in creates an account. */
  signup: boolean;
  /** The hand-over module's issue() (single-use 5-minute ticket). */
  handover: { issue(accountId: number, options?: { newLogin?: boolean }): Promise<string> };
  /** Called with the reason whenever a callback fails (for logs). */
  onFailure?: (provider: string, reason: SocialErrorReason, error: unknown) => void;
}

/** Where the browser goes to start, and the value for the binding cookie (null: set none). */
export interface SocialStart {
  location: string;
  binding: string | null;
}

/** Where the browser goes next, plus what happened (for logs and tests). */
export interface SocialOutcome {
  location: string;
  accountId: number | null;
}

const random = (bytes = 32) => randomBytes(bytes).toString('base64url');
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
/** The stored key of a state: found only with the binding cookie of the browser that started. */
const stateKey = (binding: string, state: string) => sha256(`${binding}.${state}`);

function loginError(reason: SocialErrorReason): string {
  return `/login?${SOCIAL_RETURN_PARAMS.error}=${reason}`;
}

/** Where a link round trip (ADR 0049) returns: the account page, with its outcome. */
export const LINK_RETURN_PATH = '/main/account/user';
function linkReturn(outcome: SocialLinkOutcome): string {
  return `${LINK_RETURN_PATH}?${SOCIAL_LINK_PARAM}=${outcome}`;
}

/** Apple's `user` form field (first sign-in only): {"name":{"firstName","lastName"},"email"}. */
export function appleUserName(raw: string | null): string | null {
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [parsed.name?.firstName, parsed.name?.lastName].filter(
      (p): p is string => typeof p === 'string' && p.trim() !== '',
    );
    return parts.length > 0 ? parts.join(' ').slice(0, 200) : null;
  } catch {
    return null;
  }
}

export function createSocialService(deps: SocialServiceDeps) {
  const repo = createSocialRepository(deps.db);

  function isProvider(name: string): name is SocialProvider {
    return Object.hasOwn(deps.clients, name);
  }

  async function findOrCreateAccount(
    provider: SocialProvider,
    profile: { subject: string; name: string | null; email: string | null },
  ): Promise<number | null> {
    const now = deps.clock.now();
    const existing = await repo.findIdentity(provider, profile.subject);
    if (existing) {
      await repo.touchIdentity(existing.id, now, profile.name);
      return existing.accountId;
    }
    if (!deps.signup) return null;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const account = `${provider}_${randomBytes(5).toString('hex')}`;
        // The account and its identity in one transaction.
        return await deps.db.transaction().execute((trx) =>
          createSocialRepository(trx).createAccountWithIdentity({
            account,
            provider,
            subject: profile.subject,
            name: profile.name,
            email: profile.email,
            now,
          }),
        );
      } catch (error) {
        // A concurrent first sign-in of the same subject won: use its account.
        const raced = await repo.findIdentity(provider, profile.subject);
        if (raced) return raced.accountId;
        if (attempt === 2) throw error;
      }
    }
    return null;
  }

  return {
    configured(provider: string): boolean {
      return isProvider(provider);
    },

    /**
     * The provider URL to send the browser to and the binding value for its cookie; an unknown
     * provider goes back to /login (no binding).
     */
    async start(
      provider: string,
      redirect: unknown,
      options: { linkAccountId?: number } = {},
    ): Promise<SocialStart> {
      if (!isProvider(provider)) return { location: loginError('provider'), binding: null };
      const client = deps.clients[provider];
      if (client === undefined) return { location: loginError('provider'), binding: null };
      const now = deps.clock.now();
      await repo.purgeExpiredStates(now);
      const binding = random();
      const state = random();
      const codeVerifier = random();
      const nonce = client.usesNonce ? random() : null;
      await repo.saveState(
        stateKey(binding, state),
        {
          provider,
          codeVerifier,
          nonce,
          redirect: safeRedirectPath(redirect),
          expiresAt: new Date(now.getTime() + STATE_TTL_MS),
          linkAccountId: options.linkAccountId ?? null,
        },
        now,
      );
      const location = (await client.authorizationUrl({ state, codeVerifier, nonce })).toString();
      return { location, binding };
    },

    /**
     * Handle the provider's return (query for GET, form body for Apple's form_post). `binding` is
     * the cookie value of the browser that comes back; without the one of the browser that
     * started, the state is refused like an unknown one (and stays unused).
     */
    async callback(
      provider: string,
      params: URLSearchParams,
      binding: string | null,
    ): Promise<SocialOutcome> {
      const fail = (reason: SocialErrorReason, error: unknown = null): SocialOutcome => {
        deps.onFailure?.(provider, reason, error);
        return { location: loginError(reason), accountId: null };
      };
      const client = isProvider(provider) ? deps.clients[provider] : undefined;
      if (!isProvider(provider) || client === undefined) return fail('provider');
      const state = params.get('state');
      if (state === null || state === '' || state.length > 512) return fail('state');
      if (binding === null || binding === '' || binding.length > 512) return fail('state');
      const pending = await repo.takeState(stateKey(binding, state));
      if (
        pending === undefined ||
        pending.provider !== provider ||
        pending.expiresAt.getTime() <= deps.clock.now().getTime()
      )
        return fail('state');

      const linkAccountId = pending.linkAccountId ?? null;
      const failLink = (reason: SocialLinkOutcome, error: unknown = null): SocialOutcome => {
        deps.onFailure?.(
          provider,
          reason === 'state' || reason === 'token' || reason === 'provider' ? reason : 'not_found',
          error,
        );
        return { location: linkReturn(reason), accountId: null };
      };

      let profile;
      try {
        profile = await client.exchange({
          params,
          state,
          codeVerifier: pending.codeVerifier,
          nonce: pending.nonce,
        });
      } catch (error) {
        if (error instanceof OAuthProviderError)
          return linkAccountId === null ? fail('provider', error) : failLink('provider', error);
        if (error instanceof OAuthTokenError)
          return linkAccountId === null ? fail('token', error) : failLink('token', error);
        throw error;
      }
      if (provider === 'apple') profile.name ??= appleUserName(params.get('user'));

      // Link mode: the identity joins the signed-in account that started; no session is made.
      if (linkAccountId !== null) {
        const known = await repo.findIdentity(provider, profile.subject);
        if (known !== undefined)
          return known.accountId === linkAccountId
            ? { location: linkReturn('linked'), accountId: linkAccountId }
            : failLink('in_use');
        if ((await repo.identityOfAccount(linkAccountId, provider)) !== undefined)
          return failLink('already_linked');
        try {
          await repo.linkIdentity({
            accountId: linkAccountId,
            provider,
            subject: profile.subject,
            name: profile.name,
            email: profile.email,
            now: deps.clock.now(),
          });
        } catch (error) {
          return failLink('in_use', error);
        }
        return { location: linkReturn('linked'), accountId: linkAccountId };
      }

      const accountId = await findOrCreateAccount(provider, profile);
      if (accountId === null) {
        deps.onFailure?.(provider, 'not_found', null);
        // docs/product/sign-in.md#apple-sign-in-return: Apple returns to the portal with appleId=false; the web shows the warning.
        return {
          location:
            provider === 'apple'
              ? withParams(DEFAULT_RETURN_PATH, { [SOCIAL_RETURN_PARAMS.appleId]: 'false' })
              : loginError('not_found'),
          accountId: null,
        };
      }
      // A social sign-in is a new login: single-device mode ends the account's other sessions.
      const ticket = await deps.handover.issue(accountId, { newLogin: true });
      const extra: Record<string, string> =
        provider === 'apple' ? { [SOCIAL_RETURN_PARAMS.appleId]: profile.subject } : {};
      return {
        location: withParams(safeRedirectPath(pending.redirect), {
          [SOCIAL_RETURN_PARAMS.ticket]: ticket,
          ...extra,
        }),
        accountId,
      };
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
