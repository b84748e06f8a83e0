// The parts of the top-up screen (docs/product/top-up.md#top-up-screen): the section card, the
// "game pack / HC Point pack" choice with the pack cards, the payment methods with the HC Point
// balance, the total with "confirm order", and the notes with the customer-support link.
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Alert, Anchor, Button, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerServiceUrl, useIsMobile } from '../../../lib/app-store';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { TopupForm } from '../hooks/use-topup-form';
import { ChoiceGroup } from './choice-group';
import { HcPointBalance } from './hc-point-balance';
import { PayMethods } from './pay-methods';
import { ProductList } from './product-list';
import { RebateCampaign } from './rebate-campaign';
import classes from './topup.module.css';

/** A card of the form; `title` only where the groups inside have no legend of their own. */
export function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Paper className={classes.section} radius="lg" withBorder>
      {title ? (
        <Title order={2} className={classes.sectionTitle}>
          {title}
        </Title>
      ) : null}
      {children}
    </Paper>
  );
}

export function PackSection({ form }: { form: TopupForm }) {
  const { t } = useTranslation('topup');
  return (
    <Section>
      <ChoiceGroup
        legend={t('labels.target')}
        name="topup-target"
        testId="topup-target"
        layout="segmented"
        value={form.target}
        onChange={form.choose.target}
        choices={[
          { value: 'game', label: t('target.game') },
          { value: 'coin', label: t('target.coin') },
        ]}
      />
      <RebateCampaign gameId={form.gameId} />
      {form.target === 'game' && !form.roleTarget ? (
        <Text c="dimmed" size="sm">
          {t('product.needRole')}
        </Text>
      ) : (
        <ProductList
          legend={t('labels.amount')}
          products={form.products}
          loading={form.packs.isPending}
          error={form.packs.error}
          retrying={form.packs.isFetching}
          onRetry={() => void form.packs.refetch()}
          value={form.cpGoodsId}
          onChange={form.choose.product}
        />
      )}
    </Section>
  );
}

export function PaymentSection({ form }: { form: TopupForm }) {
  return (
    <Section>
      <PayMethods
        channels={form.channelList}
        loading={form.channelsLoading}
        value={form.channel?.channel_code ?? null}
        onChange={form.choose.channel}
      />
      {form.channel?.kind === 'epoint' ? (
        <HcPointBalance gameAccountId={form.gameAccountId} price={form.hcPointPrice} />
      ) : null}
    </Section>
  );
}

const SHORT_REASON_ID = 'topup-hc-short-reason';

export function OrderSummary({ form }: { form: TopupForm }) {
  const { t, i18n } = useTranslation('topup');
  const isMobile = useIsMobile();
  const { product, order } = form;
  const short = form.hcPointShortBy !== null;
  const total = product ? formatMoney(product.price, product.currency, i18n.language) : '—';
  // On phones the summary is a bar stuck to the bottom of the screen (topup.module.css .summary):
  // the chosen pack on one line, the total, and "confirm order"; the reason and errors above them.
  return (
    <Paper
      className={classes.summary}
      radius="lg"
      withBorder
      data-mobile={isMobile || undefined}
      data-testid="topup-summary"
    >
      {isMobile ? (
        <div className={classes.summaryRow}>
          <Text className={classes.summaryLabel}>{t('summary.item')}</Text>
          <Text
            className={classes.summaryPack}
            title={product?.name}
            data-testid="topup-summary-pack"
          >
            {product?.name ?? '—'}
          </Text>
        </div>
      ) : null}
      <div className={classes.summaryRow}>
        <Text className={classes.summaryLabel}>{t('labels.total')}</Text>
        <Text className={classes.total} data-testid="topup-total">
          {total}
        </Text>
      </div>
      {order.error ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          data-testid="topup-error"
          title={order.error.titleKey ? t(order.error.titleKey) : undefined}
        >
          {t(order.error.key, order.error.values ?? {})}
          {order.error.detail !== undefined ? (
            <Text
              size="sm"
              mt={4}
              className={classes.maintenanceNote}
              data-testid="topup-error-detail"
            >
              {order.error.detail}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      {short ? (
        <Text c="red" size="sm" id={SHORT_REASON_ID} data-testid="topup-hc-short">
          {t('summary.hcPointShort', {
            amount: formatNumber(form.hcPointShortBy ?? 0, i18n.language),
          })}
        </Text>
      ) : null}
      <Button
        size={isMobile ? 'md' : 'lg'}
        className={classes.summaryConfirm}
        loading={order.pending}
        disabled={short}
        aria-describedby={short ? SHORT_REASON_ID : undefined}
        onClick={form.confirm}
        data-testid="topup-confirm"
        data-track-button="pay"
      >
        {t('confirm')}
      </Button>
    </Paper>
  );
}

export function TopupNotes() {
  const { t } = useTranslation('topup');
  const supportUrl = useCustomerServiceUrl();
  return (
    <Section title={t('labels.notes')}>
      <ul className={classes.notes}>
        <li>{t('notes.delivery')}</li>
        <li>{t('notes.check')}</li>
        <li>{t('notes.support')}</li>
      </ul>
      {supportUrl ? (
        <Text size="sm">
          {t('labels.customerSupport')}:{' '}
          <Anchor
            href={supportUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="topup-support"
          >
            {t('supportLink')}
          </Anchor>
        </Text>
      ) : null}
    </Section>
  );
}
