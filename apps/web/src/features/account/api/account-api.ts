// Calls of the account centre (docs/product/account.md#account-screen, docs/product/api.md#top-up-calls): top-up and HC Point records,
// real-name information (saved encrypted, docs/product/api.md#payload-encryption). Query keys: account-queries.ts.
import {
  ErrorCode,
  api,
  encryptPayload,
  type CallBody,
  type IdentityPayload,
  type RealInfo,
} from '@hc/contract';
import { callApi } from '../../../lib/api-client';
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
