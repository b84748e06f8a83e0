// Calls of the account centre (SPEC §2 Account screen, §7): top-up and HC Point records,
// real-name information (saved encrypted, SPEC §5) and the customer-support link.
import {
  ErrorCode,
  api,
  encryptPayload,
  type CallBody,
  type CallResult,
  type IdentityPayload,
  type RealInfo,
} from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { appStore } from '../../../lib/app-store';

export type OrderRecordBody = CallBody<typeof api.orderRecord>;
export type OrderRecordPage = CallResult<typeof api.orderRecord>;
export type CoinRecordBody = CallBody<typeof api.orderCoinRecord>;
export type CoinRecordPage = CallResult<typeof api.orderCoinRecord>;

export function fetchOrderRecords(body: OrderRecordBody, signal?: AbortSignal) {
  return callApi(api.orderRecord, body, { signal });
}

export function fetchCoinRecords(body: CoinRecordBody, signal?: AbortSignal) {
  return callApi(api.orderCoinRecord, body, { signal });
}

export async function fetchRealInfo(signal?: AbortSignal): Promise<RealInfo | null> {
  const { info } = await callApi(api.userRealInfoQuery, {}, { signal });
  return info;
}

/** SPEC §3, §5: the payload leaves the browser encrypted with the site's payload key. */
export async function saveRealInfo(payload: IdentityPayload): Promise<RealInfo | null> {
  const key = appStore.getState().config?.payload_key;
  if (!key) throw new ApiError(ErrorCode.SystemBusy, 'site config not loaded');
  const data = await encryptPayload(key, JSON.stringify(payload));
  const { info } = await callApi(api.identitySave, { data });
  return info;
}

export async function fetchCrmUrl(): Promise<string> {
  const { crm_url } = await callApi(api.settingCrmUrl, {});
  return crm_url;
}
