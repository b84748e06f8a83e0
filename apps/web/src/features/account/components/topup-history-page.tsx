// /main/account/recharge, the top-up history (docs/product/account.md#top-up-history, docs/product/api.md#account-calls
// /api/order/record): status filter (client statuses, filter 4 sent as 2), order-number search,
// date range, pagination, status tags; each row links to its order detail. Amounts are shown in
// the order's currency, USD for portal orders (docs/product/account.md#top-up-history). On mobile the table becomes cards.
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  CLIENT_ORDER_STATUSES,
  displayStatus,
  isServerOrderStatus,
  type ClientOrderStatus,
  type OrderRecordRow,
} from '@hc/contract';
import { Badge, Button, NativeSelect, Paper, Table, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsMobile } from '../../../lib/app-store';
import { paths } from '../../../lib/paths';
import { useQueryLanguage } from '../../../lib/query-language';
import { formatMoney, formatUnixSeconds, statusTone } from '../../../lib/format';
import { orderRecordsQuery } from '../api/account-queries';
import { orderRecordBody, type DayRange } from '../utils/record-query';
import { AccountShell } from './account-shell';
import { DateRangeFilter } from './date-range-filter';
import { RecordPagination } from './record-pagination';
import { RecordError, RecordNone, RecordSkeleton } from './record-states';
import classes from './account.module.css';

function StatusTag({ status }: { status: OrderRecordRow['status'] }) {
  const { t } = useTranslation('topup');
  const display = displayStatus(status);
  return (
    <Badge
      variant="light"
      radius="sm"
      color={statusTone(display)}
      className={classes.badge}
      data-testid="record-status"
      data-status={display}
    >
      {t(`status.${display}`)}
    </Badge>
  );
}

function useRowText() {
  const { t, i18n } = useTranslation('account');
  return {
    amount: (row: OrderRecordRow) => formatMoney(row.amount, row.currency, i18n.language),
    time: (row: OrderRecordRow) => formatUnixSeconds(row.create_ts, i18n.language, 'dateShortTime'),
    /** The date and the time of day apart: the table's cell may put them on two lines. */
    day: (row: OrderRecordRow) => formatUnixSeconds(row.create_ts, i18n.language, 'date'),
    timeOfDay: (row: OrderRecordRow) =>
      formatUnixSeconds(row.create_ts, i18n.language, 'shortTime'),
    type: (row: OrderRecordRow) => t(`orders.type.${row.order_type}`),
  };
}

function OrderLink({ row }: { row: OrderRecordRow }) {
  return (
    <Link to={paths.orderDetail(row.sdk_order_id)} className={classes.orderLink}>
      {row.sdk_order_id}
    </Link>
  );
}

