// HC Point balance ("balance (overage)", docs/product/top-up.md#top-up-screen) when paying with HC Point: the shared ePointNum
// of the app state (docs/product/routes-and-screens.md#app-state, loaded by the HC Point sync); a failure shows
// global.info.getEPointOverageFail (docs/product/errors.md#outcome-and-failure-messages; the sync logs the error).
import { Skeleton, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { appStore, useHcPointStatus, useUserInfo } from '../../../lib/app-store';
import { formatNumber } from '../../../lib/format';
import classes from './topup.module.css';

export function HcPointBalance({
  gameAccountId,
  price = null,
}: {
  gameAccountId: number | null;
  /** The chosen item's price in HC Point, shown beside the balance. */
  price?: number | null;
}) {
  const { t, i18n } = useTranslation('topup');
  const { ePointNum } = useUserInfo();
  const status = useHcPointStatus();
  // Paying with HC Point needs a fresh balance (an HC Point pack may just have been bought).
  useEffect(() => {
    if (appStore.getState().hcPointStatus !== 'loading') appStore.refreshHcPoint();
  }, []);

  return (
    <>
      {price !== null ? (
        <div className={classes.summaryRow} data-testid="topup-hc-price">
          <Text className={classes.summaryLabel}>{t('labels.hcPointPrice')}</Text>
          <Text fw={600}>
            {t('summary.hcPoint', { amount: formatNumber(price, i18n.language) })}
          </Text>
        </div>
      ) : null}
      <div className={classes.summaryRow} data-testid="topup-balance">
        <Text className={classes.summaryLabel}>{t('labels.balance')}</Text>
        {status === 'failed' || gameAccountId === null ? (
          <Text c="red" role="alert">
            {t('common:info.getEPointOverageFail')}
          </Text>
        ) : status !== 'ready' ? (
          <Skeleton height={20} width={120} />
        ) : (
          <Text fw={600}>
            {t('summary.hcPoint', { amount: formatNumber(ePointNum, i18n.language) })}
          </Text>
        )}
      </div>
    </>
  );
}
