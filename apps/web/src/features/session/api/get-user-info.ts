// Loads the session's user info into app state (SPEC §3, §7 /api/user/uinfo).
import { ErrorCode, api } from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import { ApiError, errorTranslationKey } from '../../../lib/api-error';
import { showNotice } from '../../../lib/notices';
import { sessionEvents } from '../../../lib/session-events';
import { removeQueryParams } from '../../../lib/url-query';
import { anonymousUser, appStore, type UserInfo } from '../../../lib/app-store';
import { storage } from '../../../lib/storage';

/**
 * SPEC §4: a temporary web token in the query (`hctoken`, from the game client or a social
 * sign-in hand-over) is exchanged for a session before user info loads. The parameter is
 * removed from the URL whatever the outcome (it is single-use); a failure shows its
 * translated error and leaves the visitor as they were. Never rejects.
 */
export async function exchangeTemporaryToken(search: string): Promise<void> {
  const ticket = new URLSearchParams(search).get('hctoken');
  if (ticket === null) return;
  try {
    if (ticket === '') throw new ApiError(ErrorCode.InvalidToken, 'empty hctoken');
    const result = await callApi(api.userTmpWebTokenLogin, { token: ticket });
    storage.setToken(result.token);
    if (result.customer_service) storage.setCustomerService(result.customer_service);
    sessionEvents.emit('login_use');
  } catch (error) {
    showNotice(errorTranslationKey(error), 'error');
  } finally {
    removeQueryParams(['hctoken']);
  }
}

export async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const info = await callApi(api.userUinfo, {}, { signal });
  if (!info.login) {
    // A token the server no longer knows is stale: forget it.
    storage.removeToken();
    return { ...anonymousUser, isInit: info.isInit };
  }
  if (info.customer_service) storage.setCustomerService(info.customer_service);
  return {
    login: true,
    isInit: info.isInit,
    ePointNum: appStore.getState().userInfo.ePointNum,
    gameAccountId: info.gameAccountId,
    gameId: info.gameId,
    userId: info.userId,
    token: storage.getToken(),
    accid: info.accid,
    account: info.account,
    customerService: info.customer_service ?? storage.getCustomerService(),
  };
}

/** Reloads user info into app state (after sign-in, account binding, …). */
export async function refreshUserInfo(): Promise<UserInfo> {
  const userInfo = await fetchUserInfo();
  appStore.setState({ userInfo });
  return userInfo;
}
