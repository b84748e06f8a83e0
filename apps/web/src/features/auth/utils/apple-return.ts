// docs/product/sign-in.md#apple-sign-in-return: after user info initialises, `appleId` in the query says how an
// Apple sign-in ended (`false`: no account found); the message is shown, the result logged for
// analytics, and the parameter removed from the URL.
import { showNotice } from '../../../lib/notices';
import { trackLoginResult } from '../../../lib/track-login';
import { removeQueryParams } from '../../../lib/url-query';

export function handleAppleReturn(search: string): void {
  const appleId = new URLSearchParams(search).get('appleId');
  if (appleId === null) return;
  if (appleId === 'false') {
    showNotice('info.AppleSignInAccountNotFound', 'warning');
    trackLoginResult('fail', 'apple');
  } else {
    showNotice('info.loginSuc', 'success');
    trackLoginResult('success', 'apple');
  }
  removeQueryParams(['appleId']);
}
