// What every successful sign-in does (docs/product/session.md#redirect-after-sign-in): store the session, reload user
// info, emit `login_use`, say "Login successful" and go back to the safe `redirect`.
import type { LoginResult } from '@hc/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { refreshUserInfo } from '../../features/session/api/get-user-info';
import { showNotice } from '../../lib/notices';
import { safeRedirect } from '../../lib/safe-redirect';
import { sessionEvents } from '../../lib/session-events';
import { storage } from '../../lib/storage';

export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  return safeRedirect(params.get('redirect'));
}

export function useCompleteLogin() {
  const navigate = useNavigate();
  const target = useRedirectTarget();
  return useCallback(
    async (result: LoginResult) => {
      storage.setToken(result.token);
      storage.setCustomerService(result.customer_service);
      await refreshUserInfo().catch(() => undefined);
      sessionEvents.emit('login_use');
      showNotice('info.loginSuc', 'success');
      await navigate(target, { replace: true });
    },
    [navigate, target],
  );
}
