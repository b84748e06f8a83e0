// The Jobs and exports section's calls (docs/console.md#jobs-and-exports): the summary, the
// keyset-paged list of dead, stuck and discarded jobs, retry and discard, and the HC Point ledger
// CSV download.
import { consoleApi, type CallBody } from '@hc/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callConsole, downloadConsole, saveDownload } from '../../lib/api';

export const JOBS_KEY = ['console', 'jobs'] as const;
export const JOBS_PAGE_SIZE = 20;

type ListBody = CallBody<typeof consoleApi.consoleJobsList>;
export type JobsFilter = Pick<ListBody, 'state' | 'kind'>;

export const summaryQuery = () =>
  queryOptions({
    queryKey: [...JOBS_KEY, 'summary'] as const,
    queryFn: ({ signal }) => callConsole(consoleApi.consoleJobsSummary, {}, { signal }),
  });

export const jobsQuery = (filter: JobsFilter) =>
  infiniteQueryOptions({
    queryKey: [...JOBS_KEY, 'list', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      callConsole(
        consoleApi.consoleJobsList,
        {
          ...filter,
          size: JOBS_PAGE_SIZE,
          ...(pageParam !== undefined && { cursor: pageParam }),
        },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function retryJob(id: number, reason: string) {
  const note = reason.trim();
  return callConsole(consoleApi.consoleJobsRetry, note ? { id, reason: note } : { id });
}

export function discardJob(id: number, reason: string) {
  return callConsole(consoleApi.consoleJobsDiscard, { id, reason: reason.trim() });
}

export async function exportLedger(
  body: CallBody<typeof consoleApi.consoleLedgerExport>,
): Promise<void> {
  saveDownload(await downloadConsole(consoleApi.consoleLedgerExport, body, 'hc-ledger.csv'));
}
