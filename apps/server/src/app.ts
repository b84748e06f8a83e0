// buildApp: the whole HTTP application (plugins, modules, error handling) without listening,
// so tests build it in-process over a real database (fastify/demo's app.ts).
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createGameGateway } from './adapters/game-gateway/client';
import type { GameGateway } from './adapters/game-gateway/types';
import { createPaymentProviders, type PaymentProviders } from './adapters/payments';
import type { Config } from './config';
import type { Database } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { logRedaction } from './lib/log-redaction';
import { installAnalytics } from './modules/analytics';
import { installAuth } from './modules/auth';
import { registerGameRoutes } from './modules/games/games.routes';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes';
import { registerRedeemRoutes } from './modules/gift-codes/gift-codes.routes';
import { registerContentRoutes } from './modules/content/content.routes';
import { createSessionService } from './modules/auth/sessions.service';
import { installOrders } from './modules/orders';
import { installSocial } from './modules/auth/social';
import { registerSystemRoutes } from './modules/system/system.routes';
import { createSystemService } from './modules/system/system.service';
import { registerIdentityRoutes } from './modules/real-name/real-name.routes';
import { registerRecordsRoutes } from './modules/orders/records.routes';
import { registerCrmRoutes } from './modules/system/crm.routes';
import { registerUserRoutes } from './modules/auth/player.routes';
import { createPlayerService } from './modules/auth/player.service';
import { registerWalletRoutes } from './modules/wallet/wallet.routes';
import { createWalletService } from './modules/wallet/wallet.service';
import { installApiDocs } from './plugins/api-docs';
import { capConnectionsPerAddress, connectionTimeoutOptions } from './plugins/connection-limits';
import { answerFrameworkError, installErrorHandling } from './plugins/envelope';
import { installHealthRoutes } from './plugins/health';
import { installInputGuard } from './plugins/input-guard';
import { installMetrics } from './plugins/metrics';
import { configureCalls } from './plugins/register-call';
import { childLoggerFactory, genReqId, installRequestContext } from './plugins/request-context';
import { installSecurityHeaders } from './plugins/security';
import { installSessions } from './plugins/sessions';
import { installWebApp } from './plugins/web-app';

export type Role = 'all' | 'api' | 'worker';

export interface AppDeps {
  database: Database;
  /** Default systemClock. */
  clock?: Clock;
  /** 'worker' serves only the probes and /metrics; default 'all'. */
  role?: Role;
  /** A pino logger to use instead of one built from config (tests capture logs this way). */
  logger?: FastifyBaseLogger;
  /** The game gateway client; default one built from config.gateways (GAME_GATEWAYS). */
  gateway?: GameGateway;
  /** Payment providers; default the ones config enables (PAYMENT_*_PROVIDER). */
  providers?: PaymentProviders;
}

function trustProxyOption(
  value: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value === false ? false : [...value];
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const role = deps.role ?? 'all';
  const app = Fastify({
    ...(deps.logger === undefined
      ? { logger: { level: config.logLevel, redact: logRedaction } }
      : { loggerInstance: deps.logger }),
    bodyLimit: config.bodyLimitBytes,
    // A hop count becomes proxy-addr's hop function (fastify's typings omit the number form).
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId,
    childLoggerFactory,
    // Router errors (over-long or malformed path parameters) answered as envelopes too.
    frameworkErrors: answerFrameworkError,
    // Requests already in flight finish on close; idle keep-alive sockets are dropped.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    // Request, header and keep-alive time limits (ADR 0030).
    ...connectionTimeoutOptions(config.connections),
  });
  capConnectionsPerAddress(app.server, config.connections.maxPerIp);

  installRequestContext(app);
  // Request metrics and /metrics on every role, the worker's too (ADR 0036).
  installMetrics(app, { token: config.metricsToken });
  installInputGuard(app);
  await installSecurityHeaders(app, { connectOrigins: config.analytics.loggerOrigins });
  installHealthRoutes(app, deps.database);
  if (role === 'worker') {
    installErrorHandling(app, {
      bodyLimit: config.bodyLimitBytes,
      onNonApiNotFound: (_req, reply) => reply.code(404).send('Not Found'),
    });
    return app;
  }

  const db = deps.database.db;
  const sessions = createSessionService({
    db,
    policy: { idleMinutes: config.sessionIdleMinutes, absoluteDays: config.sessionAbsoluteDays },
    clock,
  });
  installSessions(app, sessions);
  const users = createPlayerService({ db, customerServiceUrl: config.customerServiceUrl });
  configureCalls(app, {
    checkResults: !config.isProduction,
    resolvePlayer: (session, gameId) => users.currentUser(session, gameId),
  });
  const webApp = await installWebApp(app, config.webDistDir);
  installErrorHandling(app, {
    bodyLimit: config.bodyLimitBytes,
    onNonApiNotFound: webApp.onNotFound,
  });
  installApiDocs(app);

  registerSystemRoutes(app, createSystemService({ db, config, clock }));
  registerUserRoutes(app, users);
  registerWalletRoutes(app, { db, wallet: createWalletService({ db }), users });
  registerRecordsRoutes(app, { db, users });
  registerIdentityRoutes(app, {
    db,
    payloadKey: config.payloadKey,
    dataKeys: config.dataKeys,
    clock,
  });
  registerCrmRoutes(app, config);
  const gateway =
    deps.gateway ??
    createGameGateway({ gateways: config.gateways, timeoutMs: config.gatewayTimeoutMs });
  registerGameRoutes(app, { gateway, users });
  registerContentRoutes(app, { db, config, clock, gateway, users });
  registerCatalogRoutes(app, { db, config, clock });
  registerRedeemRoutes(app, { db, clock, gateway, users });
  const providers = deps.providers ?? createPaymentProviders({ config, db, clock, log: app.log });
  installOrders(app, { config, db, clock, gateway, providers, users });
  installAuth(app, { config, db, clock, sessions });
  installSocial(app, { config, db, clock });
  installAnalytics(app, { db, config, clock });
  return app;
}
