// /main/account/epoint, the HC Point record (docs/product/hc-point.md#hc-point-record, docs/product/api.md#account-calls
// /api/order/coin/record): date range, pagination, income and expense told apart by colour,
// sign and label, the balance after each movement and the order number; cards on mobile.
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Table.layer.css';
import type { CoinRecordRow } from '@hc/contract';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appStore, useIsMobile } from '../../../lib/app-store';
import { formatNumber, formatUnixSeconds } from '../../../lib/format';
import { hcPointRecordsQuery } from '../api/account-queries';
import { hcPointRecordBody, type DayRange } from '../utils/record-query';
import { AccountShell } from './account-shell';
import { BalanceAmount } from './balance-amount';
import { DateRangeFilter } from './date-range-filter';
import { RecordPagination } from './record-pagination';
import { RecordError, RecordNone, RecordSkeleton } from './record-states';
import classes from './account.module.css';

/** "+100" / "−30": the sign is always shown, whatever the server's sign convention. */
function signedChange(row: CoinRecordRow, language: string): string {
  const magnitude = formatNumber(Math.abs(row.change), language);
  return row.type === 'income' ? `+${magnitude}` : `\u2212${magnitude}`;
}

function Movement({ row }: { row: CoinRecordRow }) {
  const { i18n } = useTranslation('account');
  return (
    <span
      className={row.type === 'income' ? classes.income : classes.expense}
      data-testid="coin-change"
      data-type={row.type}
    >
      {signedChange(row, i18n.language)}
    </span>
  );
}

function TypeTag({ row }: { row: CoinRecordRow }) {
  const { t } = useTranslation('account');
  return (
    <span
      className={`${classes.tag} ${row.type === 'income' ? classes.tagIncome : classes.tagExpense}`}
      data-testid="coin-type"
    >
      {t(`epoint.type.${row.type}`)}
    </span>
  );
}

function HcPointTable({ rows }: { rows: readonly CoinRecordRow[] }) {
  const { t, i18n } = useTranslation('account');
  return (
    <div className={classes.tableWrap}>
      <Table className={classes.table} striped highlightOnHover data-testid="coin-records">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('epoint.columns.time')}</Table.Th>
            <Table.Th>{t('epoint.columns.type')}</Table.Th>
            <Table.Th>{t('epoint.columns.change')}</Table.Th>
            <Table.Th>{t('epoint.columns.balance')}</Table.Th>
            <Table.Th>{t('epoint.columns.orderId')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr
              key={`${row.sdk_order_id}-${row.create_ts}-${index}`}
              data-testid="coin-record-row"
              data-type={row.type}
            >
              <Table.Td className={classes.nowrap}>
                {formatUnixSeconds(row.create_ts, i18n.language, 'dateShortTime')}
              </Table.Td>
              <Table.Td>
                <TypeTag row={row} />
              </Table.Td>
              <Table.Td>
                <Movement row={row} />
              </Table.Td>
              <Table.Td data-testid="coin-balance">
                {formatNumber(row.balance, i18n.language)}
              </Table.Td>
              <Table.Td>{row.sdk_order_id}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function HcPointCards({ rows }: { rows: readonly CoinRecordRow[] }) {
  const { t, i18n } = useTranslation('account');
  return (
    <ul className={classes.recordCards} data-testid="coin-records">
      {rows.map((row, index) => (
        <li
          key={`${row.sdk_order_id}-${row.create_ts}-${index}`}
          className={classes.recordCard}
          data-testid="coin-record-card"
          data-type={row.type}
        >
          <div className={classes.recordCardHead}>
            <TypeTag row={row} />
            <Movement row={row} />
          </div>
          <dl className={classes.recordCardFields}>
            <dt>{t('epoint.columns.balance')}</dt>
            <dd data-testid="coin-balance">{formatNumber(row.balance, i18n.language)}</dd>
            <dt>{t('epoint.columns.orderId')}</dt>
            <dd>{row.sdk_order_id}</dd>
            <dt>{t('epoint.columns.time')}</dt>
            <dd>{formatUnixSeconds(row.create_ts, i18n.language, 'dateShortTime')}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function HcPointRecordPage() {
  const { t } = useTranslation('account');
  const isMobile = useIsMobile();
  const [range, setRange] = useState<DayRange>([null, null]);
  const [page, setPage] = useState(1);
  const body = hcPointRecordBody({ page, range });
  const records = useQuery(hcPointRecordsQuery(body));
  // The record may show movements the header does not know yet: reload ePointNum (docs/product/hc-point.md#balance).
  useEffect(() => {
    if (appStore.getState().hcPointStatus === 'ready') appStore.refreshHcPoint();
  }, []);

  return (
    <AccountShell title={t('common:routes.accountEpoint')}>
      <Paper className={classes.section} radius="lg" withBorder>
        <div className={classes.sectionHead}>
          <div>
            <Title order={2} className={classes.sectionTitle}>
              {t('balance.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('balance.hint')}
            </Text>
          </div>
          <BalanceAmount testId="account-balance" />
        </div>
      </Paper>
      <Paper className={classes.section} radius="lg" withBorder>
        <div className={classes.filters}>
          <DateRangeFilter
            className={classes.filterDates}
            value={range}
            onChange={(next) => {
              setRange(next);
              setPage(1);
            }}
          />
        </div>
        {records.isError ? (
          <RecordError
            message={t('common:info.getEPointRecordsFail')}
            onRetry={() => void records.refetch()}
          />
        ) : records.isPending ? (
          <RecordSkeleton />
        ) : records.data.list.length === 0 ? (
          <RecordNone
            title={t('epoint.empty')}
            art="points"
            hint={t('epoint.emptyHint')}
            filter={
              range[0] !== null || range[1] !== null
                ? {
                    text: t('filters.noMatchDates'),
                    clearLabel: t('filters.clearDates'),
                    onClear: () => {
                      setRange([null, null]);
                      setPage(1);
                    },
                  }
                : undefined
            }
          />
        ) : (
          <>
            {isMobile ? (
              <HcPointCards rows={records.data.list} />
            ) : (
              <HcPointTable rows={records.data.list} />
            )}
            <RecordPagination page={page} total={records.data.total} onChange={setPage} />
          </>
        )}
      </Paper>
    </AccountShell>
  );
}
