// SPEC §3 login_result (issue 7): logged by the Apple sign-in return (SPEC §4) and by the login
// form. `method` (account, email, phone, apple) goes into the event's type; nothing else about
// the sign-in (account names, codes, passwords) is ever logged.
import { track } from './analytics/track';

export type LoginResult = 'success' | 'fail';

export function trackLoginResult(result: LoginResult, method?: string): void {
  track('login_result', { result, ...(method ? { type: method } : {}) });
}
