// The console's client routes (under the router's basename /console).
export const paths = {
  home: '/',
  signIn: '/sign-in',
  setup: '/setup',
  twoFactor: '/two-factor',
  operators: '/operators',
  audit: '/audit',
  catalog: '/catalog',
  content: '/content',
  games: '/games',
  giftCodes: '/gift-codes',
  players: '/players',
  approvals: '/approvals',
  reconciliation: '/reconciliation',
  orders: '/orders',
  dashboard: '/dashboard',
  jobs: '/jobs',
} as const;

/** Only a path of this app (one leading slash, no scheme or host) is a safe `next`. */
export function safeNext(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return paths.home;
  return value;
}
