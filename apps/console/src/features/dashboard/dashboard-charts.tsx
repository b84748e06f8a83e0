// The dashboard's charts (docs/console.md#dashboards). This module is the only one importing
// @mantine/charts (and recharts): the page loads it with React.lazy, so the charts are a chunk of
// their own that no other section downloads (scripts/check-bundle.mjs budgets the entry).
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import type { DashboardResult } from '@hc/contract';
import {
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../../components/icons';
import { TableScroll } from '../../components/table-scroll';
import {
  chartCsv,
  formatAmount,
  formatCount,
  formatDay,
  formatPercent,
  formatSeconds,
  isoDay,
  productName,
  revenueSeries,
  saveCsv,
  toCsv,
  topProducts,
  unitsOf,
  unitTotals,
  minorDigits,
  type Grouping,
  type Measure,
} from './dashboard-data';

const COLORS = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'lime.7',
  'pink.6',
  'indigo.6',
];

function ChartCard({
  id,
  title,
  description,
  csv,
  filename,
  controls,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  csv: () => string;
  filename: string;
  controls?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={id}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          <Button
            size="xs"
            variant="default"
            leftSection={<DownloadIcon size={14} />}
            onClick={() => saveCsv(csv(), filename)}
            style={{ flex: 'none' }}
            aria-label={t('csvOf', { chart: title })}
          >
            {t('csv')}
          </Button>
        </Group>
        {controls}
        {children}
      </Stack>
    </Card>
  );
}

/** Labelled bars as a list: the label and value above each bar, so long names never clip. */
function MeterList({
  label,
  items,
  format,
}: {
  label: string;
  items: Array<{ name: string; value: number; color: string }>;
  format: (value: number) => string;
}) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <Stack component="ol" gap="xs" m={0} p={0} className="hc-plain-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.name}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate="end">
              {item.name}
            </Text>
            <Text size="sm" fw={600} style={{ flex: 'none' }}>
              {format(item.value)}
            </Text>
          </Group>
          <Progress
            value={(item.value / max) * 100}
            color={item.color}
            size="lg"
            radius="sm"
            aria-hidden
          />
        </li>
      ))}
    </Stack>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <Text c="dimmed" size="sm" py="lg" ta="center">
      {children}
    </Text>
  );
}

