// /main/account/user (docs/product/account.md#account-screen): real-name information (or the "none" message)
// with a form to add or update it, the bound game, the login account, the HC Point balance,
// the customer-support link from /api/setting/crmUrl and a logout button; then self-service
// (docs/product/account.md#self-service): sign-in and security, binding a game account, devices,
// the data download and deletion.
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { RealInfo } from '@hc/contract';
import { Alert, Button, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalIcon, LogoutIcon } from '../../../components/ui/icons';
import { appStore, useSiteConfig, useUserInfo } from '../../../lib/app-store';
import { useCrmUrl } from '../../../lib/customer-support';
import { formatCalendarDay } from '../../../lib/format';
import { showNotice } from '../../../lib/notices';
import { accountKeys, realInfoQuery } from '../api/account-queries';
import { AccountShell } from './account-shell';
import { BalanceAmount } from './balance-amount';
import { BindGameSection } from './bind-game-section';
import { RealNameForm } from './real-name-form';
import { DataSection, DevicesSection, SignInSection } from './self-service-sections';
import classes from './account.module.css';

function Field({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={classes.field}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper className={classes.section} radius="lg" withBorder component="section">
      <div className={classes.sectionHead}>
        <Title order={2} className={classes.sectionTitle}>
          {title}
        </Title>
        {action}
      </div>
      {children}
    </Paper>
  );
}

function RealInfoFields({ info }: { info: RealInfo }) {
  const { t, i18n } = useTranslation('account');
  const order = [
    'name',
    'address',
    'phone',
    'email',
    'birthday',
    'id_number',
    'sign_date',
    'sign_region',
  ] as const;
  return (
    <dl className={classes.fields} data-testid="real-name-info">
      {order.map((field) => (
        <Field key={field} label={t(`realName.fields.${field}`)} testId={`real-name-${field}`}>
          {!info[field]
            ? '—'
            : field === 'birthday' || field === 'sign_date'
              ? formatCalendarDay(info[field], i18n.language)
              : info[field]}
        </Field>
      ))}
    </dl>
  );
}

function RealNameSection() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const realInfo = useQuery(realInfoQuery());
  const info = realInfo.data ?? null;
  const action =
    realInfo.isSuccess && !editing ? (
      <Button variant="light" size="sm" onClick={() => setEditing(true)}>
        {info ? t('realName.update') : t('realName.add')}
      </Button>
    ) : null;

  return (
    <Section title={t('realName.title')} action={action}>
      {realInfo.isPending ? (
        <Skeleton height={80} aria-label={t('common:a11y.loading')} />
      ) : realInfo.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('realName.loadFail')}{' '}
          <Button
            variant="subtle"
            size="compact-sm"
            color="red.9"
            onClick={() => void realInfo.refetch()}
          >
            {t('common:actions.refresh')}
          </Button>
        </Alert>
      ) : editing ? (
        <RealNameForm
          info={info}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            queryClient.setQueryData(accountKeys.realInfo, saved);
            setEditing(false);
            showNotice('account:realName.saved', 'success');
          }}
        />
      ) : info ? (
        <RealInfoFields info={info} />
      ) : (
        <Text c="gray.7" data-testid="real-name-none">
          {t('realName.none')}
        </Text>
      )}
    </Section>
  );
}

function SupportLink() {
  const { t } = useTranslation('account');
  const crm = useCrmUrl();
  if (crm.isError || (crm.isSuccess && !crm.data)) {
    return (
      <Text c="red.9" size="sm" role="alert" data-testid="account-support-error">
        {t('common:info.customerServiceJumpFail')}
      </Text>
    );
  }
  return (
    <Button
      component="a"
      href={crm.data ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      variant="default"
      disabled={!crm.isSuccess}
      rightSection={<ExternalIcon size={14} />}
      data-testid="account-support"
    >
      {t('user.support')}
      <span className={classes.srOnly}>{t('common:nav.opensInNewTab')}</span>
    </Button>
  );
}

/** `onLogout` opens the docs/product/routes-and-screens.md#navigation logout confirm (wired by the route: features stay apart). */
export function AccountUserPage({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation('account');
  const user = useUserInfo();
  const config = useSiteConfig();
  const game = config?.games.find((g) => g.game_id === user.gameId);
  // The balance may have moved since it was loaded (a payment in another tab): reload it.
  useEffect(() => {
    if (appStore.getState().hcPointStatus === 'ready') appStore.refreshHcPoint();
  }, []);

  return (
    <AccountShell title={t('common:routes.accountUser')}>
      <div className={classes.cards}>
        <Section title={t('user.accountTitle')}>
          <dl className={classes.fields}>
            <Field label={t('user.loginAccount')} testId="account-login">
              {user.account ?? '—'}
            </Field>
            <Field label={t('user.boundGame')} testId="account-game">
              {game?.name ?? t('user.noGame')}
            </Field>
            <Field label={t('user.gameAccountId')} testId="account-game-account">
              {user.gameAccountId ?? '—'}
            </Field>
          </dl>
          <div className={classes.actions}>
            <SupportLink />
            <Button
              variant="default"
              color="red"
              leftSection={<LogoutIcon size={16} />}
              onClick={onLogout}
              data-testid="account-logout"
            >
              {t('common:nav.logout')}
            </Button>
          </div>
        </Section>
        <Section title={t('balance.title')}>
          <BalanceAmount testId="account-balance" />
          <Text size="sm" c="gray.7">
            {t('balance.hint')}
          </Text>
        </Section>
      </div>
      <SignInSection />
      <BindGameSection />
      <RealNameSection />
      <DevicesSection />
      <DataSection />
    </AccountShell>
  );
}
