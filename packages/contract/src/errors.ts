// The error catalogue of docs/product/errors.md#error-catalogue as stable numeric codes. Codes never change once
// released; the web shows the translated text for `errors:<key>`, never the server's `msg`.

export const ErrorCode = {
  Ok: 0,
  /** Transport/network failure as seen by the client (docs/product/api.md#response-handling "Network errors become a 500 error"). */
  NetworkError: 500,
  InvalidParams: 10001,
  SystemBusy: 10002,
  NotFound: 10003,
  PayloadTooLarge: 10004,
  TooManyRequests: 10005,
  AccountNotFound: 11001,
  GameAccountNotFound: 11002,
  LoginNameNotFound: 11003,
  EmailNotFound: 11004,
  PhoneNotFound: 11005,
  FacebookAccountNotFound: 11006,
  GoogleAccountNotFound: 11007,
  AppleAccountNotFound: 11008,
  AuthFail: 12001,
  InvalidPassword: 12002,
  InvalidMobileCode: 12003,
  InvalidToken: 12004,
  AuthCodeSendTooFrequently: 12005,
  canNoEmailLogin: 12006,
  InvalidEmailCode: 12007,
  PasswordFormatMismatch: 12008,
  /** Session missing/expired/revoked: always sent with HTTP 203 (docs/product/session.md#session-expiry, docs/decisions/0006-envelope-and-error-codes.md). */
  tokenFail: 20001,
  /**
   * docs/product/session.md#code-20002: "Response code 20002 sends the user to / if not already there."
   * Meaning here: the request cannot be served in the current context (e.g. the game or
   * game account in the headers is unknown or no longer available); the client restarts
   * from the home page.
   */
  ContextReset: 20002,
  ePointNumInsufficient: 30001,
  /** `data.maintenance_message`: the operator's message in the request's language, if any. */
  serverMaintenance: 30002,
  OrderNotFound: 30003,
  ProductNotFound: 30004,
  RoleNotFound: 30005,
  PayChannelUnavailable: 30006,
  OrderNotPayable: 30007,
  ArticleNotFound: 40001,
  RedeemCodeInvalid: 40002,
  RedeemCodeUsed: 40003,
  RedeemCodeExpired: 40004,
  RedeemLimitReached: 40005,
  RedeemWrongGame: 40006,
  AnalyticsSignatureInvalid: 50001,
  AnalyticsReplay: 50002,
  /** Publisher API (docs/publisher-api.md): HTTP 401, signature or key missing, wrong, unknown or revoked. */
  PublisherAuthFailed: 60001,
  /** Publisher API: HTTP 401, x-hc-timestamp missing or more than 300 s from the portal's clock. */
  PublisherTimestampStale: 60002,
  /** Publisher API: HTTP 401, the x-hc-nonce was already used within the last 10 minutes. */
  PublisherNonceReplayed: 60003,
  /** The Idempotency-Key was already used for a different request body. */
  IdempotencyKeyReused: 60004,
  /** The game account (uid) is bound to another portal account. */
  GameAccountBoundElsewhere: 60005,
  /** The portal account already has another game account in this game. */
  GameAccountAlreadyBound: 60006,
  /** The game does not know this player id (gateway `validate`). */
  PlayerUnknownToGame: 60007,
  /** The email address belongs to another account. */
  EmailInUse: 60008,
  /** The phone number belongs to another account. */
  PhoneInUse: 60009,
  /** Player arrival (docs/decisions/0042-player-arrival.md): no live link code matches. */
  LinkCodeInvalid: 61001,
  /** The link code's 10 minutes are over: the game must show a new one. */
  LinkCodeExpired: 61002,
  /** The link code was already used to bind a game account. */
  LinkCodeUsed: 61003,
  /** Sign-up on the portal is switched off on this deployment (SIGN_UP_ENABLED). */
  SignUpDisabled: 61004,
  /** The login name belongs to another account. */
  LoginNameInUse: 61005,
  /** The terms or privacy notice changed since the form was shown: read and accept again. */
  ConsentOutdated: 61006,
  /** Self-service (docs/decisions/0049-account-self-service-and-deletion.md): unlinking would leave no way to sign in. */
  LastSignInMethod: 62001,
  /** The account has no linked sign-in of this provider. */
  SocialNotLinked: 62002,
  /** The account already has a linked sign-in of this provider. */
  SocialAlreadyLinked: 62003,
  /** This portal does not offer sign-in with that provider. */
  SocialProviderUnavailable: 62004,
  /** The email or phone given is already the account's own. */
  ContactUnchanged: 62005,
  /** The new password is the current one. */
  PasswordUnchanged: 62006,
  /** No live session of this account has that id. */
  SessionNotFound: 62007,
  /** The login name typed to confirm a deletion is not the account's. */
  DeletionConfirmMismatch: 62008,
  /** Console (docs/console.md#signing-in): wrong name or password, disabled, or not set up yet. */
  ConsoleSignInFailed: 70001,
  /** Console: the password is right and two-factor is on: send the same body with `code`. */
  ConsoleSecondFactorRequired: 70002,
  /** Console: the authenticator or recovery code is wrong, used or replayed. */
  ConsoleSecondFactorInvalid: 70003,
  /** Console: HTTP 401, no console session, or it ended (idle, 12 hours, sign-out, disabled). */
  ConsoleSessionExpired: 70004,
  /** Console: HTTP 403, none of the operator's roles may make this call. */
  ConsoleForbidden: 70005,
  /** Console: HTTP 403, the x-csrf-token header is missing or not this session's. */
  ConsoleCsrfFailed: 70006,
  /** Console: HTTP 403, the operator must enrol two-factor authentication first. */
  ConsoleEnrolmentRequired: 70007,
  /** Console: the setup link is unknown, used or expired. */
  SetupLinkInvalid: 70008,
  /** Console: another operator has this name. */
  OperatorNameTaken: 70009,
  /** Console: no operator with this id. */
  OperatorNotFound: 70010,
  /** Console: the change would leave no enabled owner. */
  LastOwner: 70011,
  /** Console: operators cannot change their own roles or disable themselves. */
  OperatorSelfChange: 70012,
  /** Console: two-factor is already enrolled (an owner can reset it). */
  TwoFactorAlreadyEnabled: 70013,
  /** Console: two-factor confirmation without a started enrolment. */
  TwoFactorNotStarted: 70014,
  /** Console: the operator has already set a password (no new setup link). */
  OperatorAlreadySetUp: 70015,
  /** Console images: the file is not a PNG, JPEG or WebP image (checked by its bytes, not its name). */
  ImageTypeRefused: 70150,
  /** Console images: the file is larger than IMAGE_MAX_BYTES (`data.maxBytes`). */
  ImageTooLarge: 70151,
  /** Console images: the file has the right signature but cannot be decoded, or is too many pixels. */
  ImageUnreadable: 70152,
  /** Console catalog: no pack with this id (or of the other kind). */
  CatalogPackNotFound: 70153,
  /** Console catalog: another pack of the game has this item id (cp_goods_id). */
  CatalogGoodsIdTaken: 70154,
  /** Console catalog: the pack could not be shown or sold as given (`data.issues`: path and reason). */
  CatalogPackInvalid: 70155,
  /** Console catalog: no rebate campaign with this id. */
  RebateCampaignNotFound: 70156,
  /** Console catalog: the campaign's window overlaps another enabled campaign of the game (`data.campaignId`). */
  RebateCampaignOverlap: 70157,
  /** Console catalog: the campaign could not be shown as given (`data.issues`). */
  RebateCampaignInvalid: 70158,
  /** Console catalog: no game with this id. */
  CatalogGameNotFound: 70159,
  /** Console images: the image URL is not one of the portal's uploaded images. */
  ImageNotFound: 70160,
  /** Console images: a record still shows the image (`data.usedBy`: kind, id, label); not deleted. */
  ImageInUse: 70161,
  /** Console images: the S3-compatible bucket refused or did not answer; nothing changed. */
  ImageStorageFailed: 70162,
  /** Console content: no article with this id. */
  ContentArticleNotFound: 70200,
  /** Console content: no bulletin with this id. */
  ContentBulletinNotFound: 70201,
  /** Console content: no Game Info / Game Features block with this id. */
  ContentBlockNotFound: 70202,
  /** Console content: no game with this id (home configuration). */
  ContentGameNotFound: 70203,
  /** Console content: a bulletin's end is not after its beginning. */
  ContentScheduleInvalid: 70204,
  /** Console content: the en-US title and text are missing (players without their language get them). */
  ContentFallbackMissing: 70205,
  /** Console games: no game with this id. */
  ConsoleGameNotFound: 70100,
  /** Console games: a game with this id exists. */
  GameIdTaken: 70101,
  /** Console games: the game has no gateway set in the console (set its URL first). */
  GameGatewayNotSet: 70102,
  /** Console servers: the game has no server with this id (sync the list from the gateway). */
  ServerNotFound: 70103,
  /** Console gift codes: no campaign with this id. */
  GiftCampaignNotFound: 70104,
  /** Console gift codes: the code is not one of the campaign's. */
  GiftCodeNotFound: 70105,
  /** Console gift codes: the campaign is revoked and cannot change any more. */
  GiftCampaignRevoked: 70106,
  /** Console gift codes: not possible for this campaign (`data.reason`: no_such_pack, shared). */
  GiftCampaignInvalid: 70107,
  /** Console gift codes: this code exists already (a shared code must be new). */
  GiftCodeTaken: 70108,
  /** The game gateway did not answer (or answered badly) when the console asked it. */
  GameGatewayUnreachable: 70109,
  /** Console games: `game` credentials need a gateway (console or GAME_GATEWAYS) to ask. */
  GameCredentialsNeedGateway: 70110,
  /** Console support: no player (account) with this id. */
  PlayerNotFound: 70300,
  /** Console support: the game account is not one of this player's. */
  PlayerGameAccountNotFound: 70301,
  /** Console support: the player has no live session with this id. */
  PlayerSessionNotFound: 70302,
  /** Console support: the player has no email address, so no reset mail can be sent. */
  PlayerNoEmail: 70303,
  /** Console support: the player has no value for this personal data field. */
  PlayerFieldEmpty: 70304,
  /** Console adjustments: no adjustment with this id. */
  AdjustmentNotFound: 70305,
  /** Console adjustments: the debit would take the balance below zero (`data.balance`). */
  AdjustmentBalanceTooLow: 70306,
  /** Console adjustments: the operator who asked for it cannot approve or reject it. */
  AdjustmentSelfApproval: 70307,
  /** Console adjustments: already approved or rejected (`data.status`). */
  AdjustmentNotPending: 70308,
  /** Console adjustments: this idempotency key was used for a different adjustment. */
  AdjustmentKeyReused: 70309,
  /** Console orders: no order with this order number. */
  ConsoleOrderNotFound: 70330,
  /** Console orders: the order's delivery cannot be queued again (`data.reason`). */
  OrderRedeliverNotAllowed: 70331,
  /** Console orders: only a paid or delivered order can be refunded (`data.status`). */
  OrderRefundNotAllowed: 70332,
  /** Console orders: the order's payment provider is not configured here, or has no payment. */
  OrderRefundProviderUnavailable: 70333,
  /** Console orders: the payment provider refused the refund or did not answer (`data.message`). */
  OrderRefundProviderFailed: 70334,
  /** Console orders: the filter is not usable (`data.reason`: amount_without_currency, range). */
  OrdersFilterInvalid: 70335,
  /** Console reconciliation: the report file is malformed (`data.line`, `data.message`); nothing stored. */
  ReconciliationFileInvalid: 70370,
  /** Console reconciliation: the report file is larger than allowed (`data.maxBytes`). */
  ReconciliationFileTooLarge: 70371,
  /** Console reconciliation: this provider is not configured, or cannot be fetched from. */
  ReconciliationProviderUnavailable: 70372,
  /** Console reconciliation: the provider's API refused or did not answer. */
  ReconciliationFetchFailed: 70373,
  /** Console reconciliation: no run with this id. */
  ReconciliationRunNotFound: 70374,
  /** Console reconciliation: no difference with this id. */
  ReconciliationDifferenceNotFound: 70375,
  /** Console reconciliation: this action does not fit the difference (its kind, or no order). */
  ReconciliationActionNotAllowed: 70376,
  /** Console reconciliation: the order refused the payment or refund (`data.outcome`). */
  ReconciliationActionRefused: 70377,
  /** Console reconciliation: the period is empty or longer than allowed. */
  ReconciliationPeriodInvalid: 70378,
  /** Console jobs: no job with this id. */
  JobNotFound: 70350,
  /** Console jobs: the job's state does not allow this action (`data.state`). */
  JobActionNotAllowed: 70351,
  /** Console ledger export: the date range is empty or longer than allowed (`data.maxDays`). */
  LedgerExportRangeInvalid: 70352,
  /** Console ledger export: no player with this account id. */
  LedgerExportPlayerNotFound: 70353,
  /** Console dashboards: the date range is empty, reversed or longer than allowed (`data.maxDays`). */
  DashboardRangeInvalid: 70360,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** English text sent as `msg` (for logs and API users; the web translates by code). */
export const errorMessages: Record<ErrorCodeName, string> = {
  Ok: 'ok',
  NetworkError: 'Network error',
  InvalidParams: 'Parameter exception',
  SystemBusy: 'The system is busy',
  NotFound: 'Not found',
  PayloadTooLarge: 'Request body too large',
  TooManyRequests: 'Too many requests',
  AccountNotFound: 'Account does not exist',
  GameAccountNotFound: 'Game account does not exist',
  LoginNameNotFound: 'Login name does not exist',
  EmailNotFound: 'Email account does not exist',
  PhoneNotFound: 'Phone account does not exist',
  FacebookAccountNotFound: 'Facebook account does not exist',
  GoogleAccountNotFound: 'Google account does not exist',
  AppleAccountNotFound: 'Apple account does not exist',
  AuthFail: 'User authentication failed',
  InvalidPassword: 'Incorrect password',
  InvalidMobileCode: 'Phone verification code is incorrect',
  InvalidToken: 'Illegal token',
  AuthCodeSendTooFrequently: 'The verification code is obtained too frequently',
  canNoEmailLogin: 'Email login is not supported, choose another login method',
  InvalidEmailCode: 'Email verification code is incorrect',
  PasswordFormatMismatch: 'Password format mismatch',
  tokenFail: 'Information expired or account accessed on another device',
  ContextReset: 'Context is no longer valid, start again from the home page',
  ePointNumInsufficient: 'The HC balance is insufficient, please recharge',
  serverMaintenance: 'The server is under maintenance, try again later',
  OrderNotFound: 'Order does not exist',
  ProductNotFound: 'Item does not exist',
  RoleNotFound: 'Role does not exist',
  PayChannelUnavailable: 'Payment method unavailable',
  OrderNotPayable: 'Order cannot be paid',
  ArticleNotFound: 'Announcement does not exist',
  RedeemCodeInvalid: 'Redeem code is invalid',
  RedeemCodeUsed: 'Redeem code has already been used',
  RedeemCodeExpired: 'Redeem code has expired',
  RedeemLimitReached: 'Redeem limit reached',
  RedeemWrongGame: 'Redeem code belongs to another game',
  AnalyticsSignatureInvalid: 'Analytics batch signature is invalid or its session has expired',
  AnalyticsReplay: 'Analytics batch is stale or was already received',
  PublisherAuthFailed: 'Publisher request signature or key is invalid',
  PublisherTimestampStale: 'Publisher request timestamp is missing or too far from the server time',
  PublisherNonceReplayed: 'Publisher request nonce was already used',
  IdempotencyKeyReused: 'Idempotency key was already used for a different request',
  GameAccountBoundElsewhere: 'Game account is bound to another account',
  GameAccountAlreadyBound: 'Account already has a game account in this game',
  PlayerUnknownToGame: 'The game does not know this player',
  EmailInUse: 'Email address is used by another account',
  PhoneInUse: 'Phone number is used by another account',
  LinkCodeInvalid: 'Link code is invalid',
  LinkCodeExpired: 'Link code has expired',
  LinkCodeUsed: 'Link code has already been used',
  SignUpDisabled: 'Sign-up is not available',
  LoginNameInUse: 'Login name is used by another account',
  ConsentOutdated: 'The terms or privacy notice have changed, accept the current version',
  LastSignInMethod: 'This is the last way to sign in to the account and cannot be removed',
  SocialNotLinked: 'No sign-in of this provider is linked to the account',
  SocialAlreadyLinked: 'A sign-in of this provider is already linked to the account',
  SocialProviderUnavailable: 'Sign-in with this provider is not available',
  ContactUnchanged: 'This is already the account’s email or phone',
  PasswordUnchanged: 'The new password must differ from the current one',
  SessionNotFound: 'Session does not exist or has already ended',
  DeletionConfirmMismatch: 'The login name typed does not match the account',
  ConsoleSignInFailed: 'Operator name or password is incorrect',
  ConsoleSecondFactorRequired: 'Enter the code of your authenticator app',
  ConsoleSecondFactorInvalid: 'The authenticator or recovery code is incorrect',
  ConsoleSessionExpired: 'Console session is missing or expired, sign in again',
  ConsoleForbidden: 'Your roles do not allow this',
  ConsoleCsrfFailed: 'The request is missing a valid CSRF token',
  ConsoleEnrolmentRequired: 'Set up two-factor authentication first',
  SetupLinkInvalid: 'The setup link is invalid, used or expired',
  OperatorNameTaken: 'Another operator has this name',
  OperatorNotFound: 'Operator does not exist',
  LastOwner: 'At least one enabled owner must remain',
  OperatorSelfChange: 'You cannot change your own roles or disable yourself',
  TwoFactorAlreadyEnabled: 'Two-factor authentication is already set up',
  TwoFactorNotStarted: 'Start two-factor setup first',
  OperatorAlreadySetUp: 'The operator has already set a password',
  ImageTypeRefused: 'Only PNG, JPEG and WebP images are accepted',
  ImageTooLarge: 'The image file is too large',
  ImageUnreadable: 'The image cannot be read',
  CatalogPackNotFound: 'Pack does not exist',
  CatalogGoodsIdTaken: 'Another pack of this game has this item id',
  CatalogPackInvalid: 'The pack cannot be shown to players as given',
  RebateCampaignNotFound: 'Rebate campaign does not exist',
  RebateCampaignOverlap: 'The campaign overlaps another enabled campaign of the game',
  RebateCampaignInvalid: 'The rebate campaign cannot be shown to players as given',
  CatalogGameNotFound: 'Game does not exist',
  ImageNotFound: 'Image does not exist',
  ImageInUse: 'The image is still in use',
  ImageStorageFailed: 'The image storage did not answer',
  ContentArticleNotFound: 'Article does not exist',
  ContentBulletinNotFound: 'Bulletin does not exist',
  ContentBlockNotFound: 'Home block does not exist',
  ContentGameNotFound: 'Game does not exist',
  ContentScheduleInvalid: 'The end must be after the beginning',
  ContentFallbackMissing: 'The en-US title and text are required',
  ConsoleGameNotFound: 'Game does not exist',
  GameIdTaken: 'A game with this id exists',
  GameGatewayNotSet: 'The game has no gateway set in the console',
  ServerNotFound: 'Server does not exist',
  GiftCampaignNotFound: 'Gift-code campaign does not exist',
  GiftCodeNotFound: 'The code is not one of this campaign',
  GiftCampaignRevoked: 'The campaign is revoked',
  GiftCampaignInvalid: 'This is not possible for this campaign',
  GiftCodeTaken: 'This code exists already',
  GameGatewayUnreachable:
    'The game gateway did not answer; check its address and secret, then try again',
  GameCredentialsNeedGateway: 'Set the game gateway before letting the game check passwords',
  PlayerNotFound: 'Player does not exist',
  PlayerGameAccountNotFound: 'Game account does not exist for this player',
  PlayerSessionNotFound: 'Session does not exist or has ended',
  PlayerNoEmail: 'The player has no email address',
  PlayerFieldEmpty: 'The player has no such data',
  AdjustmentNotFound: 'Adjustment does not exist',
  AdjustmentBalanceTooLow: 'The balance is too low for this debit',
  AdjustmentSelfApproval: 'A second operator must decide this adjustment',
  AdjustmentNotPending: 'The adjustment is no longer pending',
  AdjustmentKeyReused: 'This request key was used for a different adjustment',
  ConsoleOrderNotFound: 'Order does not exist',
  OrderRedeliverNotAllowed: 'The delivery of this order cannot be queued again',
  OrderRefundNotAllowed: 'Only a paid or delivered order can be refunded',
  OrderRefundProviderUnavailable: 'The payment provider of this order is not available',
  OrderRefundProviderFailed: 'The payment provider refused the refund or did not answer',
  OrdersFilterInvalid: 'The filter is not usable',
  ReconciliationFileInvalid: 'The settlement report file is malformed',
  ReconciliationFileTooLarge: 'The settlement report file is too large',
  ReconciliationProviderUnavailable: 'This payment provider is not available for reconciliation',
  ReconciliationFetchFailed: 'The payment provider did not answer the settlement request',
  ReconciliationRunNotFound: 'Reconciliation run does not exist',
  ReconciliationDifferenceNotFound: 'Reconciliation difference does not exist',
  ReconciliationActionNotAllowed: 'This action does not apply to this difference',
  ReconciliationActionRefused: 'The order refused this change',
  ReconciliationPeriodInvalid: 'The period is empty or too long',
  JobNotFound: 'Job does not exist',
  JobActionNotAllowed: 'This action does not apply to the job in its current state',
  LedgerExportRangeInvalid: 'The date range is empty or too long',
  LedgerExportPlayerNotFound: 'Player does not exist',
  DashboardRangeInvalid: 'The date range is empty or too long',
};

/** Console codes (70xxx) are shown by the console app only; the player web never receives them. */
export function isConsoleErrorCode(code: number): boolean {
  return code >= 70000 && code < 80000;
}

/** The HTTP status of an error envelope (docs/decisions/0006-envelope-and-error-codes.md): 200 unless listed. */
export function httpStatusOfError(code: number): 200 | 203 | 401 | 403 {
  switch (code) {
    case ErrorCode.tokenFail:
      return 203;
    case ErrorCode.PublisherAuthFailed:
    case ErrorCode.PublisherTimestampStale:
    case ErrorCode.PublisherNonceReplayed:
    case ErrorCode.ConsoleSessionExpired:
      return 401;
    case ErrorCode.ConsoleForbidden:
    case ErrorCode.ConsoleCsrfFailed:
    case ErrorCode.ConsoleEnrolmentRequired:
      return 403;
    default:
      return 200;
  }
}

const byValue = new Map<number, ErrorCodeName>(
  Object.entries(ErrorCode).map(([k, v]) => [v, k as ErrorCodeName]),
);

/** The catalogue key for a numeric code, or undefined for a code we do not know. */
export function errorKeyOf(code: number): ErrorCodeName | undefined {
  return byValue.get(code);
}
