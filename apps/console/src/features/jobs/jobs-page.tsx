// The Jobs and exports section (docs/console.md#jobs-and-exports): a summary of the background
// jobs per state, the dead, stuck and discarded ones (filter by state and kind, more on demand),
// retry and discard (a reason is required to discard), and the HC Point ledger export for
// finance. Buttons an operator's roles do not allow are not shown; the server checks anyway.
import {
  consoleApi,
  JOB_KINDS,
  JOB_LIST_STATES,
  JOB_REASON_MAX,
  rolesAllow,
  type ConsoleJob,
} from '@hc/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalFooter } from '../../components/modal-footer';
import { PageHeader } from '../../components/page-header';
import { LoadError, PageLoader } from '../../components/status';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useSession } from '../session/session-api';
import {
  discardJob,
  JOBS_KEY,
  jobsQuery,
  retryJob,
  summaryQuery,
  type JobsFilter,
} from './jobs-api';
import { LedgerExportCard } from './ledger-export-card';

type Action = { job: ConsoleJob; kind: 'retry' | 'discard' };
const ALL = 'all';

export default function JobsPage() {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation();
  const roles = useSession().data?.operator.roles ?? [];
  const canExport = rolesAllow(roles, consoleApi.consoleLedgerExport.roles);
  const [tab, setTab] = useState<'jobs' | 'exports'>('jobs');
  return (
    <>
      <PageHeader title={tc('sections.jobs.title')} description={t('description')} />
      {canExport ? (
        <Tabs
          value={tab}
          onChange={(v) => setTab(v === 'exports' ? 'exports' : 'jobs')}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="jobs">{t('tabs.jobs')}</Tabs.Tab>
            <Tabs.Tab value="exports">{t('tabs.exports')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="jobs">
            <JobsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="exports">
            <LedgerExportCard />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <JobsPanel />
      )}
    </>
  );
}

function Summary() {
  const { t } = useTranslation('jobs');
  const summary = useQuery(summaryQuery());
  if (summary.isPending) return <PageLoader />;
  if (summary.isError)
    return <LoadError error={summary.error} onRetry={() => void summary.refetch()} />;
  const { counts, stuck, stuckAfterSeconds } = summary.data;
  const tiles = [
    { key: 'dead', value: counts.dead, color: counts.dead > 0 ? 'red' : undefined },
    { key: 'stuck', value: stuck, color: stuck > 0 ? 'orange' : undefined },
    { key: 'pending', value: counts.pending },
    { key: 'running', value: counts.running },
    { key: 'discarded', value: counts.discarded },
    { key: 'done', value: counts.done },
  ] as const;
  return (
    <Stack gap={6} component="section" aria-label={t('summary.title')}>
      <SimpleGrid cols={{ base: 3, lg: 6 }} spacing="xs">
        {tiles.map((tile) => (
          <Paper
            key={tile.key}
            withBorder
            radius="md"
            p="sm"
            data-testid={`jobs-count-${tile.key}`}
          >
            <Text size="xs" c="dimmed">
              {t(`summary.${tile.key}`)}
            </Text>
            <Text fz={22} fw={700} c={'color' in tile ? tile.color : undefined}>
              {tile.value.toLocaleString()}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('summary.stuckHelp', { minutes: Math.round(stuckAfterSeconds / 60) })}
      </Text>
    </Stack>
  );
}

function stateBadge(job: ConsoleJob): { label: string; color: string } {
  if (job.state === 'dead') return { label: 'dead', color: 'red' };
  if (job.state === 'discarded') return { label: 'discarded', color: 'gray' };
  if (job.stuck) return { label: 'stuck', color: 'orange' };
  return { label: job.state, color: 'blue' };
}

function JobCard({
  job,
  canAct,
  onAction,
}: {
  job: ConsoleJob;
  canAct: boolean;
  onAction: (action: Action) => void;
}) {
  const { t } = useTranslation('jobs');
  const language = currentLanguage();
  const badge = stateBadge(job);
  const leaseLive = job.state === 'running' && !job.stuck;
  return (
    <Card withBorder radius="md" padding="sm" component="li" data-testid="job-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={600}>{t(`kinds.${job.kind}`, { defaultValue: job.kind })}</Text>
          <Text size="xs" c="dimmed" className="hc-mono" style={{ wordBreak: 'break-all' }}>
            {t('jobId', { id: job.id })}
            {job.orderNumber !== null && ` · ${job.orderNumber}`}
          </Text>
        </Stack>
        <Badge color={badge.color} variant="light">
          {t(`states.${badge.label}`)}
        </Badge>
      </Group>
      <SimpleGrid cols={2} spacing={4} mt="xs">
        <Text size="xs" c="dimmed">
          {t('attempts', { count: job.attempts })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('due', { at: formatDateTime(job.runAt, language) })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('updated', { at: formatDateTime(job.updatedAt, language) })}
        </Text>
        {job.leaseUntil !== null && (
          <Text size="xs" c="dimmed">
            {t('lease', { at: formatDateTime(job.leaseUntil, language) })}
          </Text>
        )}
      </SimpleGrid>
      {job.lastError !== null && (
        <Text
          size="xs"
          mt="xs"
          p={6}
          bg="gray.0"
          className="hc-mono"
          lineClamp={3}
          style={{ wordBreak: 'break-word', borderRadius: 4 }}
          title={job.lastError}
        >
          {job.lastError}
        </Text>
      )}
      {canAct && job.state !== 'done' && !leaseLive && (
        <Group gap="xs" mt="sm" justify="flex-end">
          {job.state !== 'discarded' && (
            <Button
              size="compact-sm"
              variant="default"
              color="red"
              onClick={() => onAction({ job, kind: 'discard' })}
            >
              {t('discard')}
            </Button>
          )}
          <Button size="compact-sm" onClick={() => onAction({ job, kind: 'retry' })}>
            {t('retry')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

function JobsPanel() {
  const { t } = useTranslation('jobs');
  const roles = useSession().data?.operator.roles ?? [];
  const canAct = rolesAllow(roles, consoleApi.consoleJobsRetry.roles);
  const [filter, setFilter] = useState<JobsFilter>({});
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState<Action | null>(null);
  const list = useInfiniteQuery(jobsQuery(filter));
  const rows = list.data?.pages.flatMap((p) => p.list) ?? [];
  const stateOptions = [
    { value: ALL, label: t('filters.problems') },
    ...JOB_LIST_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
  ];
  const kindOptions = [
    { value: ALL, label: t('filters.allKinds') },
    ...JOB_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
  ];
  return (
    <Stack gap="md">
      <Summary />
      {done && (
        <Alert
          color="teal"
          variant="light"
          role="status"
          withCloseButton
          onClose={() => setDone(null)}
          closeButtonLabel={t('dismiss')}
        >
          {t(done.kind === 'retry' ? 'retried' : 'discarded', { id: done.job.id })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={640}>
        <Select
          label={t('filters.state')}
          data={stateOptions}
          value={filter.state ?? ALL}
          allowDeselect={false}
          onChange={(v) =>
            setFilter((f) => ({
              ...f,
              state: JOB_LIST_STATES.find((s) => s === v),
            }))
          }
        />
        <Select
          label={t('filters.kind')}
          data={kindOptions}
          value={filter.kind ?? ALL}
          allowDeselect={false}
          onChange={(v) => setFilter((f) => ({ ...f, kind: JOB_KINDS.find((k) => k === v) }))}
        />
      </SimpleGrid>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text c="dimmed" size="sm">
            {t('empty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          <SimpleGrid
            cols={{ base: 1, lg: 2 }}
            spacing="sm"
            component="ul"
            m={0}
            p={0}
            className="hc-plain-list"
            aria-label={t('listLabel')}
          >
            {rows.map((job) => (
              <JobCard key={job.id} job={job} canAct={canAct} onAction={setAction} />
            ))}
          </SimpleGrid>
          {list.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              {t('more')}
            </Button>
          )}
        </Stack>
      )}
      <ActionModal
        action={action}
        onClose={() => setAction(null)}
        onDone={(a) => {
          setAction(null);
          setDone(a);
        }}
      />
    </Stack>
  );
}

function ActionModal({
  action,
  onClose,
  onDone,
}: {
  action: Action | null;
  onClose: () => void;
  onDone: (action: Action) => void;
}) {
  const { t } = useTranslation('jobs');
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const run = useMutation({
    mutationFn: (a: Action) =>
      a.kind === 'retry' ? retryJob(a.job.id, reason) : discardJob(a.job.id, reason),
    onSuccess: async (_job, a) => {
      await client.invalidateQueries({ queryKey: JOBS_KEY });
      setReason('');
      onDone(a);
    },
  });
  const close = () => {
    setReason('');
    run.reset();
    onClose();
  };
  const discarding = action?.kind === 'discard';
  const valid = !discarding || reason.trim().length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action && valid && !run.isPending) run.mutate(action);
  };
  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={action ? t(`${action.kind}Dialog.title`, { id: action.job.id }) : ''}
      centered
    >
      {action && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              {t(
                `${action.kind}Dialog.${action.job.orderNumber === null ? 'bodyNoOrder' : 'body'}`,
                {
                  kind: t(`kinds.${action.job.kind}`, { defaultValue: action.job.kind }),
                  order: action.job.orderNumber ?? '—',
                },
              )}
            </Text>
            <Textarea
              label={t(discarding ? 'reason' : 'note')}
              description={t(discarding ? 'reasonHelp' : 'noteHelp')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={JOB_REASON_MAX}
              rows={3}
              required={discarding}
              data-autofocus
            />
            <ModalFooter
              run={run}
              onCancel={close}
              submit={t(`${action.kind}Dialog.confirm`)}
              danger={discarding}
              disabled={!valid}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
