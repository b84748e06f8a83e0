// The audit log: the filtered, paged list and the CSV export of the same filter.
import { consoleApi, type AuditFilter } from '@hc/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callConsole, downloadConsole, saveDownload } from '../../lib/api';

export const AUDIT_PAGE_SIZE = 20;

export const auditQuery = (filter: AuditFilter, page: number) =>
  queryOptions({
    queryKey: ['console', 'audit', filter, page] as const,
    queryFn: ({ signal }) =>
      callConsole(
        consoleApi.consoleAuditList,
        { ...filter, page, size: AUDIT_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export async function exportAudit(filter: AuditFilter): Promise<void> {
  saveDownload(await downloadConsole(consoleApi.consoleAuditExport, filter, 'audit-log.csv'));
}
