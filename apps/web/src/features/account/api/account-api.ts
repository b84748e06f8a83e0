// Calls of the account centre (docs/product/account.md#account-screen, docs/product/api.md#top-up-calls): top-up and HC Point records,
// real-name information (saved encrypted, docs/product/api.md#payload-encryption). Query keys: account-queries.ts.
import {
  ErrorCode,
  api,
  encryptPayload,
  type CallBody,
  type DeletionPayload,
  type IdentityPayload,
  type PasswordChangePayload,
  type RealInfo,
  type SocialProvider,
} from '@hc/contract';
import { callApi, requestHeaders } from '../../../lib/api-client';
import { langHeaders } from '../../../lib/query-language';
import { ApiError } from '../../../lib/api-error';
import { appStore } from '../../../lib/app-store';

export type OrderRecordBody = CallBody<typeof api.orderRecord>;
export type HcPointRecordBody = CallBody<typeof api.orderCoinRecord>;

export function fetchOrderRecords(body: OrderRecordBody, lang: string, signal?: AbortSignal) {
  return callApi(api.orderRecord, body, { signal, headers: langHeaders(lang) });
}

export function fetchHcPointRecords(body: HcPointRecordBody, signal?: AbortSignal) {
  return callApi(api.orderCoinRecord, body, { signal });
}

export async function fetchRealInfo(signal?: AbortSignal): Promise<RealInfo | null> {
  const { info } = await callApi(api.userRealInfoQuery, {}, { signal });
  return info;
}

/** docs/product/account.md#real-name-information, docs/product/api.md#payload-encryption: the payload leaves the browser encrypted with the site's payload key. */
export async function saveRealInfo(payload: IdentityPayload): Promise<RealInfo | null> {
  const key = appStore.getState().config?.payload_key;
  if (!key) throw new ApiError(ErrorCode.SystemBusy, 'site config not loaded');
  const data = await encryptPayload(key, JSON.stringify(payload));
  const { info } = await callApi(api.identitySave, { data });
  return info;
}

/** Binds the game account of a link code the game showed (ADR 0042); the bound game account. */
export function bindGameAccount(code: string) {
  return callApi(api.userGameAccountBind, { code });
}

/** Encrypts a JSON payload with the site's payload key (docs/product/api.md#payload-encryption). */
async function encrypted(payload: unknown): Promise<{ data: string }> {
  const key = appStore.getState().config?.payload_key;
  if (!key) throw new ApiError(ErrorCode.SystemBusy, 'site config not loaded');
  return { data: await encryptPayload(key, JSON.stringify(payload)) };
}

// Self-service (docs/product/account.md#self-service): profile, password, email and phone, social
// sign-ins, signed-in devices, the data download and deletion.
export const fetchProfile = (signal?: AbortSignal) => callApi(api.userProfile, {}, { signal });

export async function changePassword(payload: PasswordChangePayload) {
  return callApi(api.userPasswordChange, await encrypted(payload));
}

export type ContactChannel = 'email' | 'phone';
export const sendContactCode = (channel: ContactChannel, target: string) =>
  callApi(api.userContactCodeSend, { channel, target });
export const changeContact = (channel: ContactChannel, target: string, code: string) =>
  callApi(api.userContactChange, { channel, target, code });

export const startSocialLink = (provider: SocialProvider) =>
  callApi(api.userSocialLinkStart, { provider });
export const unlinkSocial = (provider: SocialProvider) =>
  callApi(api.userSocialUnlink, { provider });

export const fetchSessions = (signal?: AbortSignal) => callApi(api.userSessionList, {}, { signal });
export const endDeviceSession = (id: number) => callApi(api.userSessionEnd, { id });

export async function requestDeletion(payload: DeletionPayload) {
  return callApi(api.userDeletionRequest, await encrypted(payload));
}

/** The data download: a file, or the refusal's error (the session header as for every call). */
export async function downloadMyData(): Promise<{ blob: Blob; filename: string }> {
  const response = await fetch(api.userDataExport.path, {
    method: 'POST',
    headers: { ...requestHeaders(), 'content-type': 'application/json' },
    body: '{}',
    credentials: 'same-origin',
  });
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 200 && type.startsWith('application/json')) {
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'hc-portal-data.json';
    if (disposition.startsWith('attachment')) return { blob: await response.blob(), filename };
    const envelope = (await response.json()) as { code?: number; msg?: string };
    throw new ApiError(envelope.code ?? ErrorCode.SystemBusy, envelope.msg ?? 'refused');
  }
  if (response.status === 203) throw new ApiError(ErrorCode.tokenFail, 'Session expired');
  throw ApiError.network(`HTTP ${response.status}`);
}
