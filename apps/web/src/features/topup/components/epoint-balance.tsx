// HC Point balance ("balance (overage)", SPEC §2) when paying with HC Point: basicNum +
// presentNum of the game account (SPEC §3 ePointNum); a failure shows
// global.info.getEPointOverageFail and is logged (SPEC §8).
import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { appStore } from '../../../lib/app-store';
import { fetchEpointBalance } from '../api/topup-api';
import { formatNumber } from '../utils/format';
import classes from './topup.module.css';

export function EpointBalance({ gameAccountId }: { gameAccountId: number | null }) {
  const { t, i18n } = useTranslation('topup');
  const balance = useQuery({
    queryKey: ['topup', 'epointBalance', gameAccountId],
    queryFn: ({ signal }) => fetchEpointBalance(gameAccountId!, signal),
    enabled: gameAccountId !== null,
    retry: false,
  });
  useEffect(() => {
    if (balance.data !== undefined) appStore.setUserInfo({ ePointNum: balance.data });
  }, [balance.data]);
  useEffect(() => {
    if (balance.error) console.error('HC Point balance query failed', balance.error);
  }, [balance.error]);

  return (
    <div className={classes.summaryRow} data-testid="topup-balance">
      <Text className={classes.summaryLabel}>{t('labels.balance')}</Text>
      {balance.error || gameAccountId === null ? (
        <Text c="red" role="alert">
          {t('common:info.getEPointOverageFail')}
        </Text>
      ) : balance.data === undefined ? (
        <Skeleton height={20} width={120} />
      ) : (
        <Text fw={600}>
          {t('summary.hcPoint', { amount: formatNumber(balance.data, i18n.language) })}
        </Text>
      )}
    </div>
  );
}
