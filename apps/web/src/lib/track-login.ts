// HOOK POINT (analytics issue, SPEC §4 Apple sign-in return): logs a sign-in result.
// Deliberately a no-op until the analytics issue fills it in; callers need not change.

export type LoginResult = 'success' | 'fail';

export function trackLoginResult(result: LoginResult): void {
  void result;
}
