// The order status screen (docs/product/top-up.md#order-status-screen, docs/product/top-up.md#order-lifecycle status texts): status, method, account,
// game, server, role, amount, created time and the timeline; pay, refresh, back to personal
// center, continue recharging. Polls every 3 s while the order is unpaid or paid (processing).
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { ServerOrderStatus, type OrderDetail } from '@hc/contract';
import { Alert, Badge, Button, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { trackBuyDone } from '../../../lib/analytics/orders';
import { errorTranslationKey } from '../../../lib/api-error';
import { refreshHcPoint } from '../../../lib/app-store';
import { paths } from '../../../lib/paths';
import { useQueryLanguage } from '../../../lib/query-language';
import { orderDetailQuery } from '../api/topup-queries';
import { formatMoney, formatUnixSeconds, statusTone, unixSecondsToIso } from '../../../lib/format';
import { displayStatus, isOrderNotFound, isOrderOpen } from '../utils/order-status';
import classes from './order-detail.module.css';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>{children}</dd>
    </div>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper
      className={classes.card}
      radius="lg"
      withBorder
      aria-busy="true"
      aria-label={t('a11y.loading')}
    >
      <Skeleton height={28} width="40%" />
      <Skeleton height={18} width="70%" />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={16} />
      ))}
    </Paper>
  );
}

function OrderView({
  order,
  refreshing,
  onRefresh,
}: {
  order: OrderDetail;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t, i18n } = useTranslation('topup');
  const display = displayStatus(order.status);
  const open = isOrderOpen(order.status);
  const canPay = display === 'unpaid' && Boolean(order.pay_url);
  return (
    <Paper className={classes.card} radius="lg" withBorder>
      <div className={classes.statusHead}>
        <Badge
          size="xl"
          radius="sm"
          variant="light"
          color={statusTone(display)}
          className={classes.badge}
          data-testid="order-status"
          data-status={display}
        >
          {t(`status.${display}`)}
        </Badge>
        <Text className={classes.statusText} data-testid="order-status-text" role="status">
          {t(`statusText.${display}`)}
        </Text>
        {open ? (
          <Text size="sm" c="dimmed">
            {t('detail.autoRefresh')}
          </Text>
        ) : null}
      </div>

      <dl className={classes.fields}>
        <Field label={t('detail.orderId')}>
          <span className={classes.mono}>{order.sdk_order_id}</span>
        </Field>
        <Field label={t('detail.item')}>{order.name}</Field>
        <Field label={t('detail.amount')}>
          <span className={classes.amount}>
            {formatMoney(order.amount, order.currency, i18n.language)}
          </span>
        </Field>
        <Field label={t('detail.method')}>{order.channel_name}</Field>
        <Field label={t('detail.account')}>{order.account}</Field>
        <Field label={t('detail.game')}>{order.game_name}</Field>
        <Field label={t('detail.server')}>{order.server_name}</Field>
        <Field label={t('detail.role')}>{order.role_name}</Field>
        <Field label={t('detail.created')}>
          {formatUnixSeconds(order.create_ts, i18n.language)}
        </Field>
      </dl>

      {order.timeline.length > 0 ? (
        <section className={classes.timelineWrap}>
          <Title order={2} className={classes.subTitle}>
            {t('detail.timeline')}
          </Title>
          <ol className={classes.timeline} data-testid="order-timeline">
            {order.timeline.map((step, index) => (
              <li key={`${step.status}-${step.ts}-${index}`} className={classes.step}>
                <span className={classes.stepLabel}>{t(`timeline.s${step.status}`)}</span>
                <time className={classes.stepTime} dateTime={unixSecondsToIso(step.ts)}>
                  {formatUnixSeconds(step.ts, i18n.language)}
                </time>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <div className={classes.actions}>
        {canPay ? (
          <Button
            component="a"
            href={order.pay_url ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="order-pay"
            data-track-button="order_pay"
          >
            {t('detail.pay')}
          </Button>
        ) : null}
        <Button
          variant="default"
          onClick={onRefresh}
          loading={refreshing}
          data-testid="order-refresh"
          data-track-button="order_refresh"
        >
          {t('detail.refresh')}
        </Button>
        <Button variant="default" component={Link} to={paths.accountUser}>
          {t('detail.backToAccount')}
        </Button>
        <Button variant="light" component={Link} to={paths.topup}>
          {t('detail.continue')}
        </Button>
      </div>
    </Paper>
  );
}

export function OrderDetailPage({ sdkOrderId }: { sdkOrderId: string }) {
  const { t } = useTranslation('topup');
  const lang = useQueryLanguage();
  const detail = useQuery(orderDetailQuery(lang, sdkOrderId));
  const completed = detail.data?.status === ServerOrderStatus.Delivered;

  // docs/product/analytics.md#events buy_done: the order page saw the order completed (sent once per order).
  useEffect(() => {
    if (completed) trackBuyDone(sdkOrderId);
  }, [completed, sdkOrderId]);

  // docs/product/hc-point.md#balance: a completed order can have changed the balance (an HC
  // Point pack delivered, a rebate credited), so the header balance reloads.
  useEffect(() => {
    if (completed) refreshHcPoint();
  }, [completed, sdkOrderId]);

  let body: ReactNode;
  if (detail.data) {
    body = (
      <OrderView
        order={detail.data}
        refreshing={detail.isFetching}
        onRefresh={() => void detail.refetch()}
      />
    );
  } else if (detail.error && isOrderNotFound(detail.error)) {
    body = (
      <Paper className={classes.card} radius="lg" withBorder data-testid="order-not-found">
        <Title order={2} className={classes.subTitle}>
          {t('detail.notFoundTitle')}
        </Title>
        {/* docs/product/top-up.md#placing-an-order: an unknown number on the way back from payment. */}
        <Text role="alert" data-testid="order-number-wrong">
          {t('common:info.paymentOrderNumberWrong')}
        </Text>
        <Text c="dimmed">{t('detail.notFoundMessage')}</Text>
        <div className={classes.actions}>
          <Button component={Link} to={paths.topup}>
            {t('detail.continue')}
          </Button>
          <Button variant="default" component={Link} to={paths.accountUser}>
            {t('detail.backToAccount')}
          </Button>
        </div>
      </Paper>
    );
  } else if (detail.error) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t('common:info.getOrderDetailFail')}>
        <Text size="sm">{t(errorTranslationKey(detail.error))}</Text>
        <Button mt="sm" variant="default" onClick={() => void detail.refetch()}>
          {t('common:pages.fetchError.retry')}
        </Button>
      </Alert>
    );
  } else {
    body = <DetailSkeleton />;
  }

  return (
    <div className={classes.page}>
      <Title order={1} className={classes.heading}>
        {t('common:routes.rechargeDetail')}
      </Title>
      {body}
    </div>
  );
}
