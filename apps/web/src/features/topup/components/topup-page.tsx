// The top-up screen (docs/product/top-up.md#top-up-screen, Game selection): game and OS, server and role, "recharge to
// game" or "recharge to HC coins", item cards, payment method, total, HC Point balance, notes,
// customer support, and "confirm order" with the payment dialog. The choices and calls live in
// useTopupForm; the sections in topup-sections.tsx.
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Alert, Button, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../../lib/api-error';
import { useIsMobile } from '../../../lib/app-store';
import { useTopupForm } from '../hooks/use-topup-form';
import { GamePicker } from './game-picker';
import { PaymentDialog } from './payment-dialog';
import { ServerRolePicker } from './server-role-picker';
import { OrderSummary, PackSection, PaymentSection, Section, TopupNotes } from './topup-sections';
import { UnpaidOrders } from './unpaid-orders';
import classes from './topup.module.css';

/** A failed load or report: what failed, why, and a retry (docs/product/errors.md#outcome-and-failure-messages). */
function Failure({
  title,
  error,
  retrying,
  onRetry,
  testId,
}: {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation('topup');
  return (
    <Alert color="red" variant="light" role="alert" title={title} data-testid={testId}>
      <Text size="sm">{t(errorTranslationKey(error))}</Text>
      <Button mt="sm" variant="default" loading={retrying} onClick={onRetry}>
        {t('common:pages.fetchError.retry')}
      </Button>
    </Alert>
  );
}

export function TopupPage() {
  const { t } = useTranslation('topup');
  const isMobile = useIsMobile();
  const form = useTopupForm();
  const { order } = form;

  return (
    <div className={classes.page} data-mobile={isMobile || undefined}>
      <Title order={1} className={classes.heading}>
        {t('common:routes.recharge')}
      </Title>

      <UnpaidOrders />

      <Section>
        <GamePicker
          games={form.games}
          gameId={form.gameId}
          platform={form.platform}
          onGameChange={form.choose.game}
          onPlatformChange={form.choose.platform}
        />
      </Section>

      <Section>
        <ServerRolePicker
          servers={form.servers}
          loading={form.serverRoles.isPending}
          serverId={form.serverId}
          roleId={form.roleId}
          onServerChange={form.choose.server}
          onRoleChange={form.choose.role}
        />
        {form.serverListError ? (
          <Failure
            title={t('common:info.getServerListFail')}
            error={form.serverListError}
            retrying={form.serverRoles.isFetching}
            onRetry={() => void form.serverRoles.refetch()}
            testId="topup-servers-error"
          />
        ) : null}
        {form.roleListError ? (
          <Failure
            title={t('common:info.getRoleListFail')}
            error={form.roleListError}
            retrying={form.serverRoles.isFetching}
            onRetry={() => void form.serverRoles.refetch()}
            testId="topup-roles-error"
          />
        ) : null}
        {form.reportError ? (
          <Failure
            title={t('common:info.reportRoleFail')}
            error={form.reportError}
            retrying={false}
            onRetry={form.retryReport}
            testId="topup-report-error"
          />
        ) : null}
      </Section>

      <PackSection form={form} />
      <PaymentSection form={form} />

      {form.loadError ? (
        <Alert color="red" variant="light" role="alert">
          {t(errorTranslationKey(form.loadError))}
        </Alert>
      ) : null}

      <OrderSummary form={form} />
      <TopupNotes />

      <PaymentDialog
        opened={order.payment !== null}
        fallbackUrl={order.payment?.fallbackUrl ?? null}
        onBack={order.closePayment}
        onDone={order.finishPayment}
      />
    </div>
  );
}
