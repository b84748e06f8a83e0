// Query keys and options of the account centre, in one place: the top-up history, the HC Point
// record (both keep the previous page while the next loads) and the real-name information. The
// customer-support link is shared with other features: lib/customer-support.ts.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  fetchProfile,
  fetchSessions,
  fetchHcPointRecords,
  fetchOrderRecords,
  fetchRealInfo,
  type HcPointRecordBody,
  type OrderRecordBody,
} from './account-api';

export const accountKeys = {
  /** Item names come in the reader's language: the key has it, and the call sends it. */
  orderRecords: (lang: string, body: OrderRecordBody) =>
    ['account', 'orderRecord', lang, body] as const,
  hcPointRecords: (body: HcPointRecordBody) => ['account', 'hcPointRecord', body] as const,
  realInfo: ['account', 'realInfo'] as const,
  profile: ['account', 'profile'] as const,
  sessions: ['account', 'sessions'] as const,
};

export const profileQuery = () =>
  queryOptions({
    queryKey: accountKeys.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
    retry: false,
  });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => fetchSessions(signal),
    retry: false,
  });

export const orderRecordsQuery = (lang: string, body: OrderRecordBody) =>
  queryOptions({
    queryKey: accountKeys.orderRecords(lang, body),
    queryFn: ({ signal }) => fetchOrderRecords(body, lang, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const hcPointRecordsQuery = (body: HcPointRecordBody) =>
  queryOptions({
    queryKey: accountKeys.hcPointRecords(body),
    queryFn: ({ signal }) => fetchHcPointRecords(body, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const realInfoQuery = () =>
  queryOptions({
    queryKey: accountKeys.realInfo,
    queryFn: ({ signal }) => fetchRealInfo(signal),
    retry: false,
  });
