// Frame of the three account pages (docs/product/account.md#account-screen, /main/account/*): the heading and
// links between them, labelled with the route titles (common routes.*).
import '@mantine/core/styles/Title.layer.css';
import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import classes from './account.module.css';

const TABS = [
  { to: paths.accountUser, labelKey: 'common:routes.accountUser' },
  { to: paths.accountTopupHistory, labelKey: 'common:routes.accountRecharge' },
  { to: paths.accountHcPoint, labelKey: 'common:routes.accountEpoint' },
] as const;

export function AccountShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('account');
  const { pathname } = useLocation();
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.heading}>
        {title}
      </Title>
      <nav className={classes.tabs} aria-label={t('tabs.label')}>
        {TABS.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            className={classes.tab}
            aria-current={pathname === tab.to ? 'page' : undefined}
          >
            {t(tab.labelKey)}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}
