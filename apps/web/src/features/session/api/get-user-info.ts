// Loads the session's user info into app state (docs/product/routes-and-screens.md#app-state, docs/product/api.md#sign-in-and-session-calls /api/user/uinfo). The `hctoken`
// hand-over that may come first at start-up is in handover.ts.
import { api } from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import { anonymousUser, appStore, type UserInfo } from '../../../lib/app-store';
import { storage } from '../../../lib/storage';

export async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const sent = storage.getToken();
  const info = await callApi(api.userUinfo, {}, { signal });
  if (!info.login) {
    // A token the server no longer knows is stale: forget it. Only the token this request
    // carried: one stored while it was on its way (a sign-in in another tab) is not judged here.
    if (sent !== null && storage.getToken() === sent) storage.removeToken();
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
