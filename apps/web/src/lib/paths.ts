// The route table of docs/product/routes-and-screens.md#redirect-routes as path builders: links and redirects use these, never literals.
// The builders carry the glossary's names (top-up, HC Point); the browser routes keep `recharge`
// and `epoint` (fixed, docs/glossary.md).

export const paths = {
  root: '/',
  login: '/login',
  signUp: '/signup',
  forbidden: '/403',
  main: '/main',
  home: '/main/home',
  topup: '/main/recharge',
  orderDetail: (id: string | number) => `/main/recharge/detail/${encodeURIComponent(String(id))}`,
  accountUser: '/main/account/user',
  accountTopupHistory: '/main/account/recharge',
  accountHcPoint: '/main/account/epoint',
  event: '/main/event',
  eventDetail: (id: string | number) => `/main/event/detail/${encodeURIComponent(String(id))}`,
  account: '/account',
} as const;

/** Anchors on the home page that the header and footer link to until their pages exist. */
export const homeSections = {
  download: 'download',
  aboutUs: 'about-us',
  contactUs: 'contact-us',
  privacyPolicy: 'privacy-policy',
  userAgreement: 'user-agreement',
} as const;

export const homeSection = (id: (typeof homeSections)[keyof typeof homeSections]) =>
  `${paths.home}#${id}`;
