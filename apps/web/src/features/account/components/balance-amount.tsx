// The shared HC Point balance (docs/product/hc-point.md#balance, docs/product/errors.md#outcome-and-failure-messages getEPointOverageFail) as text: a skeleton
// while it loads, the translated failure message, or the formatted amount.
import '@mantine/core/styles/Skeleton.layer.css';
import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHcPointStatus, useUserInfo } from '../../../lib/app-store';
import { formatNumber } from '../../../lib/format';
import classes from './account.module.css';

export function BalanceAmount({ testId }: { testId: string }) {
  const { t, i18n } = useTranslation('account');
  const { ePointNum, gameAccountId } = useUserInfo();
  const status = useHcPointStatus();
  if (status === 'failed' || gameAccountId === null) {
    return (
      <Text c="red.9" role="alert" data-testid={testId} data-state="failed">
        {t('common:info.getEPointOverageFail')}
      </Text>
    );
  }
  if (status !== 'ready') {
    return <Skeleton height={34} width={160} data-testid={testId} data-state="loading" />;
  }
  return (
    <Text
      className={classes.balance}
      data-testid={testId}
      data-state="ready"
      data-value={ePointNum}
    >
      {t('balance.amount', { amount: formatNumber(ePointNum, i18n.language) })}
    </Text>
  );
}
