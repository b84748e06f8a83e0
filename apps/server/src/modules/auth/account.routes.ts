// Routes of account self-service (docs/product/account.md#self-service, ADR 0049): the profile,
// password, email and phone, social sign-ins (a link starts the social round trip in link mode),
// signed-in devices, the data download and the deletion request. Rules live in
// self-service.service.ts and data-export.service.ts.
import { api, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../plugins/register-call';
import { setBindingCookie } from './social.routes';
import { LINK_RETURN_PATH } from './social.service';

export function registerAccountRoutes(app: FastifyInstance, c: Container): void {
  const secureCookie = c.config.publicBaseUrl.startsWith('https:');

  registerCall(app, api.userProfile, async ({ session, language }) => {
    await c.selfService.rememberLanguage(session.accountId, language);
    return c.selfService.profile(session.accountId);
  });

  registerCall(app, api.userPasswordChange, async ({ session, body, req, language }) => {
    await c.selfService.rememberLanguage(session.accountId, language);
    return c.selfService.changePassword(session, body.data, req.ip);
  });

  registerCall(app, api.userContactCodeSend, ({ session, body, req, language }) =>
    c.selfService.sendContactCode(session.accountId, body, req.ip, language),
  );

  registerCall(app, api.userContactChange, async ({ session, body, req, language }) => {
    await c.selfService.rememberLanguage(session.accountId, language);
    return c.selfService.changeContact(session.accountId, body, req.ip);
  });

  registerCall(app, api.userSocialLinkStart, async ({ session, body, reply }) => {
    await c.selfService.assertLinkable(session.accountId, body.provider);
    const started = await c.social.start(body.provider, LINK_RETURN_PATH, {
      linkAccountId: session.accountId,
    });
    if (started.binding === null) throw new AppError(ErrorCode.SocialProviderUnavailable);
    setBindingCookie(reply, body.provider, started.binding, { secure: secureCookie });
    return { location: started.location };
  });

  registerCall(app, api.userSocialUnlink, ({ session, body }) =>
    c.selfService.unlinkSocial(session.accountId, body.provider),
  );

  registerCall(app, api.userSessionList, ({ session }) => c.selfService.listSessions(session));

  registerCall(app, api.userSessionEnd, ({ session, body }) =>
    c.selfService.endSession(session, body.id),
  );

  registerCall(app, api.userDataExport, async ({ session }) => {
    const file = await c.dataExport.export(session.accountId);
    if (file === undefined) throw new AppError(ErrorCode.tokenFail);
    return file;
  });

  registerCall(app, api.userDeletionRequest, async ({ session, body, req, language }) => {
    await c.selfService.rememberLanguage(session.accountId, language);
    return c.selfService.requestDeletion(session, body.data, req.ip);
  });
}
