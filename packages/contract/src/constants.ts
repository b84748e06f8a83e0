// Shared constants of docs/product/constants.md so server and web never disagree on a number or a key name.

/** docs/product/constants.md: every API request times out after 60 s. */
export const REQUEST_TIMEOUT_MS = 60000;
/** docs/product/sign-in.md#password-rule: password length bounds. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
/** docs/product/constants.md#layout-and-timing: at or below this viewport width the mobile layout is used. */
export const MOBILE_MAX_WIDTH = 750;
/** docs/product/constants.md#layout-and-timing: minimum page stay reported to analytics. */
export const PAGE_STAY_MIN_MS = 2000;
/** docs/product/constants.md#layout-and-timing: traffic source when none is given. */
export const DEFAULT_TRAFFIC_SOURCE = 'organic';
export const FALLBACK_LANGUAGE = 'en-US';
export const LANGUAGES = [
  'en-US',
  'zh-CN',
  'zh-HK',
  'zh-TW',
  'th-TH',
  'ko-KR',
  'ja-JP',
  'vi-VN',
  'de-DE',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const STORAGE_KEYS = {
  token: 'hc_token',
  customerService: 'hc_customer_service',
  serverRoles: 'hc_server_roles',
  deviceId: 'hc_device_id',
  language: 'hc_language',
  rememberLogin: 'hc_remember_login',
} as const;
/** docs/product/content.md#articles article types; `strategy: 4` is a contract extension (see README). */
export const ArticleType = { news: 1, event: 2, update: 3, strategy: 4 } as const;
export type ArticleTypeValue = (typeof ArticleType)[keyof typeof ArticleType];
/** docs/product/constants.md#rules: item sort weight factor. */
export const ITEM_SORT_FACTOR = 1000;

export const constants = {
  REQUEST_TIMEOUT_MS,
  PASSWORD_MIN,
  PASSWORD_MAX,
  MOBILE_MAX_WIDTH,
  PAGE_STAY_MIN_MS,
  DEFAULT_TRAFFIC_SOURCE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  STORAGE_KEYS,
  ArticleType,
  ITEM_SORT_FACTOR,
} as const;
