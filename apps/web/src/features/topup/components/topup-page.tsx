// The top-up screen (docs/product/top-up.md#top-up-screen, Game selection): game and OS, then the
// numbered steps: 1 server and role, 2 "recharge to game" or "recharge to HC coins" with the item
// cards (shown before a server is chosen), 3 payment method with the HC Point balance, the total
// and "confirm order"; notes, customer support and the payment dialog. From 1024 px the third
// step is a card beside the others, stuck while they scroll. The choices and calls live in
// useTopupForm; the sections in topup-sections.tsx.
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Alert, Button, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** `banner`: the game's banner with the page's title, composed by the route (features do not
 * import each other); without it the page shows its own title. */
export function TopupPage({ banner }: { banner?: ReactNode } = {}) {
  const { t } = useTranslation('topup');
  const isMobile = useIsMobile();
  const form = useTopupForm();
  const { order } = form;

  return (
    <div className={classes.page} data-mobile={isMobile || undefined}>
      {banner ?? (
        <Title order={1} className={classes.heading}>
          {t('common:routes.recharge')}
        </Title>
      )}

      {/* From 1024 px: the steps on the left, the payment step with "confirm order" on the right
          (stuck while the packs scroll); narrower, one column; on phones the order bar. */}
      <div className={classes.layout}>
        <div className={classes.steps}>
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

          <Section title={t('steps.role')} step={1} testId="topup-step-role">
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

          {isMobile ? (
            <>
              <PaymentSection form={form} />
              <OrderSummary form={form} />
            </>
          ) : (
            // From 1024 px beside the payment card, so it stays in view down to the notes;
            // narrower, after it.
            <div className={classes.trailing}>
              <TopupNotes />
            </div>
          )}
        </div>

        {isMobile ? null : (
          <div className={classes.aside}>
            <OrderSummary form={form} />
          </div>
        )}
      </div>

      {/* Phones: after the order bar, which stops above them. */}
      {isMobile ? <TopupNotes /> : null}

      <PaymentDialog
        opened={order.payment !== null}
        fallbackUrl={order.payment?.fallbackUrl ?? null}
        onBack={order.closePayment}
        onDone={order.finishPayment}
      />
    </div>
  );
}
