// The composition root: every service and adapter of the server, built once from the config and
// the open database. The API (app.ts), the worker (worker.ts) and the operator CLI (portal.ts)
// all take what they need from one container; modules receive it in their `register(app, c)`.
// Services are built on first use, so a worker never opens what only the API needs (a Redis
// connection for the order-rate counter, OAuth clients) and the other way round.
import { SOCIAL_PROVIDERS } from '@hc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import {
  createGameGateway,
  ROLES_CACHE_MS,
  SERVER_LIST_CACHE_MS,
} from './adapters/game-gateway/client';
import type { GameGateway } from './adapters/game-gateway/types';
import { withPortalMaintenance } from './adapters/game-gateway/maintenance';
import { withGameUids } from './adapters/game-gateway/uids';
import { mailerFromConfig, type Mailer } from './adapters/mail/mail';
import { createProviderClients, type ProviderClients } from './adapters/oauth';
import { createOutbox, type Outbox } from './adapters/outbox/outbox';
import { createPaymentProviders, type PaymentProviders } from './adapters/payments';
import {
  combineSmsSenders,
  createOutboxSms,
  createTwilioSms,
  type SmsSender,
} from './adapters/sms/sms';
import type { Config } from './config';
import type { Database } from './db/database';
import { createJobQueue } from './jobs/queue';
import { systemClock, type Clock } from './lib/clock';
import { logRedaction } from './lib/log-redaction';
import { createDataCipher } from './lib/data-cipher';
import { createInvalidationBus } from './lib/invalidation';
import { createRateCounter, type RateCounter } from './lib/rate-counter';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createAuditService } from './modules/audit/audit.service';
import { createHandoverService } from './modules/auth/handover.service';
import { createGameCredentials } from './modules/auth/game-credentials';
import { createLoginService } from './modules/auth/login.service';
import { createSignUpService } from './modules/auth/sign-up.service';
import { createAccountNotices } from './modules/auth/account-notices';
import { createDataExportService } from './modules/auth/data-export.service';
import { createSelfService } from './modules/auth/self-service.service';
import { createArrivalService } from './modules/publisher/arrival.service';
import { createAccountsRepository } from './modules/auth/accounts.repository';
import { createPlayerService } from './modules/auth/player.service';
import { createResetService } from './modules/auth/reset.service';
import { createSessionService, SESSION_CACHE_TTL_MS } from './modules/auth/sessions.service';
import { createSocialService } from './modules/auth/social.service';
import { createLoginThrottle } from './modules/auth/throttle';
import { createVerificationCodeService } from './modules/auth/verification-codes.service';
import { createCatalogEditor } from './modules/catalog/catalog.editor';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createImagesService } from './modules/media/images.service';
import { createS3ImageStore } from './adapters/image-store/s3';
import { createConsoleAuth } from './modules/console/console-auth';
import { createOperatorsService } from './modules/console/operators.service';
import { createTwoFactorService } from './modules/console/two-factor.service';
import { createContentService } from './modules/content/content.service';
import { createContentConsoleService } from './modules/content/content-console.service';
import { createCharacterService } from './modules/games/character.service';
import { createGamesConsoleService } from './modules/games/games-console.service';
import { createGamesService } from './modules/games/games.service';
import { createGatewayDirectory, createServerStates } from './modules/games/gateway-directory';
import { createGiftCodesConsoleService } from './modules/gift-codes/gift-codes-console.service';
import { createGiftCodeService } from './modules/gift-codes/gift-codes.service';
import { createOrdersService } from './modules/orders/orders.service';
import { createRecordsService } from './modules/orders/records.service';
import { createPlayersService } from './modules/publisher/players.service';
import { createPublisherAuth } from './modules/publisher/publisher-auth';
import { createPublisherKeysService } from './modules/publisher/publisher-keys.service';
import { createRealNameService } from './modules/real-name/real-name.service';
import { createSystemService } from './modules/system/system.service';
import { createWalletService } from './modules/wallet/wallet.service';
import { createAdjustmentsService } from './modules/support/adjustments.service';
import { createPlayersSupportService } from './modules/support/players-support.service';

export interface ContainerOptions {
  database: Database;
  /** Default systemClock. */
  clock?: Clock;
  /** Default a pino logger built from config (LOG_LEVEL, redaction); tests capture logs here. */
  logger?: FastifyBaseLogger;
  /** Default the client of config.gateways (GAME_GATEWAYS) with the server-list and role caches. */
  gateway?: GameGateway;
  /** Default the providers config enables (PAYMENT_*_PROVIDER). */
  providers?: PaymentProviders;
  /** Default the OAuth clients config enables (tests point them at local servers). */
  socialClients?: ProviderClients;
}

