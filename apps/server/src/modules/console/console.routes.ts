// The console's session, two-factor, setup and operator calls (docs/console.md). Roles, the
// session cookie and the CSRF token are checked by registerCall from the contract (auth
// 'console', `roles`) before a handler runs (console-auth.ts).
import { consoleApi, toUnixSeconds } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerCall } from '../../plugins/register-call';

export function register(app: FastifyInstance, c: Container): void {
  const userAgent = (ua: string | undefined) => ua ?? null;

  registerCall(app, consoleApi.consoleSessionLogin, async ({ body, req, reply }) => {
    const { session, answer } = await c.consoleOperators.signIn(body, {
      ip: req.ip,
      userAgent: userAgent(req.headers['user-agent']),
    });
    c.consoleAuth.setCookie(reply, session);
    return answer;
  });

  registerCall(app, consoleApi.consoleSessionLogout, async ({ operator, reply }) => {
    await c.consoleOperators.signOut(operator);
    c.consoleAuth.clearCookie(reply);
    return { success: true as const };
  });

  registerCall(app, consoleApi.consoleSessionMe, ({ operator }) =>
    c.consoleOperators.me(operator.sessionId),
  );

  registerCall(app, consoleApi.consoleTwoFactorStart, async ({ operator }) =>
    c.twoFactor.start(await c.consoleOperators.byId(operator.id)),
  );

  registerCall(app, consoleApi.consoleTwoFactorConfirm, async ({ operator, body }) =>
    c.twoFactor.confirm(await c.consoleOperators.byId(operator.id), body.code, operator),
  );

  registerCall(app, consoleApi.consoleSetupCheck, ({ body }) =>
    c.consoleOperators.setupCheck(body.token),
  );

  registerCall(app, consoleApi.consoleSetupAccept, ({ body, req }) =>
    c.consoleOperators.setupAccept(body.token, body.password, req.ip),
  );

  const actor = (o: { id: number; name: string; ip: string }) => ({
    kind: 'operator' as const,
    id: o.id,
    name: o.name,
    ip: o.ip,
  });

  registerCall(app, consoleApi.consoleOperatorsList, async () => ({
    list: await c.consoleOperators.list(),
  }));

  registerCall(app, consoleApi.consoleOperatorsInvite, async ({ body, operator }) => {
    const link = await c.consoleOperators.invite(body, actor(operator));
    return { setupUrl: link.setupUrl, expiresAt: toUnixSeconds(link.expiresAt) };
  });

  registerCall(app, consoleApi.consoleOperatorsUpdate, ({ body, operator }) =>
    c.consoleOperators.update(body, actor(operator)),
  );

  registerCall(app, consoleApi.consoleOperatorsResetTwoFactor, ({ body, operator }) =>
    c.consoleOperators.resetTwoFactor(body.id, actor(operator)),
  );

  registerCall(app, consoleApi.consoleOperatorsResendSetup, async ({ body, operator }) => {
    const link = await c.consoleOperators.resendSetup(body.id, actor(operator));
    return { setupUrl: link.setupUrl, expiresAt: toUnixSeconds(link.expiresAt) };
  });
}
