// Shared constants of SPEC §9 so server and web never disagree on a number or a key name.

/** SPEC §9: every API request times out after 60 s. */
export const REQUEST_TIMEOUT_MS = 60000;
/** SPEC §5: password length bounds. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
/** SPEC §9: at or below this viewport width the mobile layout is used. */
export const MOBILE_MAX_WIDTH = 750;
/** SPEC §9: minimum page stay reported to analytics. */
export const PAGE_STAY_MIN_MS = 2000;
/** SPEC §9: traffic source when none is given. */
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
/** SPEC §3 article types; `strategy: 4` is a contract extension (see README). */
export const ArticleType = { news: 1, event: 2, update: 3, strategy: 4 } as const;
export type ArticleTypeValue = (typeof ArticleType)[keyof typeof ArticleType];
/** SPEC §9: item sort weight factor. */
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
