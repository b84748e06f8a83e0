// The Orders section (docs/console.md#support-and-finance-orders): a filter bar (folded behind a
// "Filters" button on a phone), the results newest first with "Load more", Export CSV of the
// current filter, and the order page at ?order=<order number>. The filter lives in the address
// bar, so a link or a reload keeps it.
import { ORDER_CHANNELS, type ConsoleOrderRow, type OrderChannel } from '@hc/contract';
import {
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { LoadError, PageLoader } from '../../components/status';
import { TableScroll } from '../../components/table-scroll';
import { errorTranslationKey } from '../../lib/api-error';
import { saveDownload } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { OrderDetail } from './order-detail';
import {
  exportOrders,
  formatMoney,
  ordersQuery,
  toMinorUnits,
  type OrdersFilterInput,
} from './orders-api';

const STATUSES = [1, 6, 2, 3, 4, 5] as const;
/** The filter's fields as they appear in the address bar. */
const FIELDS = [
  'orderNumber',
  'player',
  'status',
  'channel',
  'gameId',
  'serverId',
  'from',
  'to',
  'currency',
  'amountMin',
  'amountMax',
] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

const emptyDraft = (): Draft => Object.fromEntries(FIELDS.map((f) => [f, ''])) as unknown as Draft;

function draftOf(params: URLSearchParams): Draft {
  const d = emptyDraft();
  for (const f of FIELDS) d[f] = params.get(f) ?? '';
  return d;
}

const positiveInt = (s: string) => {
  const n = Number(s);
  return s !== '' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
/** A date (YYYY-MM-DD, the operator's time zone) as Unix seconds of its start. */
const dayStart = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return undefined;
  const ms = new Date(`${s}T00:00:00`).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
};

/** The filter the calls take: dates as Unix seconds (`to` is the end of that day), money in minor units. */
export function filterOf(d: Draft): OrdersFilterInput {
  const f: OrdersFilterInput = {};
  if (d.orderNumber.trim() !== '') f.orderNumber = d.orderNumber.trim();
  if (d.player.trim() !== '') f.player = d.player.trim();
  const status = positiveInt(d.status);
  if (status !== undefined && status <= 6) f.status = status;
  if ((ORDER_CHANNELS as readonly string[]).includes(d.channel))
    f.channel = d.channel as OrderChannel;
  const gameId = positiveInt(d.gameId);
  if (gameId !== undefined) f.gameId = gameId;
  const serverId = positiveInt(d.serverId);
  if (serverId !== undefined) f.serverId = serverId;
  const from = dayStart(d.from);
  if (from !== undefined) f.from = from;
  const to = dayStart(d.to);
  if (to !== undefined) f.to = to + 86_400;
  const currency = d.currency.trim().toUpperCase();
  if (/^[A-Z]{3}$/.test(currency)) {
    f.currency = currency;
    const min = toMinorUnits(d.amountMin, currency);
    if (min !== undefined) f.amountMin = min;
    const max = toMinorUnits(d.amountMax, currency);
    if (max !== undefined) f.amountMax = max;
  } else if (d.amountMin !== '' || d.amountMax !== '') {
    // Sent as typed so the server answers why (an amount needs its currency).
    const min = Number(d.amountMin);
    if (d.amountMin !== '' && Number.isSafeInteger(min) && min >= 0) f.amountMin = min;
    const max = Number(d.amountMax);
    if (d.amountMax !== '' && Number.isSafeInteger(max) && max >= 0) f.amountMax = max;
  }
  return f;
}

function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('orders');
  const color =
    status === 2
      ? 'green'
      : status === 6
        ? 'blue'
        : status === 5
          ? 'grape'
          : status === 1
            ? 'gray'
            : 'red';
  return (
    <Badge size="sm" variant="light" color={color}>
      {t(`status.${status}`, { defaultValue: String(status) })}
    </Badge>
  );
}
export { StatusBadge };

export function orderAmount(o: ConsoleOrderRow, language: string, hcLabel: (n: number) => string) {
  return o.hcPrice !== null && o.channel === 'epoint'
    ? hcLabel(o.hcPrice)
    : formatMoney(o.price, o.currency, language);
}

