// The route table of docs/product/routes-and-screens.md#redirect-routes as path builders: links and redirects use these, never literals.

export const paths = {
  root: '/',
  login: '/login',
  forbidden: '/403',
  main: '/main',
  home: '/main/home',
  recharge: '/main/recharge',
  rechargeDetail: (id: string | number) =>
    `/main/recharge/detail/${encodeURIComponent(String(id))}`,
  accountUser: '/main/account/user',
  accountRecharge: '/main/account/recharge',
  accountEpoint: '/main/account/epoint',
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
