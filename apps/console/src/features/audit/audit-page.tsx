// The audit log: filter by actor, action, target and dates; a paged table, newest first, whose
// rows open to show the before/after of the change; "Export CSV" downloads the filtered log.
import type { AuditFilter } from '@hc/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon, DownloadIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { TableScroll } from '../../components/table-scroll';
import { LoadError, PageLoader } from '../../components/status';
import { errorTranslationKey } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { AuditDiff } from './audit-diff';
import { AUDIT_PAGE_SIZE, auditQuery, exportAudit } from './audit-api';

type Range = [string | null, string | null];

interface Draft {
  actor: string;
  action: string;
  target: string;
  range: Range;
}

const EMPTY: Draft = { actor: '', action: '', target: '', range: [null, null] };

/** Unix seconds of local midnight of a `YYYY-MM-DD` day, `days` later. */
function dayStart(day: string, days = 0): number {
  const [y, m, d] = day.split('-').map(Number);
  return Math.floor(new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days).getTime() / 1000);
}

/** The contract filter of the form: empty fields left out, the end day included. */
export function toFilter(draft: Draft): AuditFilter {
  const filter: AuditFilter = {};
  if (draft.actor.trim()) filter.actor = draft.actor.trim();
  if (draft.action.trim()) filter.action = draft.action.trim();
  if (draft.target.trim()) filter.target = draft.target.trim();
  const [from, to] = draft.range;
  if (from) filter.from = dayStart(from);
  if (to) filter.to = dayStart(to, 1);
  return filter;
}

