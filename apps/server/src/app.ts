// buildApp: the whole HTTP application (plugins, modules, error handling) without listening,
// so tests build it in-process over a real database (fastify/demo's app.ts).
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { GameGateway } from './adapters/game-gateway/types';
import type { PaymentProviders } from './adapters/payments';
import type { Config } from './config';
import { createContainer, createLogger, type Container } from './container';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';
import * as analytics from './modules/analytics';
import * as audit from './modules/audit';
import * as auth from './modules/auth';
import * as catalog from './modules/catalog';
import * as consoleModule from './modules/console';
import * as content from './modules/content';
import * as games from './modules/games';
import * as jobsConsole from './modules/jobs-console';
import * as media from './modules/media';
import * as giftCodes from './modules/gift-codes';
import * as orders from './modules/orders';
import * as ordersConsole from './modules/orders/console';
import * as publisher from './modules/publisher';
import * as realName from './modules/real-name';
import * as reconciliation from './modules/reconciliation';
import * as reports from './modules/reports';
import * as support from './modules/support';
import * as system from './modules/system';
import * as wallet from './modules/wallet';
import { installApiDocs } from './plugins/api-docs';
import { installConsoleApp } from './plugins/console-app';
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
import { FALLBACK_LANGUAGE } from '@hc/contract';
import { brandCss, brandWarnings } from './modules/system/brand';

/** The business modules, in registration order; each exports one `register(app, container)`. */
const MODULES = [
  system,
  auth,
  wallet,
  realName,
  games,
  content,
  catalog,
  giftCodes,
  orders,
  ordersConsole,
  analytics,
  audit,
  publisher,
  consoleModule,
  media,
  support,
  reconciliation,
  jobsConsole,
  reports,
];

export type Role = 'all' | 'api' | 'worker';

export interface AppDeps {
  /**
   * The process's composition root (main.ts shares one between the API and the worker). When
   * absent, buildApp makes one from the options below and closes it with the app.
   */
  container?: Container;
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
  const role = deps.role ?? 'all';
  const logger = deps.container?.log ?? deps.logger ?? createLogger(config);
  const app = Fastify({
    loggerInstance: logger,
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
  installSecurityHeaders(app, { connectOrigins: config.analytics.loggerOrigins });
  installHealthRoutes(app, deps.database);
  if (role === 'worker') {
    installErrorHandling(app, {
      bodyLimit: config.bodyLimitBytes,
      onNonApiNotFound: (_req, reply) => reply.code(404).send('Not Found'),
    });
    return app;
  }

  let c = deps.container;
  if (c === undefined) {
    const own = createContainer(config, {
      database: deps.database,
      logger,
      ...(deps.clock === undefined ? {} : { clock: deps.clock }),
      ...(deps.gateway === undefined ? {} : { gateway: deps.gateway }),
      ...(deps.providers === undefined ? {} : { providers: deps.providers }),
    });
    app.addHook('onClose', () => own.close());
    c = own;
  }
  const { players } = c;
  installSessions(app, c.sessions);
  configureCalls(app, {
    checkResults: !config.isProduction,
    resolvePlayer: (session, gameId) => players.current(session, gameId),
    verifyPublisher: (req, rawBody) => c.publisherAuth.verify(req, rawBody),
    verifyOperator: (req, call) => c.consoleAuth.verify(req, call),
  });
  // The operator console first: its /console routes are more specific than the web's.
  await installConsoleApp(app, config.consoleDistDir);
  for (const warning of brandWarnings(config.brand)) app.log.warn(warning);
  const webApp = await installWebApp(app, config.webDistDir, {
    brandCss: brandCss(config.brand),
    siteConfig: () => c.system.siteInit(),
    heroImage: async () => {
      const gameId = await c.content.gameOf(undefined);
      return (await c.content.homeConf(gameId, FALLBACK_LANGUAGE)).gameInfo.cgi;
    },
  });
  installErrorHandling(app, {
    bodyLimit: config.bodyLimitBytes,
    onNonApiNotFound: webApp.onNotFound,
  });
  installApiDocs(app);
  for (const module of MODULES) module.register(app, c);
  return app;
}
