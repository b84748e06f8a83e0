// The Reconciliation section (docs/console.md#finance-reconciliation): the runs, a new run (upload
// a provider's settlement report, or fetch a period from the provider) and a run's differences
// with kind and status filters and their actions: apply the payment or refund here, open the
// order, or mark resolved with a note. `?run=<id>` opens a run.
import {
  consoleApi,
  RECONCILIATION_KINDS,
  RECONCILIATION_PROVIDERS,
  rolesAllow,
  type ReconciliationDifference,
  type ReconciliationKind,
  type ReconciliationProvider,
  type ReconciliationRun,
} from '@hc/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { LoadError, PageLoader } from '../../components/status';
import { errorTranslationKey, isApiError, isErrorCode } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { currentLanguage, type ConsoleLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../session/session-api';
import {
  applyDifference,
  differencesQuery,
  downloadSandboxReport,
  fetchRun,
  RECONCILIATION_KEY,
  resolveDifference,
  runQuery,
  runsQuery,
  uploadReport,
} from './reconciliation-api';

/** Minor units in the currency's own decimals (499 USD -> $4.99). */
export function formatMinor(amount: number, currency: string, language: ConsoleLanguage): string {
  try {
    const format = new Intl.NumberFormat(language, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Unix seconds of UTC midnight of a `YYYY-MM-DD` day, `days` later (settlements are in UTC). */
function utcDay(day: string, days = 0): number {
  const [y, m, d] = day.split('-').map(Number);
  return Math.floor(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days) / 1000);
}

const KIND_COLORS: Record<ReconciliationKind, string> = {
  provider_only: 'orange',
  portal_only: 'red',
  amount_mismatch: 'grape',
  refund_provider_only: 'yellow',
  refund_portal_only: 'pink',
};

function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('reconciliation');
  const { t: tc } = useTranslation();
  const detail =
    isErrorCode(error, 'ReconciliationFileInvalid') && isApiError(error)
      ? (error.data as { line?: number; message?: string } | undefined)
      : undefined;
  const outcome =
    isErrorCode(error, 'ReconciliationActionRefused') && isApiError(error)
      ? (error.data as { outcome?: string } | undefined)?.outcome
      : undefined;
  return (
    <Alert color="red" variant="light" role="alert" mb="md">
      <Text size="sm">{tc(errorTranslationKey(error))}</Text>
      {detail?.line !== undefined && (
        <Text size="sm" mt={4} style={{ wordBreak: 'break-word' }}>
          {t('fileError', { line: detail.line, message: detail.message ?? '' })}
        </Text>
      )}
      {outcome !== undefined && (
        <Text size="sm" mt={4}>
          {t('refusedOutcome', { outcome })}
        </Text>
      )}
    </Alert>
  );
}

function NewRun() {
  const { t } = useTranslation('reconciliation');
  const client = useQueryClient();
  const [, setParams] = useSearchParams();
  const [mode, setMode] = useState<'upload' | 'fetch'>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [provider, setProvider] = useState<ReconciliationProvider>('sandbox');
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const period =
    range[0] !== null ? { from: utcDay(range[0]), to: utcDay(range[1] ?? range[0], 1) } : undefined;
  const opened = async (run: ReconciliationRun) => {
    await client.invalidateQueries({ queryKey: RECONCILIATION_KEY });
    setParams({ run: String(run.id) });
  };
  const start = useMutation({
    mutationFn: () => {
      if (mode === 'upload') return uploadReport(file as File);
      const p = period as { from: number; to: number };
      return fetchRun(provider, p.from, p.to);
    },
    onSuccess: opened,
  });
  const download = useMutation({
    mutationFn: () => {
      const p = period as { from: number; to: number };
      return downloadSandboxReport(p.from, p.to);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate();
  };
  const ready = mode === 'upload' ? file !== null : period !== undefined;
  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <Title order={2} size="h4" mb="sm">
        {t('new.title')}
      </Title>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v === 'fetch' ? 'fetch' : 'upload')}
            data={[
              { value: 'upload', label: t('new.upload') },
              { value: 'fetch', label: t('new.fetch') },
            ]}
            fullWidth
            style={{ maxWidth: 420 }}
          />
          {mode === 'upload' ? (
            <FileInput
              label={t('new.file')}
              description={t('new.fileHelp')}
              placeholder={t('new.filePlaceholder')}
              accept=".csv,.CSV,text/csv,text/plain"
              value={file}
              onChange={setFile}
              clearable
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('new.provider')}
                data={RECONCILIATION_PROVIDERS.map((p) => ({
                  value: p,
                  label: t(`providers.${p}`),
                }))}
                value={provider}
                onChange={(v) => v !== null && setProvider(v)}
                allowDeselect={false}
              />
              <DatePickerInput
                type="range"
                label={t('new.period')}
                description={t('new.periodHelp')}
                placeholder={t('new.periodPlaceholder')}
                value={range}
                onChange={setRange}
                allowSingleDateInRange
                valueFormat="YYYY-MM-DD"
                nextLabel={t('new.nextMonth')}
                previousLabel={t('new.previousMonth')}
              />
            </SimpleGrid>
          )}
          {start.isError && <ErrorAlert error={start.error} />}
          {download.isError && <ErrorAlert error={download.error} />}
          <Group gap="sm" justify="flex-end">
            {mode === 'fetch' && provider === 'sandbox' && (
              <Button
                variant="default"
                disabled={period === undefined}
                loading={download.isPending}
                onClick={() => download.mutate()}
              >
                {t('new.downloadSandbox')}
              </Button>
            )}
            <Button type="submit" disabled={!ready} loading={start.isPending}>
              {mode === 'upload' ? t('new.importButton') : t('new.fetchButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function RunSummary({ run }: { run: ReconciliationRun }) {
  const { t } = useTranslation('reconciliation');
  const language = currentLanguage();
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{t(`providers.${run.provider}`)}</Text>
        <Badge variant="light" color="gray">
          {t(`formats.${run.format}`)}
        </Badge>
        {run.open > 0 ? (
          <Badge color="orange" variant="light">
            {t('run.open', { count: run.open })}
          </Badge>
        ) : (
          <Badge color="teal" variant="light">
            {t('run.settled')}
          </Badge>
        )}
      </Group>
      <Text size="sm">
        {t('run.period', {
          from: formatDateTime(run.periodFrom, language),
          to: formatDateTime(run.periodTo, language),
        })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('run.counts', {
          lines: run.lines,
          matched: run.matched,
          differences: run.differences,
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('run.by', { name: run.createdBy, at: formatDateTime(run.createdAt, language) })}
      </Text>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {t('run.hash', { hash: run.fileSha256 })}
      </Text>
    </Stack>
  );
}

function Runs() {
  const { t } = useTranslation('reconciliation');
  const [, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const runs = useQuery(runsQuery(page));
  if (runs.isPending) return <PageLoader />;
  if (runs.isError) return <LoadError error={runs.error} onRetry={() => void runs.refetch()} />;
  const { list, total } = runs.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('runs.title')}
      </Title>
      {list.length === 0 ? (
        <Text c="dimmed">{t('runs.empty')}</Text>
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {list.map((run) => (
              <Card key={run.id} withBorder radius="md" padding="sm" data-testid="run-row">
                <RunSummary run={run} />
                <Group justify="flex-end" mt="xs">
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => setParams({ run: String(run.id) })}
                  >
                    {t('runs.open', { id: run.id })}
                  </Button>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          {total > list.length && (
            <Pagination
              total={Math.ceil(total / 20)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label': t(`pages.${control}`),
              })}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}

function Amount({
  amount,
  currency,
  language,
}: {
  amount: number | null;
  currency: string | null;
  language: ConsoleLanguage;
}) {
  const { t } = useTranslation('reconciliation');
  if (amount === null || currency === null) return <>{t('difference.none')}</>;
  return <>{formatMinor(amount, currency, language)}</>;
}

function DifferenceCard({
  d,
  canOpenOrders,
  onResolve,
}: {
  d: ReconciliationDifference;
  canOpenOrders: boolean;
  onResolve: (d: ReconciliationDifference) => void;
}) {
  const { t } = useTranslation('reconciliation');
  const language = currentLanguage();
  const client = useQueryClient();
  const apply = useMutation({
    mutationFn: () => applyDifference(d.id),
    onSettled: () => client.invalidateQueries({ queryKey: RECONCILIATION_KEY }),
  });
  const appliable =
    d.status === 'open' &&
    d.orderId !== null &&
    (d.kind === 'provider_only' || d.kind === 'refund_provider_only');
  return (
    <Card withBorder radius="md" padding="sm" data-testid="difference-row">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Badge color={KIND_COLORS[d.kind]} variant="light">
          {t(`kinds.${d.kind}`)}
        </Badge>
        <Badge color={d.status === 'open' ? 'orange.9' : 'teal.9'} variant="outline">
          {t(`statuses.${d.status}`)}
        </Badge>
      </Group>
      <Stack gap={2} mt="xs">
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {t('difference.order')}: <b>{d.orderRef ?? t('difference.none')}</b>
          {d.orderRef !== null && d.orderId === null && ` ${t('difference.noOrder')}`}
        </Text>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {t('difference.providerRef')}: {d.providerRef ?? t('difference.none')}
        </Text>
        <Text size="sm">
          {t('difference.atProvider')}:{' '}
          <Amount amount={d.providerAmount} currency={d.providerCurrency} language={language} />
          {' · '}
          {t('difference.here')}:{' '}
          <Amount amount={d.portalAmount} currency={d.portalCurrency} language={language} />
        </Text>
        {d.portalStatus !== null && (
          <Text size="xs" c="dimmed">
            {t('difference.orderStatus', { status: t(`orderStatuses.${d.portalStatus}`) })}
          </Text>
        )}
        {d.occurredAt !== null && (
          <Text size="xs" c="dimmed">
            {t('difference.occurredAt', { at: formatDateTime(d.occurredAt, language) })}
          </Text>
        )}
        {d.status === 'resolved' && (
          <Text size="xs" c="teal.8">
            {t(`resolutions.${d.resolution ?? 'noted'}`, {
              name: d.resolvedBy ?? '',
              at: d.resolvedAt === null ? '' : formatDateTime(d.resolvedAt, language),
            })}
          </Text>
        )}
        {d.note !== null && (
          <Text size="sm" fs="italic" style={{ wordBreak: 'break-word' }}>
            {t('difference.note', { note: d.note })}
          </Text>
        )}
      </Stack>
      {apply.isError && (
        <div style={{ marginTop: 8 }}>
          <ErrorAlert error={apply.error} />
        </div>
      )}
      <Group gap="xs" mt="sm" justify="flex-end" wrap="wrap">
        {canOpenOrders && d.orderRef !== null && d.orderId !== null && (
          <Anchor
            component={Link}
            to={`${paths.orders}?${new URLSearchParams({ order: d.orderRef }).toString()}`}
            size="sm"
          >
            {t('actions.openOrder')}
          </Anchor>
        )}
        {appliable && (
          <Button size="compact-sm" loading={apply.isPending} onClick={() => apply.mutate()}>
            {d.kind === 'provider_only' ? t('actions.applyPayment') : t('actions.applyRefund')}
          </Button>
        )}
        {d.status === 'open' && (
          <Button size="compact-sm" variant="default" onClick={() => onResolve(d)}>
            {t('actions.resolve')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function ResolveModal({
  difference,
  onClose,
}: {
  difference: ReconciliationDifference | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('reconciliation');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const resolve = useMutation({
    mutationFn: () => resolveDifference(difference?.id ?? 0, note.trim()),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: RECONCILIATION_KEY });
      setNote('');
      onClose();
    },
  });
  return (
    <Modal
      opened={difference !== null}
      onClose={onClose}
      title={t('resolve.title')}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          resolve.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {difference !== null &&
              t('resolve.about', {
                kind: t(`kinds.${difference.kind}`),
                order: difference.orderRef ?? difference.providerRef ?? '',
              })}
          </Text>
          <Textarea
            label={t('resolve.note')}
            description={t('resolve.noteHelp')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            minLength={3}
            maxLength={500}
            rows={3}
            required
            data-autofocus
          />
          {resolve.isError && <ErrorAlert error={resolve.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('resolve.cancel')}
            </Button>
            <Button type="submit" disabled={note.trim().length < 3} loading={resolve.isPending}>
              {t('resolve.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RunDetail({ id }: { id: number }) {
  const { t } = useTranslation('reconciliation');
  const [, setParams] = useSearchParams();
  const roles = useSession().data?.operator.roles ?? [];
  const canOpenOrders = rolesAllow(roles, consoleApi.consoleOrdersGet.roles);
  const [kind, setKind] = useState<ReconciliationKind | undefined>(undefined);
  const [status, setStatus] = useState<'open' | 'resolved' | undefined>('open');
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<ReconciliationDifference | null>(null);
  const run = useQuery(runQuery(id));
  const diffs = useQuery(differencesQuery(id, kind, status, page));
  const back = (
    <Button variant="default" onClick={() => setParams({})}>
      {t('run.back')}
    </Button>
  );
  if (run.isPending) return <PageLoader />;
  if (run.isError)
    return (
      <>
        <PageHeader title={t('title')} actions={back} />
        <LoadError error={run.error} onRetry={() => void run.refetch()} />
      </>
    );
  return (
    <>
      <PageHeader title={t('run.title', { id })} actions={back} />
      <Paper withBorder p="md" radius="md" mb="md">
        <RunSummary run={run.data} />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
          <Select
            label={t('filters.kind')}
            data={[
              { value: 'all', label: t('filters.allKinds') },
              ...RECONCILIATION_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
            ]}
            value={kind ?? 'all'}
            onChange={(v) => {
              setKind(v === null || v === 'all' ? undefined : v);
              setPage(1);
            }}
            allowDeselect={false}
            style={{ minWidth: 220 }}
          />
          <SegmentedControl
            aria-label={t('filters.status')}
            value={status ?? 'all'}
            onChange={(v) => {
              setStatus(v === 'open' || v === 'resolved' ? v : undefined);
              setPage(1);
            }}
            data={[
              { value: 'open', label: t('statuses.open') },
              { value: 'resolved', label: t('statuses.resolved') },
              { value: 'all', label: t('filters.allStatuses') },
            ]}
          />
        </Group>
        {diffs.isPending ? (
          <PageLoader />
        ) : diffs.isError ? (
          <LoadError error={diffs.error} onRetry={() => void diffs.refetch()} />
        ) : diffs.data.list.length === 0 ? (
          <Text c="dimmed">{t('differences.empty')}</Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('differences.count', { count: diffs.data.total })}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {diffs.data.list.map((d) => (
                <DifferenceCard
                  key={d.id}
                  d={d}
                  canOpenOrders={canOpenOrders}
                  onResolve={setResolving}
                />
              ))}
            </SimpleGrid>
            {diffs.data.total > diffs.data.size && (
              <Pagination
                total={Math.ceil(diffs.data.total / diffs.data.size)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`pages.${control}`) })}
              />
            )}
          </Stack>
        )}
      </Paper>
      <ResolveModal difference={resolving} onClose={() => setResolving(null)} />
    </>
  );
}

export default function ReconciliationPage() {
  const { t } = useTranslation('reconciliation');
  const [params] = useSearchParams();
  const runId = Number(params.get('run'));
  if (Number.isSafeInteger(runId) && runId > 0) return <RunDetail id={runId} />;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <NewRun />
      <Runs />
    </>
  );
}
