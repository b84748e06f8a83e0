// Routes of the sign-in calls (docs/product/api.md#sign-in-and-session-calls /api/user/*): login,
// hctoken exchange, logout, user info, code sending, password reset, sdk ticket. Business rules live in the services.
import { api, ErrorCode, toUnixSeconds, type Language } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../plugins/register-call';
import type { Container } from '../../container';
import { createAccountsRepository } from './accounts.repository';

export function registerAuthRoutes(app: FastifyInstance, c: Container): void {
  const d = {
    login: c.login,
    reset: c.reset,
    codes: c.codes,
    sessions: c.sessions,
    handover: c.handover,
    clock: c.clock,
    accounts: createAccountsRepository(c.db),
    /** Whether the IP signed in to the account before (login throttle). */
    isTrustedIp: c.loginThrottle.isTrustedIp,
  };
  registerCall(app, api.userLogin, ({ body, req, gameId }) => d.login.login(body, req.ip, gameId));

  registerCall(app, api.userTmpWebTokenLogin, ({ body }) => d.login.exchangeTicket(body.token));

  registerCall(app, api.userLogout, async ({ session }) => {
    if (session !== null) await d.sessions.revoke(session.id);
    return { success: true as const };
  });

  registerCall(app, api.userSdkTicketGet, async ({ body, session }) => {
    const issuedAt = d.clock.now();
    const ticket = await d.login.issueSdkTicket(session.accountId, body.uid);
    return { ticket, expires_ts: toUnixSeconds(d.handover.expiryOf(issuedAt)) };
  });

  /**
   * Sends a code in the request's language; whether the destination is an account's (and the IP
   * trusted) sets the limits. A sign-up code (ADR 0042) goes only to an address no account has:
   * a taken one is counted like a send, nothing is sent, and the answer says it is taken (the
   * login screen tells the same, docs/product/sign-in.md).
   */
  async function sendCode(
    channel: 'email' | 'phone',
    body: { target: string; purpose: 'login' | 'reset' | 'signup' },
    ip: string,
    language: Language,
  ) {
    const account = await (channel === 'email'
      ? d.accounts.findByEmail(body.target)
      : d.accounts.findByPhone(body.target));
    if (body.purpose === 'signup') {
      if (!c.config.signUp.enabled) throw new AppError(ErrorCode.SignUpDisabled);
      const sent = await d.codes.send({
        channel,
        destination: body.target,
        purpose: 'signup',
        ip,
        language,
        known: account === undefined,
      });
      if (account !== undefined)
        throw new AppError(channel === 'email' ? ErrorCode.EmailInUse : ErrorCode.PhoneInUse);
      return sent;
    }
    return d.codes.send({
      channel,
      destination: body.target,
      purpose: body.purpose,
      ip,
      language,
      known: account !== undefined,
      trustedIp: account !== undefined && (await d.isTrustedIp(account.id, ip)),
    });
  }
  registerCall(app, api.userEmailCodeSend, ({ body, req, language }) =>
    sendCode('email', body, req.ip, language),
  );
  registerCall(app, api.userPhoneCodeSend, ({ body, req, language }) =>
    sendCode('phone', body, req.ip, language),
  );

  // Who is signed in, and the game account the request is about (docs/product/session.md#user-info).
  registerCall(app, api.userUinfo, ({ player }) => player());

  registerCall(app, api.userSignUp, ({ body, req }) => c.signUp.signUp(body.data, req.ip));

  registerCall(app, api.userEmailPswReset, ({ body }) => d.reset.reset('email', body.data));
  registerCall(app, api.userPhonePswReset, ({ body }) => d.reset.reset('phone', body.data));
}