export default function DashboardCharts({ data }: { data: DashboardResult }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language;
  const units = unitsOf(data);
  const [chosenUnit, setUnit] = useState<string | null>(null);
  const unit = chosenUnit !== null && units.includes(chosenUnit) ? chosenUnit : (units[0] ?? null);
  const [measure, setMeasure] = useState<Measure>('net');
  const [grouping, setGrouping] = useState<Grouping>('game');
  const [topBy, setTopBy] = useState<'revenue' | 'count'>('revenue');

  const gameName = (id: number) => data.games.find((g) => g.id === id)?.name ?? `#${id}`;
  const channel = (p: string) => t(`channels.${p}`, { defaultValue: p });
  const hcPoint = (n: string) => t('hcPoint', { amount: n });
  const money = (minor: number, u: string) => formatAmount(minor, u, language, hcPoint);
  const major = (value: number, u: string) => money(Math.round(value * 10 ** minorDigits(u)), u);
  const suffix = `${isoDay(data.from)}_${isoDay(data.to - 86_400)}`;
  const day = (s: number) => formatDay(s, language);

  const revenue =
    unit === null
      ? null
      : revenueSeries(data, unit, measure, grouping, { day, game: gameName, channel });
  const totals = unitTotals(data);
  const orderRows = data.orders.map((o) => ({
    day: day(o.day),
    created: o.created,
    paid: o.paid,
    delivered: o.delivered,
  }));
  const anyOrders = data.orders.some((o) => o.created > 0 || o.paid > 0);
  const f = data.funnel;
  const steps = [
    ['topupViews', f.topupViews],
    ['buyRequests', f.buyRequests],
    ['ordersCreated', f.ordersCreated],
    ['ordersPaid', f.ordersPaid],
    ['ordersDelivered', f.ordersDelivered],
  ] as const;
  const top = unit === null ? [] : topProducts(data, topBy, unit);
  const dv = data.delivery;

  const unitSelect = units.length > 0 && (
    <Select
      label={t('currency')}
      data={units.map((u) => ({ value: u, label: u === 'HCP' ? t('hcPointUnit') : u }))}
      value={unit}
      onChange={setUnit}
      allowDeselect={false}
      w={{ base: '100%', xs: 180 }}
    />
  );

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <div style={{ gridColumn: '1 / -1' }}>
        <ChartCard
          id="dash-revenue"
          title={t('revenue.title')}
          description={t('revenue.description')}
          csv={() => chartCsv(data, 'revenue', gameName)}
          filename={`revenue_${suffix}.csv`}
          controls={
            <Group gap="sm" align="flex-end" wrap="wrap">
              {unitSelect}
              <SegmentedControl
                aria-label={t('revenue.measure')}
                value={measure}
                onChange={(v) => setMeasure(v)}
                data={[
                  { value: 'net', label: t('revenue.net') },
                  { value: 'gross', label: t('revenue.gross') },
                ]}
              />
              <SegmentedControl
                aria-label={t('revenue.grouping')}
                value={grouping}
                onChange={(v) => setGrouping(v)}
                data={[
                  { value: 'game', label: t('revenue.byGame') },
                  { value: 'channel', label: t('revenue.byChannel') },
                ]}
              />
            </Group>
          }
        >
          {revenue === null || unit === null ? (
            <Empty>{t('revenue.empty')}</Empty>
          ) : (
            <BarChart
              h={280}
              data={revenue.rows}
              dataKey="day"
              type="stacked"
              series={revenue.series.map((s, i) => ({
                name: s.key,
                label: s.label,
                color: COLORS[i % COLORS.length] ?? 'blue.6',
              }))}
              valueFormatter={(v) => major(v, unit)}
              withLegend
              tickLine="y"
              yAxisProps={{ width: 80 }}
              tooltipAnimationDuration={150}
            />
          )}
        </ChartCard>
      </div>

      <div style={{ gridColumn: '1 / -1' }}>
        <ChartCard
          id="dash-totals"
          title={t('totals.title')}
          description={t('totals.description')}
          csv={() =>
            toCsv(
              [
                'currency',
                'paid_orders',
                'gross_minor',
                'refunded_orders',
                'refunded_minor',
                'net_minor',
              ],
              totals.map((r) => [
                r.currency,
                r.paidCount,
                r.grossAmount,
                r.refundedCount,
                r.refundedAmount,
                r.netAmount,
              ]),
            )
          }
          filename={`revenue_totals_${suffix}.csv`}
        >
          {totals.length === 0 ? (
            <Empty>{t('revenue.empty')}</Empty>
          ) : (
            <TableScroll minWidth={420} label={t('totals.table')}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('currency')}</Table.Th>
                    <Table.Th ta="end">{t('totals.paid')}</Table.Th>
                    <Table.Th ta="end">{t('revenue.gross')}</Table.Th>
                    <Table.Th ta="end">{t('totals.refunded')}</Table.Th>
                    <Table.Th ta="end">{t('revenue.net')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {totals.map((r) => (
                    <Table.Tr key={r.currency}>
                      <Table.Td>{r.currency === 'HCP' ? t('hcPointUnit') : r.currency}</Table.Td>
                      <Table.Td ta="end">{formatCount(r.paidCount, language)}</Table.Td>
                      <Table.Td ta="end">{money(r.grossAmount, r.currency)}</Table.Td>
                      <Table.Td ta="end">{money(r.refundedAmount, r.currency)}</Table.Td>
                      <Table.Td ta="end" fw={600}>
                        {money(r.netAmount, r.currency)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </ChartCard>
      </div>

      <ChartCard
        id="dash-orders"
        title={t('orders.title')}
        description={t('orders.description')}
        csv={() => chartCsv(data, 'orders', gameName)}
        filename={`orders_${suffix}.csv`}
      >
        {anyOrders ? (
          <LineChart
            h={240}
            data={orderRows}
            dataKey="day"
            series={[
              { name: 'created', label: t('orders.created'), color: 'gray.6' },
              { name: 'paid', label: t('orders.paid'), color: 'blue.6' },
              { name: 'delivered', label: t('orders.delivered'), color: 'teal.6' },
            ]}
            valueFormatter={(v) => formatCount(v, language)}
            withLegend
            withDots={data.orders.length <= 31}
            curveType="linear"
            tickLine="y"
            tooltipAnimationDuration={150}
          />
        ) : (
          <Empty>{t('orders.empty')}</Empty>
        )}
      </ChartCard>

      <ChartCard
        id="dash-funnel"
        title={t('funnel.title')}
        description={t('funnel.description')}
        csv={() => chartCsv(data, 'funnel', gameName)}
        filename={`funnel_${suffix}.csv`}
      >
        <MeterList
          label={t('funnel.title')}
          items={steps.map(([key, value], i) => ({
            name: t(`funnel.${key}`),
            value,
            color: COLORS[i % COLORS.length] ?? 'blue.6',
          }))}
          format={(v) => formatCount(v, language)}
        />
        <Text size="xs" c="dimmed">
          {t('funnel.rates', {
            paid:
              f.ordersCreated === 0 ? '—' : formatPercent(f.ordersPaid / f.ordersCreated, language),
            delivered:
              f.ordersPaid === 0 ? '—' : formatPercent(f.ordersDelivered / f.ordersPaid, language),
          })}
        </Text>
      </ChartCard>

      <ChartCard
        id="dash-delivery"
        title={t('delivery.title')}
        description={t('delivery.description')}
        csv={() => chartCsv(data, 'delivery', gameName)}
        filename={`delivery_${suffix}.csv`}
      >
        <SimpleGrid cols={2} spacing="sm">
          {(
            [
              ['p50', dv.lagP50Seconds === null ? '—' : formatSeconds(dv.lagP50Seconds, language)],
              ['p95', dv.lagP95Seconds === null ? '—' : formatSeconds(dv.lagP95Seconds, language)],
              [
                'failureRate',
                dv.failureRate === null ? '—' : formatPercent(dv.failureRate, language),
              ],
              [
                'delivered',
                t('delivery.ofPaid', {
                  delivered: formatCount(dv.delivered, language),
                  paid: formatCount(dv.paid, language),
                }),
              ],
            ] as const
          ).map(([key, value]) => (
            <Card key={key} withBorder radius="sm" padding="sm">
              <Text size="xs" c="dimmed">
                {t(`delivery.${key}`)}
              </Text>
              <Text fw={700} size="lg">
                {value}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('delivery.failed', { count: dv.failed })}
        </Text>
      </ChartCard>

      <ChartCard
        id="dash-products"
        title={t('products.title')}
        description={t('products.description')}
        csv={() => chartCsv(data, 'products', gameName)}
        filename={`top_products_${suffix}.csv`}
        controls={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label={t('products.by')}
              value={topBy}
              onChange={(v) => setTopBy(v)}
              data={[
                { value: 'revenue', label: t('products.byRevenue') },
                { value: 'count', label: t('products.byCount') },
              ]}
            />
            {topBy === 'revenue' && unitSelect}
          </Group>
        }
      >
        {top.length === 0 || unit === null ? (
          <Empty>{t('products.empty')}</Empty>
        ) : (
          <MeterList
            label={t('products.title')}
            items={top.map((p) => ({
              name:
                topBy === 'count' && units.length > 1
                  ? `${productName(p, language)} (${p.currency === 'HCP' ? t('hcPointUnit') : p.currency})`
                  : productName(p, language),
              value: topBy === 'revenue' ? p.netAmount : p.paidCount,
              color: 'blue.5',
            }))}
            format={(v) => (topBy === 'revenue' ? money(v, unit) : formatCount(v, language))}
          />
        )}
      </ChartCard>
    </SimpleGrid>
  );
}
