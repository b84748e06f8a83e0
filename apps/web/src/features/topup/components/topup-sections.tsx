// The parts of the top-up screen (docs/product/top-up.md#top-up-screen): the section card with its
// step number, the "game pack / HC Point pack" choice with the pack cards, the payment methods
// with the HC Point balance, the total with "confirm order" (disabled with its reason until every
// step is done), and the notes with the customer-support link.
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Alert, Anchor, Button, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../../lib/api-error';
import { useCustomerServiceUrl, useIsMobile } from '../../../lib/app-store';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { TopupForm } from '../hooks/use-topup-form';
import { ChoiceGroup } from './choice-group';
import { HcPointBalance } from './hc-point-balance';
import { PayMethods } from './pay-methods';
import { ProductList } from './product-list';
import { RebateCampaign } from './rebate-campaign';
import classes from './topup.module.css';

/** A card of the form; `title` only where the groups inside have no legend of their own, `step` its number. */
export function Section({
  title,
  step,
  children,
  testId,
}: {
  title?: string;
  step?: number;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper className={classes.section} radius="lg" withBorder data-testid={testId}>
      {title ? <StepTitle title={title} step={step} /> : null}
      {children}
    </Paper>
  );
}

/** A section title; the steps (1 server and role, 2 pack, 3 payment) carry their number in a badge. */
function StepTitle({ title, step, id }: { title: string; step?: number; id?: string }) {
  return (
    <Title order={2} className={classes.sectionTitle} id={id}>
      {step !== undefined ? (
        <span className={classes.stepBadge} aria-hidden="true">
          {step}
        </span>
      ) : null}
      {title}
    </Title>
  );
}

export function PackSection({ form }: { form: TopupForm }) {
  const { t } = useTranslation('topup');
  return (
    <Section title={t('steps.pack')} step={2} testId="topup-step-pack">
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
      {form.notSoldPack !== null ? (
        // docs/product/top-up.md#items: the pack chosen before the server is not sold on it.
        <Alert color="yellow" variant="light" role="status" data-testid="topup-pack-not-sold">
          {t('product.notSold', { name: form.notSoldPack })}
        </Alert>
      ) : null}
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
    </Section>
  );
}

/** The payment methods (once a role and a pack are chosen), the HC Point balance and a failed load. */
function PaymentChoice({ form }: { form: TopupForm }) {
  const { t } = useTranslation('topup');
  return (
    <>
      <PayMethods
        channels={form.channelList}
        loading={form.channelsLoading}
        hint={form.roleTarget === null ? 'pay.needRole' : 'pay.empty'}
        value={form.channel?.channel_code ?? null}
        onChange={form.choose.channel}
      />
      {form.channel?.kind === 'epoint' ? (
        <HcPointBalance gameAccountId={form.gameAccountId} price={form.hcPointPrice} />
      ) : null}
      {form.loadError ? (
        <Alert color="red" variant="light" role="alert">
          {t(errorTranslationKey(form.loadError))}
        </Alert>
      ) : null}
    </>
  );
}

/** Phones: the payment step as a card of its own, above the order bar. */
export function PaymentSection({ form }: { form: TopupForm }) {
  const { t } = useTranslation('topup');
  return (
    <Section title={t('steps.payment')} step={3} testId="topup-step-payment">
      <PaymentChoice form={form} />
    </Section>
  );
}

const SHORT_REASON_ID = 'topup-hc-short-reason';
const STEP_REASON_ID = 'topup-confirm-reason';

/**
 * "Confirm order" with the total. Phones: a bar stuck to the bottom of the screen (topup.module.css
 * .summary): the chosen pack on one line, the total and the button; the reason and errors above
 * them. Wider screens: the payment step's card (beside the packs from 1024 px, stuck while they
 * scroll): the chosen pack, the payment methods, the HC Point balance, the total and the button.
 * The button stays disabled, with the reason under it, until every step is done and while the
 * HC Point balance is short (docs/product/top-up.md#before-paying).
 */
export function OrderSummary({ form }: { form: TopupForm }) {
  const { t, i18n } = useTranslation('topup');
  const isMobile = useIsMobile();
  const { product, order } = form;
  const short = form.hcPointShortBy !== null;
  const total = product ? formatMoney(product.price, product.currency, i18n.language) : '—';
  // While the payment methods load there is nothing to choose yet: no reason.
  const waiting = form.blockedBy === null || (form.blockedBy === 'payment' && form.channelsLoading);
  const reason = short
    ? t('summary.hcPointShort', { amount: formatNumber(form.hcPointShortBy ?? 0, i18n.language) })
    : waiting
      ? null
      : t(`summary.reason.${form.blockedBy!}`);
  const reasonId = short ? SHORT_REASON_ID : STEP_REASON_ID;
  return (
    <Paper
      component={isMobile ? 'div' : 'section'}
      className={classes.summary}
      radius="lg"
      withBorder
      data-mobile={isMobile || undefined}
      data-testid="topup-summary"
      aria-labelledby={isMobile ? undefined : 'topup-summary-title'}
    >
      {isMobile ? null : <StepTitle title={t('steps.payment')} step={3} id="topup-summary-title" />}
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
      {isMobile ? null : <PaymentChoice form={form} />}
      <div className={classes.summaryRow} data-total>
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
      {reason !== null ? (
        <Text
          c={short ? 'red' : 'dimmed'}
          size="sm"
          id={reasonId}
          className={classes.summaryReason}
          data-testid={short ? 'topup-hc-short' : 'topup-confirm-reason'}
        >
          {reason}
        </Text>
      ) : null}
      <Button
        size={isMobile ? 'md' : 'lg'}
        className={classes.summaryConfirm}
        classNames={{ label: classes.confirmLabel }}
        loading={order.pending}
        disabled={short || form.blockedBy !== null}
        aria-describedby={reason !== null ? reasonId : undefined}
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
