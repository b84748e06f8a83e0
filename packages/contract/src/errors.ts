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
};

const byValue = new Map<number, ErrorCodeName>(
  Object.entries(ErrorCode).map(([k, v]) => [v, k as ErrorCodeName]),
);

/** The catalogue key for a numeric code, or undefined for a code we do not know. */
export function errorKeyOf(code: number): ErrorCodeName | undefined {
  return byValue.get(code);
}
