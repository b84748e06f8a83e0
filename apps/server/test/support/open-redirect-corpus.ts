// Open-redirect payloads for docs/product/session.md#redirect-after-sign-in `redirect`: what attackers put in a
// "return to" parameter to leave the site. Used by the server sweep (the contract's rule and the
// social sign-in endpoint) and the web unit test (the login page's rule).

/**
 * Every one of these must end on a same-origin path (mostly the default /main/home; a harmless
 * local path such as `/@evil.com` may survive as what it is: a path on the portal).
 */
export const OPEN_REDIRECT_CORPUS: readonly string[] = [
  '//evil.com',
  '//evil.com/main/home',
  '///evil.com',
  '////evil.com',
  '/\\evil.com',
  '\\/evil.com',
  '\\\\evil.com',
  '/\\/evil.com',
  'https://evil.com',
  'http://evil.com/main/home',
  'https:evil.com',
  'https:/evil.com',
  'HTTPS://EVIL.COM',
  '//evil.com@portal.example',
  'https://portal.example@evil.com',
  '/@evil.com',
  'evil.com',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '%2F%2Fevil.com',
  '/%2F/evil.com',
  '/%2Fevil.com',
  '%2f%2fevil.com',
  '/%5Cevil.com',
  '/%5C%5Cevil.com',
  '%5C%5Cevil.com',
  '/%252F%252Fevil.com',
  '/%25252F%25252Fevil.com',
  '/%09/evil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  '/\r\n/evil.com',
  '/%0A/evil.com',
  '/%0D%0A/evil.com',
  '/%00/evil.com',
  ' //evil.com',
  '\t//evil.com',
  '/ /evil.com',
  '\u3002evil.com',
  '//evil\u3002com',
  '/\uFF0F/evil.com',
  '\uFF0F\uFF0Fevil.com',
  '/%EF%BC%8F/evil.com',
  '//ⓔⓥⓘⓛ.com',
  '/.//evil.com',
  '/..//evil.com',
  '/login',
  '/main/../login',
  '/%E0%A4%A',
  `/${'a'.repeat(3000)}`,
  '',
];

/** Same-origin paths that must survive unchanged. */
export const SAME_ORIGIN_PATHS: ReadonlyArray<readonly [string, string]> = [
  ['/main/recharge', '/main/recharge'],
  ['/main/account/user?tab=orders#list', '/main/account/user?tab=orders#list'],
  ['/main/event/detail/3', '/main/event/detail/3'],
  ['/main/event/detail/3?next=//evil.com', '/main/event/detail/3?next=//evil.com'],
];
