// The `?hctoken=` hand-over at start-up (docs/handover.md): the single-use ticket is
// exchanged for a session before user info loads. When another account is already signed in,
// the new session is kept aside and the player is asked first (a link can carry anyone's
// ticket: switching silently would sign the player into someone else's account). Only their
// choice switches; staying ends the set-aside session. `hctoken` leaves the address bar only
// once the hand-over has succeeded (signed in, or the player answered the switch question);
// on failure it stays (docs/product/session.md#hand-over).
import { api, ErrorCode, type LoginResult } from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import { ApiError, errorTranslationKey } from '../../../lib/api-error';
import type { UserInfo } from '../../../lib/app-store';
import { showNotice } from '../../../lib/notices';
import { sessionEvents } from '../../../lib/session-events';
import { storage } from '../../../lib/storage';
import { removeQueryParams } from '../../../lib/url-query';
import { fetchUserInfo, refreshUserInfo } from './get-user-info';
import { getPendingSwitch, setPendingSwitch } from './pending-switch';

export type { PendingSwitch } from './pending-switch';

/** The ticket's session, or null after showing the translated error (hctoken then kept). */
async function exchangeTicket(ticket: string): Promise<LoginResult | null> {
  try {
    if (ticket === '') throw new ApiError(ErrorCode.InvalidToken, 'empty hctoken');
    return await callApi(api.userTmpWebTokenLogin, { token: ticket });
  } catch (error) {
    showNotice(errorTranslationKey(error), 'error');
    return null;
  }
}

/** Store the hand-over's session as the page's own, and clear the spent ticket. */
function adopt(session: LoginResult): void {
  storage.setToken(session.token);
  if (session.customer_service) storage.setCustomerService(session.customer_service);
  sessionEvents.emit('login_use');
  removeQueryParams(['hctoken']);
}

/** End a hand-over session the page does not keep (failure ignored: it expires anyway). */
async function discard(session: LoginResult): Promise<void> {
  await callApi(api.userLogout, {}, { token: session.token }).catch(() => undefined);
}

/**
 * Start-up user info after the `hctoken` hand-over, if the query has one. Signed out (or a
 * stale token), or signed in as the ticket's own account: the ticket's session is used, as
 * before. Signed in as another account: that account stays until the player answers the
 * switch dialog. A failed exchange shows its error and leaves the visitor (and the URL) as they were.
 */
export async function loadUserInfoWithHandover(search: string): Promise<UserInfo> {
  const ticket = new URLSearchParams(search).get('hctoken');
  if (ticket === null) return fetchUserInfo();
  const signedIn = storage.getToken() !== null;
  const session = await exchangeTicket(ticket);
  if (session === null) return fetchUserInfo();
  if (!signedIn) {
    adopt(session);
    return fetchUserInfo();
  }
  let current: UserInfo;
  try {
    current = await fetchUserInfo();
  } catch (error) {
    // The signed-in account is unknown: never switch without asking. A failure: hctoken stays.
    await discard(session);
    throw error;
  }
  if (!current.login || current.accid === session.accid) {
    adopt(session);
    return current.login ? { ...current, token: session.token } : fetchUserInfo();
  }
  setPendingSwitch({ current: current.account ?? '', next: session });
  return current;
}

/** The player chose the link's account: its session becomes the page's. */
export async function acceptSwitch(): Promise<void> {
  const choice = getPendingSwitch();
  if (choice === null) return;
  setPendingSwitch(null);
  storage.removeServerRoles();
  adopt(choice.next);
  await refreshUserInfo().catch(() => undefined);
}

/** The player stays: the link's session is ended and its ticket cleared. */
export async function declineSwitch(): Promise<void> {
  const choice = getPendingSwitch();
  if (choice === null) return;
  setPendingSwitch(null);
  removeQueryParams(['hctoken']);
  await discard(choice.next);
}

/** Tests only. */
export function resetPendingSwitch(): void {
  setPendingSwitch(null);
}
