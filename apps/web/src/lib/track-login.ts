// docs/product/analytics.md#events login_result: logged by the Apple sign-in return (docs/product/sign-in.md#apple-sign-in-return) and by the login
// form. `method` (account, email, phone, apple) goes into the event's type; nothing else about
// the sign-in (account names, codes, passwords) is ever logged.
import { track } from './analytics/track';

export type LoginResult = 'success' | 'fail';

export function trackLoginResult(result: LoginResult, method?: string): void {
  track('login_result', { result, ...(method ? { type: method } : {}) });
}
