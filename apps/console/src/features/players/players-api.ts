// Player support and HC Point adjustments: the console calls and their query keys
// (docs/console.md#support-players). Lists are keyset-paged ("Load more").
import {
  consoleApi,
  type CallBody,
  type CallResult,
  type PlayerPersonalField,
  type PlayerSearchKind,
} from '@hc/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callConsole } from '../../lib/api';

export const PLAYERS_KEY = ['console', 'players'] as const;
export const ADJUSTMENTS_KEY = ['console', 'adjustments'] as const;
export const LIST_SIZE = 20;

const next = (last: { nextCursor: number | null }) => last.nextCursor ?? undefined;

export const searchQuery = (q: string, kind: PlayerSearchKind) =>
  infiniteQueryOptions({
    queryKey: [...PLAYERS_KEY, 'search', q, kind] as const,
    queryFn: ({ pageParam, signal }) =>
      callConsole(
        consoleApi.consolePlayersSearch,
        { q, kind, size: LIST_SIZE, ...(pageParam !== undefined && { cursor: pageParam }) },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: next,
    enabled: q.trim() !== '',
  });

export const playerQuery = (id: number) =>
  queryOptions({
    queryKey: [...PLAYERS_KEY, 'get', id] as const,
    queryFn: ({ signal }) => callConsole(consoleApi.consolePlayersGet, { id }, { signal }),
  });

type ListName = 'orders' | 'redemptions' | 'audit';
const LIST_CALLS = {
  orders: consoleApi.consolePlayersOrders,
  redemptions: consoleApi.consolePlayersRedemptions,
  audit: consoleApi.consolePlayersAudit,
} as const;

export const playerListQuery = <N extends ListName>(name: N, id: number) =>
  infiniteQueryOptions({
    queryKey: [...PLAYERS_KEY, name, id] as const,
    queryFn: ({ pageParam, signal }) =>
      callConsole(
        LIST_CALLS[name] as (typeof LIST_CALLS)['orders'],
        { id, size: LIST_SIZE, ...(pageParam !== undefined && { cursor: pageParam }) },
        { signal },
      ) as Promise<CallResult<(typeof LIST_CALLS)[N]>>,
    initialPageParam: undefined as number | undefined,
    getNextPageParam: next,
  });

export const ledgerQuery = (id: number, gameAccountId: number) =>
  infiniteQueryOptions({
    queryKey: [...PLAYERS_KEY, 'ledger', id, gameAccountId] as const,
    queryFn: ({ pageParam, signal }) =>
      callConsole(
        consoleApi.consolePlayersLedger,
        {
          id,
          gameAccountId,
          size: LIST_SIZE,
          ...(pageParam !== undefined && { cursor: pageParam }),
        },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: next,
  });

export const pendingQuery = () =>
  infiniteQueryOptions({
    queryKey: [...ADJUSTMENTS_KEY, 'pending'] as const,
    queryFn: ({ pageParam, signal }) =>
      callConsole(
        consoleApi.consoleAdjustmentsList,
        {
          status: 'pending',
          size: LIST_SIZE,
          ...(pageParam !== undefined && { cursor: pageParam }),
        },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: next,
  });

export const reveal = (id: number, field: PlayerPersonalField) =>
  callConsole(consoleApi.consolePlayersReveal, { id, field });
export const setLocked = (id: number, locked: boolean, reason: string) =>
  callConsole(consoleApi.consolePlayersLock, { id, locked, reason });
export const endSessions = (id: number, sessionId?: number) =>
  callConsole(consoleApi.consolePlayersEndSessions, {
    id,
    ...(sessionId !== undefined && { sessionId }),
  });
export const sendReset = (id: number) => callConsole(consoleApi.consolePlayersSendReset, { id });
export const createAdjustment = (body: CallBody<typeof consoleApi.consoleAdjustmentsCreate>) =>
  callConsole(consoleApi.consoleAdjustmentsCreate, body);
export const approveAdjustment = (id: number) =>
  callConsole(consoleApi.consoleAdjustmentsApprove, { id });
export const rejectAdjustment = (id: number) =>
  callConsole(consoleApi.consoleAdjustmentsReject, { id });