function OrderTable({ rows }: { rows: readonly OrderRecordRow[] }) {
  const { t } = useTranslation('account');
  const text = useRowText();
  return (
    <div className={classes.tableWrap}>
      <Table className={classes.table} striped highlightOnHover data-testid="order-records">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders.columns.orderId')}</Table.Th>
            <Table.Th>{t('orders.columns.item')}</Table.Th>
            <Table.Th>{t('orders.columns.amount')}</Table.Th>
            <Table.Th>{t('orders.columns.status')}</Table.Th>
            <Table.Th>{t('orders.columns.method')}</Table.Th>
            <Table.Th>{t('orders.columns.game')}</Table.Th>
            <Table.Th>{t('orders.columns.server')}</Table.Th>
            <Table.Th>{t('orders.columns.role')}</Table.Th>
            <Table.Th>{t('orders.columns.uid')}</Table.Th>
            <Table.Th>{t('orders.columns.type')}</Table.Th>
            <Table.Th>{t('orders.columns.time')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.sdk_order_id} data-testid="order-record-row">
              <Table.Td>
                <OrderLink row={row} />
              </Table.Td>
              <Table.Td className={classes.itemCell}>{row.name}</Table.Td>
              <Table.Td className={classes.nowrap}>{text.amount(row)}</Table.Td>
              <Table.Td className={classes.nowrap}>
                <StatusTag status={row.status} />
              </Table.Td>
              <Table.Td>{row.channel_name}</Table.Td>
              <Table.Td>{row.game_name}</Table.Td>
              <Table.Td>{row.server_name}</Table.Td>
              <Table.Td>{row.role_name}</Table.Td>
              <Table.Td>{row.uid}</Table.Td>
              <Table.Td className={classes.nowrap}>{text.type(row)}</Table.Td>
              <Table.Td>
                <span className={classes.nowrap}>{text.day(row)}</span>{' '}
                <span className={classes.nowrap}>{text.timeOfDay(row)}</span>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function OrderCards({ rows }: { rows: readonly OrderRecordRow[] }) {
  const { t } = useTranslation('account');
  const text = useRowText();
  return (
    <ul className={classes.recordCards} data-testid="order-records">
      {rows.map((row) => (
        <li key={row.sdk_order_id} className={classes.recordCard} data-testid="order-record-card">
          <div className={classes.recordCardHead}>
            <span className={classes.recordCardTitle}>{row.name}</span>
            <StatusTag status={row.status} />
          </div>
          <dl className={classes.recordCardFields}>
            <dt>{t('orders.columns.orderId')}</dt>
            <dd>
              <OrderLink row={row} />
            </dd>
            <dt>{t('orders.columns.amount')}</dt>
            <dd>{text.amount(row)}</dd>
            <dt>{t('orders.columns.method')}</dt>
            <dd>{row.channel_name}</dd>
            <dt>{t('orders.columns.game')}</dt>
            <dd>{row.game_name}</dd>
            <dt>{t('orders.columns.server')}</dt>
            <dd>{row.server_name}</dd>
            <dt>{t('orders.columns.role')}</dt>
            <dd>{row.role_name}</dd>
            <dt>{t('orders.columns.uid')}</dt>
            <dd>{row.uid}</dd>
            <dt>{t('orders.columns.type')}</dt>
            <dd>{text.type(row)}</dd>
            <dt>{t('orders.columns.time')}</dt>
            <dd>{text.time(row)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function parseStatus(value: string): ClientOrderStatus | null {
  const n = Number(value);
  return (CLIENT_ORDER_STATUSES as readonly number[]).includes(n) ? (n as ClientOrderStatus) : null;
}

export function TopupHistoryPage() {
  const { t } = useTranslation('account');
  const isMobile = useIsMobile();
  const lang = useQueryLanguage();
  const [status, setStatus] = useState<ClientOrderStatus | null>(null);
  const [draftOrderId, setDraftOrderId] = useState('');
  const [orderId, setOrderId] = useState('');
  const [range, setRange] = useState<DayRange>([null, null]);
  const [page, setPage] = useState(1);
  const body = orderRecordBody({ page, status, orderId, range });
  const records = useQuery(orderRecordsQuery(lang, body));
  const rows = (records.data?.list ?? []).filter((row) => isServerOrderStatus(row.status));

  const search = (event: FormEvent) => {
    event.preventDefault();
    setOrderId(draftOrderId);
    setPage(1);
  };
  const filtered = status !== null || orderId !== '' || range[0] !== null || range[1] !== null;
  const clearFilters = () => {
    setStatus(null);
    setDraftOrderId('');
    setOrderId('');
    setRange([null, null]);
    setPage(1);
  };

  return (
    <AccountShell title={t('common:routes.accountRecharge')}>
      <Paper className={classes.section} radius="lg" withBorder>
        <form className={classes.filters} onSubmit={search} role="search">
          <NativeSelect
            className={classes.filterStatus}
            label={t('filters.status')}
            value={status === null ? '' : String(status)}
            onChange={(event) => {
              setStatus(parseStatus(event.currentTarget.value));
              setPage(1);
            }}
            data={[
              { value: '', label: t('filters.allStatuses') },
              ...CLIENT_ORDER_STATUSES.map((s) => ({
                value: String(s),
                label: t(`orders.clientStatus.${s}`),
              })),
            ]}
            data-testid="record-status-filter"
          />
          <DateRangeFilter
            className={classes.filterDates}
            value={range}
            onChange={(next) => {
              setRange(next);
              setPage(1);
            }}
          />
          <div className={classes.filterSearch}>
            <TextInput
              label={t('filters.orderId')}
              placeholder={t('filters.orderIdPlaceholder')}
              value={draftOrderId}
              onChange={(event) => setDraftOrderId(event.currentTarget.value)}
              maxLength={64}
              data-testid="record-order-search"
            />
            <Button type="submit">{t('filters.search')}</Button>
          </div>
        </form>
        {records.isError ? (
          <RecordError
            message={t('common:info.getOrderListFail')}
            onRetry={() => void records.refetch()}
          />
        ) : records.isPending ? (
          <RecordSkeleton />
        ) : rows.length === 0 ? (
          <RecordNone
            title={t('orders.empty')}
            art="orders"
            hint={t('orders.emptyHint')}
            filter={
              filtered
                ? {
                    text: t('filters.noMatch'),
                    clearLabel: t('filters.clearAll'),
                    onClear: clearFilters,
                  }
                : undefined
            }
          />
        ) : (
          <>
            {isMobile ? <OrderCards rows={rows} /> : <OrderTable rows={rows} />}
            <RecordPagination page={page} total={records.data.total} onChange={setPage} />
          </>
        )}
      </Paper>
    </AccountShell>
  );
}