/** The pino logger of a process: level from config, secrets and personal data redacted. */
export function createLogger(config: Config): FastifyBaseLogger {
  return pino({ level: config.logLevel, redact: logRedaction });
}

/** Memoizes a factory: the thing is built on first use, once. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

export function createContainer(config: Config, options: ContainerOptions) {
  const { database } = options;
  const db = database.db;
  const clock = options.clock ?? systemClock;
  const log = options.logger ?? createLogger(config);
  const closers: (() => Promise<void>)[] = [];
  /** Cache invalidation across nodes (ADR 0046); listens only once something subscribes. */
  const invalidation = createInvalidationBus({ database, log });
  closers.push(() => invalidation.close());

  const rateCounter = (redisPrefix: string): RateCounter => {
    const counter = createRateCounter({ db, clock, log, redisUrl: config.redisUrl, redisPrefix });
    closers.push(() => counter.close());
    return counter;
  };

  /** Secrets at rest under DATA_KEY (publisher key secrets; ADR 0027). */
  const dataCipher = once(() => createDataCipher(config.dataKeys));
  /** Each game's gateway: the console's entry, else GAME_GATEWAYS (ADR 0046). */
  const gatewayDirectory = once(() => {
    const directory = createGatewayDirectory({ db, cipher: dataCipher, env: config.gateways });
    invalidation.subscribe('gateways', () => directory.clear());
    return directory;
  });
  /** The console's maintenance switches, kept until the bus's `servers` topic. */
  const serverStates = once(() => {
    const states = createServerStates({ db });
    invalidation.subscribe('servers', () => states.clear());
    return states;
  });
  // The game is sent each game account's uid (game_accounts.uid, ADR 0039), not its id; a server
  // an operator put in maintenance is in maintenance whatever the game says.
  const gateway = once(() => {
    let client: GameGateway;
    if (options.gateway !== undefined) client = options.gateway;
    else {
      const own = createGameGateway({
        gateways: config.gateways,
        resolve: (gameId) => gatewayDirectory().resolve(gameId),
        timeoutMs: config.gatewayTimeoutMs,
        serverListCacheMs: SERVER_LIST_CACHE_MS,
        rolesCacheMs: ROLES_CACHE_MS,
      });
      invalidation.subscribe('gateways', () => own.clearCaches());
      invalidation.subscribe('servers', () => own.clearCaches());
      client = own;
    }
    return withPortalMaintenance(
      withGameUids(client, (gameAccountId) =>
        createAccountsRepository(db).gameUidOf(gameAccountId),
      ),
      (gameId, serverId) => serverStates().held(gameId, serverId),
    );
  });
  const providers = once(
    () => options.providers ?? createPaymentProviders({ config, db, clock, log }),
  );
  /** The dev outbox (DEV_OUTBOX): mails and SMS kept in a table, readable at /dev/outbox. */
  const outbox = once((): Outbox | undefined =>
    config.devOutbox ? createOutbox({ db, clock }) : undefined,
  );
  const mailer = once((): Mailer | undefined => mailerFromConfig(config, outbox()));
  const sms = once(() => {
    const senders: SmsSender[] = [];
    // The outbox first, so a tester sees the code even when the real provider fails.
    const box = outbox();
    if (box !== undefined) senders.push(createOutboxSms(box));
    if (config.twilio !== undefined)
      senders.push(createTwilioSms({ baseUrl: config.smsBaseUrl, ...config.twilio }));
    return combineSmsSenders(senders);
  });
  const queue = once(() => createJobQueue(db));
  /** Sessions kept in memory briefly, dropped on the bus's `sessions` topic (ADR 0058). */
  const sessions = once(() => {
    const service = createSessionService({
      db,
      policy: { idleMinutes: config.sessionIdleMinutes, absoluteDays: config.sessionAbsoluteDays },
      clock,
      cacheTtlMs: SESSION_CACHE_TTL_MS,
    });
    invalidation.subscribe('sessions', () => service.forget());
    return service;
  });
  const forgetSessions = (accountId?: number) => sessions().forget(accountId);
  const players = once(() =>
    createPlayerService({ db, customerServiceUrl: config.customerServiceUrl }),
  );
  const wallet = once(() => createWalletService({ db }));
  const codes = once(() =>
    createVerificationCodeService({
      db,
      clock,
      pepper: config.codeHashSecret,
      mailer: mailer(),
      sms: sms(),
      log,
    }),
  );
  const handover = once(() => createHandoverService({ db, clock }));
  const loginThrottle = once(() => createLoginThrottle({ db, clock }));
  /** Sign-in for games that keep their players' credentials (ADR 0043). */
  const gameCredentials = once(() =>
    createGameCredentials({
      db,
      gateway: gateway(),
      clock,
      log,
      ownsCredentials: async (gameId) =>
        (await gatewayDirectory().credentialsOf(gameId)) === 'game',
    }),
  );
  const login = once(() =>
    createLoginService({
      db,
      sessions: sessions(),
      codes: codes(),
      handover: handover(),
      throttle: loginThrottle(),
      payloadKey: config.payloadKey,
      customerServiceUrl: config.customerServiceUrl,
      singleDevice: config.sessionSingleDevice,
      gameCredentials: gameCredentials(),
      cancelDeletion: (accountId) => selfService().cancelDeletionOnSignIn(accountId),
    }),
  );
  /** Account self-service on the account page (ADR 0049). */
  const selfService = once(() =>
    createSelfService({
      db,
      clock,
      codes: codes(),
      throttle: loginThrottle(),
      notices: createAccountNotices({ mailer: mailer(), sms: sms(), log }),
      payloadKey: config.payloadKey,
      graceDays: config.accountDeletionGraceDays,
      providers: () => SOCIAL_PROVIDERS.filter((p) => social().configured(p)),
      forgetSessions,
    }),
  );
  const dataExport = once(() => createDataExportService({ db, clock, realName: realName() }));
  const signUp = once(() =>
    createSignUpService({
      db,
      clock,
      codes: codes(),
      login: login(),
      throttle: loginThrottle(),
      payloadKey: config.payloadKey,
      settings: config.signUp,
    }),
  );
  const reset = once(() =>
    createResetService({
      db,
      codes: codes(),
      sessions: sessions(),
      payloadKey: config.payloadKey,
    }),
  );
  const social = once(() =>
    createSocialService({
      db,
      clock,
      clients: options.socialClients ?? createProviderClients(config.social, config.publicBaseUrl),
      signup: config.social.signup,
      handover: handover(),
      onFailure: (provider, reason, error) =>
        log.warn(
          { provider, reason, err: error instanceof Error ? error.message : undefined },
          'social sign-in failed',
        ),
    }),
  );

  const container = {
    config,
    database,
    db,
    clock,
    log,
    /** `publish(topic)` after a committed change; `subscribe(topic, fn)` to drop a cache. */
    invalidation,
    get gateway() {
      return gateway();
    },
    get providers() {
      return providers();
    },
    get outbox() {
      return outbox();
    },
    get mailer() {
      return mailer();
    },
    get queue() {
      return queue();
    },
    get sessions() {
      return sessions();
    },
    get players() {
      return players();
    },
    get wallet() {
      return wallet();
    },
    get codes() {
      return codes();
    },
    get handover() {
      return handover();
    },
    get loginThrottle() {
      return loginThrottle();
    },
    get login() {
      return login();
    },
    get signUp() {
      return signUp();
    },
    get reset() {
      return reset();
    },
    get selfService() {
      return selfService();
    },
    get dataExport() {
      return dataExport();
    },
    get social() {
      return social();
    },
    get system() {
      return system();
    },
    get games() {
      return games();
    },
    get characters() {
      return characters();
    },
    get catalog() {
      return catalog();
    },
    get content() {
      return content();
    },
    get contentConsole() {
      return contentConsole();
    },
    get realName() {
      return realName();
    },
    get giftCodes() {
      return giftCodes();
    },
    get records() {
      return records();
    },
    get orders() {
      return orders();
    },
    get analytics() {
      return analytics();
    },
    get publisherAuth() {
      return publisherAuth();
    },
    get publisherPlayers() {
      return publisherPlayers();
    },
    get arrival() {
      return arrival();
    },
    get publisherKeys() {
      return publisherKeys();
    },
    get auditLog() {
      return auditLog();
    },
    get consoleAuth() {
      return consoleAuth();
    },
    get twoFactor() {
      return twoFactor();
    },
    get consoleOperators() {
      return consoleOperators();
    },
    get gamesConsole() {
      return gamesConsole();
    },
    get giftCodesConsole() {
      return giftCodesConsole();
    },
    get playersSupport() {
      return playersSupport();
    },
    get adjustments() {
      return adjustments();
    },
    get gatewayDirectory() {
      return gatewayDirectory();
    },
    get images() {
      return images();
    },
    get catalogEditor() {
      return catalogEditor();
    },
    /** Closes what the services opened (Redis connections of the rate counters). */
    async close(): Promise<void> {
      await Promise.all(closers.splice(0).map((close) => close()));
    },
  };

  const system = once(() => createSystemService({ db, config, clock }));
  const games = once(() => createGamesService({ gateway: gateway() }));
  const characters = once(() =>
    createCharacterService({ db, gateway: gateway(), users: players() }),
  );
  const catalog = once(() => {
    const service = createCatalogService({ db, clock });
    invalidation.subscribe('catalog', () => service.clearCache());
    return service;
  });
  const images = once(() =>
    createImagesService({
      db,
      clock,
      maxBytes: config.images.maxBytes,
      storage: config.images.storage,
      store: config.images.s3 === undefined ? undefined : createS3ImageStore(config.images.s3, log),
      invalidate: () => invalidation.publish('images'),
    }),
  );
  const catalogEditor = once(() =>
    createCatalogEditor({
      db,
      clock,
      catalog: catalog(),
      images: images(),
      invalidate: () => invalidation.publish('catalog'),
    }),
  );
  const content = once(() =>
    createContentService({ db, clock, publicBaseUrl: config.publicBaseUrl }),
  );
  const contentConsole = once(() =>
    createContentConsoleService({ db, clock, publicBaseUrl: config.publicBaseUrl }),
  );
  const realName = once(() =>
    createRealNameService({ db, payloadKey: config.payloadKey, dataKeys: config.dataKeys, clock }),
  );
  const giftCodes = once(() => createGiftCodeService({ db, clock, gateway: gateway() }));
  const records = once(() => createRecordsService({ db }));
  // Order creations per player per minute, counted across nodes (Redis or the database).
  const orders = once(() =>
    createOrdersService({
      db,
      clock,
      config,
      gateway: gateway(),
      providers: providers(),
      log,
      rate: rateCounter('hc:orders:rate:'),
    }),
  );
  const analytics = once(() =>
    createAnalyticsService({ db, config, clock, rate: rateCounter('hc:analytics:rate:') }),
  );

  // Publisher API calls per key per minute, counted across nodes (ADR 0039).
  const publisherAuth = once(() =>
    createPublisherAuth({
      db,
      clock,
      cipher: dataCipher(),
      rate: rateCounter('hc:publisher:rate:'),
      perMinute: config.publisherCallsPerMinute,
      log,
    }),
  );
  const publisherPlayers = once(() =>
    createPlayersService({ db, clock, gateway: gateway(), forgetSessions }),
  );
  const arrival = once(() =>
    createArrivalService({
      db,
      clock,
      gateway: gateway(),
      handover: handover(),
      pepper: config.codeHashSecret,
      publicBaseUrl: config.publicBaseUrl,
    }),
  );
  const publisherKeys = once(() => createPublisherKeysService({ db, clock, cipher: dataCipher() }));

  // The operator console (docs/console.md, ADR 0040).
  const auditLog = once(() => createAuditService({ db, clock }));
  const consoleAuth = once(() =>
    createConsoleAuth({
      db,
      clock,
      policy: {
        idleTimeoutSeconds: config.console.idleTimeoutSeconds,
        sessionHours: config.console.sessionHours,
        secure: config.publicBaseUrl.startsWith('https:'),
      },
    }),
  );
  const twoFactor = once(() =>
    createTwoFactorService({
      db,
      clock,
      cipher: dataCipher(),
      pepper: config.codeHashSecret,
      issuer: config.siteTitle,
    }),
  );
  const consoleOperators = once(() =>
    createOperatorsService({
      db,
      clock,
      auth: consoleAuth(),
      twoFactor: twoFactor(),
      publicBaseUrl: config.publicBaseUrl,
      requireTwoFactor: config.console.requireTwoFactor,
    }),
  );

  const gamesConsole = once(() =>
    createGamesConsoleService({
      db,
      clock,
      cipher: dataCipher,
      directory: gatewayDirectory(),
      invalidation,
      timeoutMs: config.gatewayTimeoutMs,
    }),
  );
  const giftCodesConsole = once(() =>
    createGiftCodesConsoleService({ db, clock, cipher: dataCipher }),
  );
  // Player support and HC Point adjustments (docs/console.md#support-players, ADR 0052).
  const playersSupport = once(() =>
    createPlayersSupportService({ db, clock, realName, codes, forgetSessions }),
  );
  const adjustments = once(() =>
    createAdjustmentsService({
      db,
      clock,
      approvalThreshold: config.console.adjustmentApprovalThreshold,
    }),
  );

  return container;
}

export type Container = ReturnType<typeof createContainer>;