function Results({ filter }: { filter: OrdersFilterInput }) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  const [, setParams] = useSearchParams();
  const results = useInfiniteQuery(ordersQuery(filter));
  if (results.isPending) return <PageLoader />;
  if (results.isError)
    return <LoadError error={results.error} onRetry={() => void results.refetch()} />;
  const rows = results.data.pages.flatMap((p) => p.list);
  if (rows.length === 0) return <Text c="dimmed">{t('list.none')}</Text>;
  const open = (sdkOrderId: string) =>
    setParams((p) => {
      p.set('order', sdkOrderId);
      return p;
    });
  const hc = (points: number) => t('list.hcPrice', { points });
  return (
    <Stack gap="md">
      <TableScroll minWidth={340} label={t('list.label')}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.order')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('list.player')}</Table.Th>
              <Table.Th visibleFrom="md">{t('list.channel')}</Table.Th>
              <Table.Th visibleFrom="xs">{t('list.amount')}</Table.Th>
              <Table.Th>{t('list.status')}</Table.Th>
              <Table.Th visibleFrom="md">{t('list.created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((o) => (
              <Table.Tr key={o.id} data-testid="order-row">
                <Table.Td>
                  <UnstyledButton
                    onClick={() => open(o.sdkOrderId)}
                    aria-label={t('list.open', { order: o.sdkOrderId })}
                  >
                    <Text
                      fw={600}
                      c="blue.8"
                      size="sm"
                      ff="monospace"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {o.sdkOrderId}
                    </Text>
                  </UnstyledButton>
                  <Text size="xs" c="dimmed">
                    {o.itemName}
                  </Text>
                  <Text size="sm" hiddenFrom="xs">
                    {orderAmount(o, language, hc)}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ wordBreak: 'break-all' }}>
                    {o.account} · {formatDateTime(o.createdAt, language)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {o.account}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('list.where', { game: o.gameName, server: o.serverName })}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm">{t(`channels.${o.channel}`, { defaultValue: o.channel })}</Text>
                </Table.Td>
                <Table.Td visibleFrom="xs">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {orderAmount(o, language, hc)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={o.status} />
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm">{formatDateTime(o.createdAt, language)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {results.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void results.fetchNextPage()}
          loading={results.isFetchingNextPage}
        >
          {t('list.more')}
        </Button>
      )}
    </Stack>
  );
}

function FilterBar({ initial, onApply }: { initial: Draft; onApply: (d: Draft) => void }) {
  const { t } = useTranslation('orders');
  const [draft, setDraft] = useState<Draft>(initial);
  const wide = useMediaQuery('(min-width: 48em)', true);
  const [opened, setOpened] = useState(false);
  const set = (field: Field) => (value: string | null) =>
    setDraft((d) => ({ ...d, [field]: value ?? '' }));
  const input = (field: Field) => ({
    value: draft[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field)(e.currentTarget.value),
  });
  const active = FIELDS.filter((f) => initial[f] !== '').length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
    setOpened(false);
  };
  const reset = () => {
    setDraft(emptyDraft());
    onApply(emptyDraft());
  };
  const fields = (
    <form onSubmit={submit} role="search" aria-label={t('filters.label')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput
            label={t('filters.orderNumber')}
            {...input('orderNumber')}
            autoComplete="off"
            spellCheck={false}
          />
          <TextInput
            label={t('filters.player')}
            description={t('filters.playerHelp')}
            {...input('player')}
            autoComplete="off"
            spellCheck={false}
          />
          <Select
            label={t('filters.status')}
            data={STATUSES.map((s) => ({ value: String(s), label: t(`status.${s}`) }))}
            value={draft.status || null}
            onChange={set('status')}
            placeholder={t('filters.any')}
            clearable
          />
          <Select
            label={t('filters.channel')}
            data={ORDER_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
            value={draft.channel || null}
            onChange={set('channel')}
            placeholder={t('filters.any')}
            clearable
          />
          <TextInput label={t('filters.from')} type="date" {...input('from')} />
          <TextInput label={t('filters.to')} type="date" {...input('to')} />
          <TextInput label={t('filters.gameId')} inputMode="numeric" {...input('gameId')} />
          <TextInput label={t('filters.serverId')} inputMode="numeric" {...input('serverId')} />
          <TextInput
            label={t('filters.currency')}
            placeholder="USD"
            maxLength={3}
            {...input('currency')}
            autoComplete="off"
          />
          <TextInput label={t('filters.amountMin')} inputMode="decimal" {...input('amountMin')} />
          <TextInput label={t('filters.amountMax')} inputMode="decimal" {...input('amountMax')} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={reset}>
            {t('filters.reset')}
          </Button>
          <Button type="submit">{t('filters.apply')}</Button>
        </Group>
      </Stack>
    </form>
  );
  if (wide) return fields;
  return (
    <Stack gap="sm">
      <Button
        variant="light"
        onClick={() => setOpened((o) => !o)}
        aria-expanded={opened}
        aria-controls="orders-filters"
      >
        {active > 0 ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
      </Button>
      <Collapse expanded={opened} id="orders-filters">
        {fields}
      </Collapse>
    </Stack>
  );
}

export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const order = params.get('order');
  const draft = draftOf(params);
  const filter = filterOf(draft);
  const download = useMutation({
    mutationFn: () => exportOrders(filter),
    onSuccess: saveDownload,
  });

  if (order !== null && order !== '') return <OrderDetail sdkOrderId={order} />;

  const apply = (d: Draft) => {
    const next = new URLSearchParams();
    for (const f of FIELDS) if (d[f].trim() !== '') next.set(f, d[f].trim());
    setParams(next);
  };
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="default" loading={download.isPending} onClick={() => download.mutate()}>
            {t('export')}
          </Button>
        }
      />
      {download.isError && (
        <Text c="red.8" size="sm" role="alert" mb="sm">
          {tc(errorTranslationKey(download.error))}
        </Text>
      )}
      <Paper withBorder p="md" radius="md" mb="md">
        <FilterBar key={params.toString()} initial={draft} onApply={apply} />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Results filter={filter} />
      </Paper>
    </>
  );
}
