// The Dashboard section (docs/console.md#dashboards): a range of UTC days (default the last 30,
// at most 366) and an optional game; one call answers every chart. The charts themselves are a
// lazy chunk (dashboard-charts.tsx): the filters and the loading cards show first.
import { DASHBOARD_MAX_DAYS } from '@hc/contract';
import {
  Alert,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { LoadError } from '../../components/status';
import { dashboardQuery, defaultRange, isoDay, rangeQuery } from './dashboard-data';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

type Range = [string | null, string | null];

/** Cards in the charts' places while the answer or the chart code loads. */
export function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" role="status" aria-live="polite">
      <Text className="hc-visually-hidden">{t('status.loading')}</Text>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Card
          key={i}
          withBorder
          radius="md"
          padding="md"
          style={i === 0 ? { gridColumn: '1 / -1' } : undefined}
        >
          <Skeleton height={18} width="40%" radius="sm" />
          <Skeleton height={12} width="70%" mt="xs" radius="sm" />
          <Skeleton height={i === 0 ? 260 : 180} mt="md" radius="sm" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const [range, setRange] = useState<Range>(() => defaultRange());
  const [today] = useState(() => isoDay(Math.floor(Date.now() / 1000)));
  const [gameId, setGameId] = useState<number | null>(null);
  const asked = rangeQuery(range, gameId);
  const query = useQuery({
    ...dashboardQuery(typeof asked === 'string' ? { from: 0, to: 0 } : asked),
    enabled: typeof asked !== 'string',
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  return (
    <Stack gap="md">
      <PageHeader title={tc('sections.dashboard.title')} description={t('description')} />
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('filters.title')}>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DatePickerInput
            type="range"
            label={t('filters.days')}
            description={t('filters.daysHint', { max: DASHBOARD_MAX_DAYS })}
            value={range}
            onChange={setRange}
            allowSingleDateInRange
            maxDate={today}
            valueFormat="YYYY-MM-DD"
            nextLabel={t('filters.nextMonth')}
            previousLabel={t('filters.previousMonth')}
            error={
              asked === 'tooLong' ? t('filters.tooLong', { max: DASHBOARD_MAX_DAYS }) : undefined
            }
            w={{ base: '100%', xs: 280 }}
          />
          <Select
            label={t('filters.game')}
            description={t('filters.gameHint')}
            data={[
              { value: '', label: t('filters.allGames') },
              ...(data?.games ?? []).map((g) => ({ value: String(g.id), label: g.name })),
            ]}
            value={gameId === null ? '' : String(gameId)}
            onChange={(v) => setGameId(v ? Number(v) : null)}
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
          />
        </Group>
      </Paper>

      {asked === 'incomplete' && (
        <Alert color="gray" variant="light">
          {t('filters.incomplete')}
        </Alert>
      )}
      {query.isError && <LoadError error={query.error} onRetry={() => void query.refetch()} />}
      {typeof asked !== 'string' && query.isPending && <DashboardSkeleton />}
      {data && (
        <Stack gap="xs" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <Text size="xs" c="dimmed" aria-live="polite">
            {t('shown', { from: isoDay(data.from), to: isoDay(data.to - 86_400) })}
          </Text>
          <Suspense fallback={<DashboardSkeleton />}>
            <DashboardCharts data={data} />
          </Suspense>
        </Stack>
      )}
    </Stack>
  );
}
