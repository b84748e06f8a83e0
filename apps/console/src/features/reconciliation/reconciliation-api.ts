// Reconciliation of provider settlements (docs/console.md#finance-reconciliation): the console
// calls, their query keys, and the report upload (the body is the file itself, with the session's
// CSRF token like every console call).
import {
  CONSOLE_CSRF_HEADER,
  consoleApi,
  errorEnvelopeSchema,
  ErrorCode,
  reconciliationRunSchema,
  type ReconciliationKind,
  type ReconciliationProvider,
  type ReconciliationRun,
} from '@hc/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error';
import { callConsole, currentCsrfToken, downloadConsole, saveDownload } from '../../lib/api';

export const RECONCILIATION_KEY = ['console', 'reconciliation'] as const;
export const PAGE_SIZE = 20;

export const runsQuery = (page: number) =>
  queryOptions({
    queryKey: [...RECONCILIATION_KEY, 'runs', page] as const,
    queryFn: ({ signal }) =>
      callConsole(consoleApi.consoleReconciliationRunsList, { page, size: PAGE_SIZE }, { signal }),
  });

export const runQuery = (id: number) =>
  queryOptions({
    queryKey: [...RECONCILIATION_KEY, 'run', id] as const,
    queryFn: ({ signal }) =>
      callConsole(consoleApi.consoleReconciliationRunsGet, { id }, { signal }),
  });

export const differencesQuery = (
  runId: number,
  kind: ReconciliationKind | undefined,
  status: 'open' | 'resolved' | undefined,
  page: number,
) =>
  queryOptions({
    queryKey: [...RECONCILIATION_KEY, 'differences', runId, kind, status, page] as const,
    queryFn: ({ signal }) =>
      callConsole(
        consoleApi.consoleReconciliationDifferences,
        {
          runId,
          page,
          size: PAGE_SIZE,
          ...(kind !== undefined && { kind }),
          ...(status !== undefined && { status }),
        },
        { signal },
      ),
  });

export const fetchRun = (provider: ReconciliationProvider, from: number, to: number) =>
  callConsole(consoleApi.consoleReconciliationFetch, { provider, from, to });

export const applyDifference = (id: number) =>
  callConsole(consoleApi.consoleReconciliationApply, { id });

export const resolveDifference = (id: number, note: string) =>
  callConsole(consoleApi.consoleReconciliationResolve, { id, note });

export async function downloadSandboxReport(from: number, to: number): Promise<void> {
  saveDownload(
    await downloadConsole(
      consoleApi.consoleReconciliationSandboxReport,
      { from, to },
      'sandbox-settlement.csv',
    ),
  );
}

/** Uploads a settlement report file; resolves with the stored run, rejects with an ApiError. */
export async function uploadReport(file: Blob): Promise<ReconciliationRun> {
  const csrf = currentCsrfToken();
  let response: Response;
  try {
    response = await fetch(consoleApi.consoleReconciliationImport.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        // The server reads the format from the bytes; the declared type is only a hint.
        'content-type': 'text/csv',
        ...(csrf ? { [CONSOLE_CSRF_HEADER]: csrf } : {}),
      },
      body: file,
    });
  } catch (error) {
    throw ApiError.network(error instanceof Error ? error.message : String(error));
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw ApiError.network(`HTTP ${response.status}`);
  }
  const envelope = errorEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw ApiError.network(`HTTP ${response.status}`);
  const { code, msg, data } = envelope.data;
  if (code !== 0) throw new ApiError(code, msg, data);
  const run = reconciliationRunSchema.safeParse((json as { result?: unknown }).result);
  if (!run.success) throw new ApiError(ErrorCode.SystemBusy, 'Unexpected answer');
  return run.data;
}
