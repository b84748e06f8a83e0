// Wires the sign-in area into the app: mail/SMS adapters and the dev outbox from
// config, code, login, reset and hand-over services, and their routes.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { mailerFromConfig } from '../../adapters/mail/mail';
import { createOutbox, type Outbox } from '../../adapters/outbox/outbox';
import { registerOutboxRoutes } from '../../adapters/outbox/outbox.routes';
import {
  combineSmsSenders,
  createOutboxSms,
  createTwilioSms,
  type SmsSender,
} from '../../adapters/sms/sms';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createAccountsRepository } from './accounts.repository';
import { createCodeService } from './verification-codes.service';
import { createHandoverService } from './handover.service';
import type { SessionService } from './sessions.service';
import { registerAuthRoutes } from './auth.routes';
import { createLoginService } from './login.service';
import { createResetService } from './reset.service';
import { createLoginThrottle } from './throttle';

export function installAuth(
  app: FastifyInstance,
  deps: { config: Config; db: Kysely<DB>; clock: Clock; sessions: SessionService },
): void {
  const { config, db, clock, sessions } = deps;
  let outbox: Outbox | undefined;
  const smsSenders: SmsSender[] = [];
  if (config.devOutbox && config.isProduction) {
    app.log.warn(
      'DEV_OUTBOX is on in production: anyone can read verification codes at /dev/outbox',
    );
  }
  if (config.devOutbox) {
    // The outbox first, so a tester sees the code even when the real provider fails.
    outbox = createOutbox({ db, clock });
    smsSenders.push(createOutboxSms(outbox));
    registerOutboxRoutes(app, outbox);
  }
  if (config.twilio !== undefined) {
    smsSenders.push(createTwilioSms({ baseUrl: config.smsBaseUrl, ...config.twilio }));
  }
  const codes = createCodeService({
    db,
    clock,
    pepper: config.codeHashSecret,
    mailer: mailerFromConfig(config, outbox),
    sms: combineSmsSenders(smsSenders),
    log: app.log,
  });
  const handover = createHandoverService({ db, clock });
  const throttle = createLoginThrottle({ db, clock });
  const login = createLoginService({
    db,
    sessions,
    codes,
    handover,
    throttle,
    payloadKey: config.payloadKey,
    customerServiceUrl: config.customerServiceUrl,
    singleDevice: config.sessionSingleDevice,
  });
  const reset = createResetService({ db, codes, sessions, payloadKey: config.payloadKey });
  registerAuthRoutes(app, {
    login,
    reset,
    codes,
    sessions,
    handover,
    accounts: createAccountsRepository(db),
    isTrustedIp: throttle.isTrustedIp,
    clock,
  });
}
