// Social sign-in (docs/product/sign-in.md#login-screen, docs/product/session.md): the providers, and the browser-navigation routes that are not
// JSON calls (so they are not in `api`), documented here for the web, the README and OpenAPI.
import { z } from 'zod';

export const SOCIAL_PROVIDERS = ['google', 'apple', 'facebook', 'wechat'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** Query parameters the social callbacks add to the portal URL they return to (docs/product/session.md). */
export const SOCIAL_RETURN_PARAMS = {
  /** Single-use hand-over ticket the web exchanges with userTmpWebTokenLogin. */
  ticket: 'hctoken',
  /** Apple only: the Apple subject on success, `false` when no account was found (docs/product/sign-in.md#apple-sign-in-return). */
  appleId: 'appleId',
  /** Set on /login when a sign-in failed: see `SocialErrorReason`. */
  error: 'oauth_error',
} as const;

/** `/login?oauth_error=<reason>`: state bad/missing/used, token check failed, no account, provider error. */
export const socialErrorReasonSchema = z.enum(['state', 'token', 'not_found', 'provider']);
export type SocialErrorReason = z.infer<typeof socialErrorReasonSchema>;

/** Where the browser goes to start a sign-in: a full-page navigation, not a fetch. */
export function socialStartPath(provider: SocialProvider, redirect?: string): string {
  const base = `/api/oauth/${provider}/start`;
  return redirect === undefined ? base : `${base}?redirect=${encodeURIComponent(redirect)}`;
}

export interface SocialRoute {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  description: string;
}

/** The non-JSON social routes (browser navigations answering 302), for docs. */
export const socialRoutes: readonly SocialRoute[] = [
  {
    method: 'GET',
    path: '/api/oauth/{provider}/start',
    summary: 'Start a social sign-in (browser navigation)',
    description:
      'provider: google | apple | facebook | wechat (configured ones are listed in settingInit.social). ' +
      'Query `redirect`: a same-origin path to return to (anything else becomes /main/home). ' +
      'Stores state, PKCE verifier, nonce and redirect server-side (single use, 10 minutes), sets the ' +
      'HttpOnly cookie hc_oauth_binding (path: the callback) that binds the state to this browser, and ' +
      'answers 302 to the provider. An unconfigured provider answers 302 to /login?oauth_error=provider.',
  },
  {
    method: 'GET',
    path: '/api/oauth/{provider}/callback',
    summary: 'Provider return for Google, Facebook, WeChat (browser navigation)',
    description:
      'Checks state and its binding cookie (from the start in the same browser; cleared), exchanges ' +
      'the code, finds the identity by (provider, subject). Answers 302 to ' +
      '`<redirect>?hctoken=<single-use ticket>` on success, else to /login?oauth_error=<state|token|not_found|provider>.',
  },
  {
    method: 'POST',
    path: '/api/oauth/apple/callback',
    summary: 'Sign in with Apple return (response_mode=form_post)',
    description:
      'Form fields code, state, user (name, first sign-in only); the binding cookie as for GET ' +
      '(SameSite=None: this return is a cross-site POST). Success: 302 to ' +
      '`<redirect>?hctoken=<ticket>&appleId=<subject>`; no account and sign-up off: 302 to ' +
      '/main/home?appleId=false (docs/product/sign-in.md#apple-sign-in-return).',
  },
];
