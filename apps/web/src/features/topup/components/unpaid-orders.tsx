// The player's unpaid orders on the top-up screen (docs/product/top-up.md#unpaid-orders): item,
// amount, when it was created, "resume payment" (the order page, which offers the checkout while
// it can still be paid) and "cancel" (/api/order/cancel). Nothing shows without unpaid orders; a
// failed load says "failed to get unpaid orders", with a retry.
import '@mantine/core/styles/Alert.layer.css';
import type { OrderRecordRow } from '@hc/contract';
import { Alert, Anchor, Button, Paper, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorTranslationKey } from '../../../lib/api-error';
import { useUserInfo } from '../../../lib/app-store';
import { formatMoney, formatUnixSeconds, unixSecondsToIso } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useQueryLanguage } from '../../../lib/query-language';
import { cancelOrder } from '../api/topup-api';
import { topupKeys, unpaidOrdersQuery } from '../api/topup-queries';
import classes from './topup.module.css';

function UnpaidOrder({
  row,
  cancelling,
  onCancel,
}: {
  row: OrderRecordRow;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('topup');
  return (
    <li className={classes.unpaidRow} data-testid={`topup-unpaid-${row.sdk_order_id}`}>
      <div className={classes.unpaidInfo}>
        <Text fw={600} className={classes.grow}>
          {row.name}
        </Text>
        <Text size="sm" c="dimmed">
          {row.server_name} · {row.role_name} ·{' '}
          <time dateTime={unixSecondsToIso(row.create_ts)}>
            {formatUnixSeconds(row.create_ts, i18n.language)}
          </time>
        </Text>
      </div>
      <Text fw={700} className={classes.unpaidAmount}>
        {formatMoney(row.amount, row.currency, i18n.language)}
      </Text>
      <div className={classes.unpaidActions}>
        <Button
          size="xs"
          component={Link}
          to={paths.orderDetail(row.sdk_order_id)}
          data-track-button="unpaid_resume"
        >
          {t('unpaid.resume')}
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={cancelling}
          onClick={onCancel}
          aria-label={t('unpaid.cancelLabel', { name: row.name })}
          data-track-button="unpaid_cancel"
        >
          {t('unpaid.cancel')}
        </Button>
      </div>
    </li>
  );
}

export function UnpaidOrders() {
  const { t } = useTranslation('topup');
  const lang = useQueryLanguage();
  const { accid } = useUserInfo();
  const queryClient = useQueryClient();
  const unpaid = useQuery(unpaidOrdersQuery(lang, accid));
  const cancel = useMutation({
    mutationFn: cancelOrder,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: topupKeys.unpaidOrders(lang, accid).slice(0, 2) }),
  });

  if (!unpaid.data && unpaid.error) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('common:info.getUnpaidOrdersFail')}
        data-testid="topup-unpaid-error"
      >
        <Text size="sm">{t(errorTranslationKey(unpaid.error))}</Text>
        <Button
          mt="sm"
          variant="default"
          loading={unpaid.isFetching}
          onClick={() => void unpaid.refetch()}
        >
          {t('common:pages.fetchError.retry')}
        </Button>
      </Alert>
    );
  }
  const data = unpaid.data;
  if (!data || data.list.length === 0) return null;
  return (
    <Paper
      className={classes.section}
      radius="lg"
      withBorder
      component="section"
      aria-labelledby="topup-unpaid-title"
      data-testid="topup-unpaid"
    >
      <Title order={2} className={classes.sectionTitle} id="topup-unpaid-title">
        {t('unpaid.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('unpaid.hint')}
      </Text>
      <ul className={classes.unpaidList}>
        {data.list.map((row) => (
          <UnpaidOrder
            key={row.sdk_order_id}
            row={row}
            cancelling={cancel.isPending && cancel.variables === row.sdk_order_id}
            onCancel={() => cancel.mutate(row.sdk_order_id)}
          />
        ))}
      </ul>
      {cancel.error ? (
        <Alert color="red" variant="light" role="alert" data-testid="topup-unpaid-cancel-error">
          {t(errorTranslationKey(cancel.error))}
        </Alert>
      ) : null}
      {data.total > data.list.length ? (
        <Anchor component={Link} to={paths.accountTopupHistory} size="sm">
          {t('unpaid.more')}
        </Anchor>
      ) : null}
    </Paper>
  );
}