export default function AuditPage() {
  const { t } = useTranslation('audit');
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery(auditQuery(filter, page));
  const download = useMutation({ mutationFn: () => exportAudit(filter) });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(toFilter(draft));
    setPage(1);
    setOpen(null);
  };
  const reset = () => {
    setDraft(EMPTY);
    setFilter({});
    setPage(1);
    setOpen(null);
  };
  const set = (field: 'actor' | 'action' | 'target') => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }));

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / AUDIT_PAGE_SIZE)) : 1;
  const filtered = Object.keys(filter).length > 0;

  return (
    <Stack gap="md">
      <PageHeader
        title={tc('sections.audit.title')}
        description={t('description')}
        actions={
          <Button
            variant="light"
            leftSection={<DownloadIcon size={16} />}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            {t('export')}
          </Button>
        }
      />
      {download.isError && (
        <Alert color="red" variant="light" role="alert">
          {tc(errorTranslationKey(download.error))}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="audit-filters">
        <form onSubmit={apply} noValidate>
          <Stack gap="sm">
            <Text id="audit-filters" fw={600} size="sm">
              {t('filters.title')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              <TextInput
                label={t('filters.actor')}
                placeholder={t('filters.actorPlaceholder')}
                value={draft.actor}
                onChange={(e) => set('actor')(e.currentTarget.value)}
              />
              <TextInput
                label={t('filters.action')}
                placeholder={t('filters.actionPlaceholder')}
                value={draft.action}
                onChange={(e) => set('action')(e.currentTarget.value)}
              />
              <TextInput
                label={t('filters.target')}
                placeholder={t('filters.targetPlaceholder')}
                value={draft.target}
                onChange={(e) => set('target')(e.currentTarget.value)}
              />
              <DatePickerInput
                type="range"
                label={t('filters.dates')}
                placeholder={t('filters.datesPlaceholder')}
                value={draft.range}
                onChange={(range) => setDraft((d) => ({ ...d, range }))}
                clearable
                allowSingleDateInRange
                maxDate={new Date()}
                valueFormat="YYYY-MM-DD"
                clearButtonProps={{ 'aria-label': t('filters.clearDates') }}
                nextLabel={t('filters.nextMonth')}
                previousLabel={t('filters.previousMonth')}
              />
            </SimpleGrid>
            <Group gap="sm" justify="flex-end">
              <Button variant="default" onClick={reset} disabled={!filtered && draft === EMPTY}>
                {t('filters.reset')}
              </Button>
              <Button type="submit">{t('filters.apply')}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      {list.isPending && <PageLoader />}
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <Paper withBorder radius="md">
          <Group justify="space-between" px="md" py="sm">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="audit-total">
              {t('total', { count: list.data.total })}
            </Text>
          </Group>
          {list.data.list.length === 0 ? (
            <Text px="md" pb="md" c="dimmed" size="sm">
              {t(filtered ? 'emptyFiltered' : 'empty')}
            </Text>
          ) : (
            <Stack
              component="ul"
              gap={0}
              m={0}
              p={0}
              hiddenFrom="sm"
              className="hc-plain-list"
              aria-label={t('tableCaption')}
            >
              {list.data.list.map((entry) => {
                const expanded = open === entry.id;
                const detailId = `audit-card-${entry.id}`;
                return (
                  <li key={entry.id} className="hc-audit-card" data-testid="audit-card">
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Stack gap={4} miw={0}>
                        <Text size="sm" fw={600} className="hc-mono">
                          {entry.action}
                        </Text>
                        <Group gap={6} wrap="wrap">
                          <Badge size="xs" variant="outline" color="gray">
                            {t(`actorKinds.${entry.actorKind}`)}
                          </Badge>
                          <Text size="xs" className="hc-mono">
                            {entry.actor}
                          </Text>
                          {entry.target && (
                            <Text size="xs" c="dimmed" className="hc-mono">
                              → {entry.target}
                            </Text>
                          )}
                        </Group>
                        <Text size="xs" c="dimmed">
                          {formatDateTime(entry.at, language)}
                        </Text>
                      </Stack>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailId : undefined}
                        aria-label={t(expanded ? 'hideChanges' : 'showChanges', {
                          action: entry.action,
                          id: entry.id,
                        })}
                        onClick={() => setOpen(expanded ? null : entry.id)}
                      >
                        <ChevronIcon
                          size={16}
                          className={expanded ? 'hc-chevron hc-chevron-open' : 'hc-chevron'}
                        />
                      </ActionIcon>
                    </Group>
                    {expanded && (
                      <Stack id={detailId} gap="xs" mt="sm">
                        <Text size="xs" c="dimmed">
                          {t('entryMeta', { id: entry.id, ip: entry.ip ?? '—' })}
                        </Text>
                        <AuditDiff before={entry.before} after={entry.after} />
                      </Stack>
                    )}
                  </li>
                );
              })}
            </Stack>
          )}
          {list.data.list.length > 0 && (
            <Box visibleFrom="sm">
              <TableScroll minWidth={720} label={t('tableCaption')}>
                <Table verticalSpacing="sm" horizontalSpacing="md">
                  <Table.Caption className="hc-visually-hidden">{t('tableCaption')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">
                        <span className="hc-visually-hidden">{t('columns.details')}</span>
                      </Table.Th>
                      <Table.Th scope="col">{t('columns.at')}</Table.Th>
                      <Table.Th scope="col">{t('columns.actor')}</Table.Th>
                      <Table.Th scope="col">{t('columns.action')}</Table.Th>
                      <Table.Th scope="col">{t('columns.target')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.list.map((entry) => {
                      const expanded = open === entry.id;
                      const detailId = `audit-entry-${entry.id}`;
                      return (
                        <Fragment key={entry.id}>
                          <Table.Tr data-testid="audit-row">
                            <Table.Td w={48}>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-expanded={expanded}
                                aria-controls={expanded ? detailId : undefined}
                                aria-label={t(expanded ? 'hideChanges' : 'showChanges', {
                                  action: entry.action,
                                  id: entry.id,
                                })}
                                onClick={() => setOpen(expanded ? null : entry.id)}
                              >
                                <ChevronIcon
                                  size={16}
                                  className={expanded ? 'hc-chevron hc-chevron-open' : 'hc-chevron'}
                                />
                              </ActionIcon>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{formatDateTime(entry.at, language)}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Group gap={6} wrap="nowrap">
                                <Badge size="xs" variant="outline" color="gray">
                                  {t(`actorKinds.${entry.actorKind}`)}
                                </Badge>
                                <Text size="sm" className="hc-mono">
                                  {entry.actor}
                                </Text>
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm" className="hc-mono">
                                {entry.action}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm" className="hc-mono">
                                {entry.target ?? '—'}
                              </Text>
                            </Table.Td>
                          </Table.Tr>
                          {expanded && (
                            <Table.Tr id={detailId}>
                              <Table.Td colSpan={5} bg="gray.0">
                                <Stack gap="xs" py="xs">
                                  <Text size="xs" c="dimmed">
                                    {t('entryMeta', { id: entry.id, ip: entry.ip ?? '—' })}
                                  </Text>
                                  <AuditDiff before={entry.before} after={entry.after} />
                                </Stack>
                              </Table.Td>
                            </Table.Tr>
                          )}
                        </Fragment>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            </Box>
          )}
          {pages > 1 && (
            <Group justify="center" p="md">
              <Pagination
                total={pages}
                value={page}
                onChange={(next) => {
                  setPage(next);
                  setOpen(null);
                }}
                size="sm"
                getItemProps={(n) => ({ 'aria-label': t('pagination.page', { page: n }) })}
                getControlProps={(control) => ({
                  'aria-label': t(`pagination.${control}`),
                })}
              />
            </Group>
          )}
        </Paper>
      )}
    </Stack>
  );
}
