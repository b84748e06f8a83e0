// Routes of the sign-in calls (docs/product/api.md#sign-in-and-session-calls /api/user/*): login, hctoken exchange, logout, code
// sending, password reset, sdk ticket. Business rules live in the services.
import { api } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { AccountsRepository } from './accounts.repository';
import type { CodeService } from './verification-codes.service';
import type { HandoverService } from './handover.service';
import type { SessionService } from './sessions.service';
import type { LoginService } from './login.service';
import type { ResetService } from './reset.service';
import type { Clock } from '../../lib/clock';
import { unixSeconds } from '../../lib/clock';

export interface AuthRouteDeps {
  login: LoginService;
  reset: ResetService;
  codes: CodeService;
  sessions: SessionService;
  handover: HandoverService;
  accounts: AccountsRepository;
  /** Whether the IP signed in to the account before (login throttle). */
  isTrustedIp: (accountId: number, ip: string) => Promise<boolean>;
  clock: Clock;
}

export function registerAuthRoutes(app: FastifyInstance, d: AuthRouteDeps): void {
  registerCall(app, api.userLogin, ({ body, req }) => d.login.login(body, req.ip));

  registerCall(app, api.userTmpWebTokenLogin, ({ body }) => d.login.exchangeTicket(body.token));

  registerCall(app, api.userLogout, async ({ session }) => {
    if (session !== null) await d.sessions.revoke(session.id);
    return { success: true as const };
  });

  registerCall(app, api.userSdkTicketGet, async ({ body, session }) => {
    const issuedAt = d.clock.now();
    const ticket = await d.login.issueSdkTicket(session.accountId, body.uid);
    return { ticket, expires_ts: unixSeconds(d.handover.expiryOf(issuedAt)) };
  });

  registerCall(app, api.userEmailCodeSend, async ({ body, req }) => {
    const account = await d.accounts.findByEmail(body.target);
    return d.codes.send({
      channel: 'email',
      destination: body.target,
      purpose: body.purpose,
      ip: req.ip,
      known: account !== undefined,
      trustedIp: account !== undefined && (await d.isTrustedIp(account.id, req.ip)),
    });
  });

  registerCall(app, api.userPhoneCodeSend, async ({ body, req }) => {
    const account = await d.accounts.findByPhone(body.target);
    return d.codes.send({
      channel: 'phone',
      destination: body.target,
      purpose: body.purpose,
      ip: req.ip,
      known: account !== undefined,
      trustedIp: account !== undefined && (await d.isTrustedIp(account.id, req.ip)),
    });
  });

  registerCall(app, api.userEmailPswReset, ({ body }) => d.reset.reset('email', body.data));
  registerCall(app, api.userPhonePswReset, ({ body }) => d.reset.reset('phone', body.data));
}
