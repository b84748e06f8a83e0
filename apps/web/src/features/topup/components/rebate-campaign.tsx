// The running top-up rebate campaign (docs/product/top-up.md#rebate-campaign, /api/recharge/rebate/info)
// near the packs: its text, time window, "ends in" and tiers. Nothing shows when no campaign runs
// or its window is over by the server's clock; a failed load says so, with a retry.
import '@mantine/core/styles/Alert.layer.css';
import type { RebateInfo } from '@hc/contract';
import { Alert, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../../lib/api-error';
import { formatMoney, formatUnixSeconds, unixSecondsToIso } from '../../../lib/format';
import { useQueryLanguage } from '../../../lib/query-language';
import { useServerNowSeconds } from '../../../lib/use-server-now';
import { rebateInfoQuery } from '../api/topup-queries';
import classes from './topup.module.css';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "in 3 days", "in 5 hours", "in 2 minutes" in `language` (rounded down, at least 1 minute). */
export function timeUntil(seconds: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size || unit === 'minute') {
      return format.format(Math.max(1, Math.floor(seconds / size)), unit);
    }
  }
  return format.format(1, 'minute');
}

/** Whether the campaign runs at `now` (server seconds). */
export function campaignRunning(info: RebateInfo | undefined, now: number): info is RebateInfo {
  if (!info?.active) return false;
  if (info.begin_ts !== null && info.begin_ts > now) return false;
  return info.end_ts === null || info.end_ts > now;
}

function Window({ info }: { info: RebateInfo }) {
  const { t, i18n } = useTranslation('topup');
  const at = (ts: number) => (
    <time dateTime={unixSecondsToIso(ts)}>{formatUnixSeconds(ts, i18n.language)}</time>
  );
  if (info.begin_ts !== null && info.end_ts !== null) {
    return (
      <>
        {at(info.begin_ts)} – {at(info.end_ts)}
      </>
    );
  }
  if (info.end_ts !== null) {
    return (
      <>
        {t('rebate.until')} {at(info.end_ts)}
      </>
    );
  }
  return <>{t('rebate.openEnded')}</>;
}

export function RebateCampaign({ gameId }: { gameId: number | null }) {
  const { t, i18n } = useTranslation('topup');
  const lang = useQueryLanguage();
  const rebate = useQuery(rebateInfoQuery(lang, gameId));
  const now = useServerNowSeconds();

  if (!rebate.data && rebate.error) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('common:info.getRebateInfoFail')}
        data-testid="topup-rebate-error"
      >
        <Text size="sm">{t(errorTranslationKey(rebate.error))}</Text>
        <Button
          mt="sm"
          variant="default"
          loading={rebate.isFetching}
          onClick={() => void rebate.refetch()}
        >
          {t('common:pages.fetchError.retry')}
        </Button>
      </Alert>
    );
  }
  const info = rebate.data;
  if (!campaignRunning(info, now)) return null;
  return (
    <section
      className={classes.rebate}
      aria-labelledby="topup-rebate-title"
      data-testid="topup-rebate-campaign"
    >
      <div className={classes.rebateHead}>
        <h2 id="topup-rebate-title" className={classes.rebateTitle}>
          {t('rebate.title')}
        </h2>
        {info.end_ts !== null ? (
          <span className={classes.rebateEnds} data-testid="topup-rebate-ends">
            {t('rebate.endsIn', { time: timeUntil(info.end_ts - now, i18n.language) })}
          </span>
        ) : null}
      </div>
      {info.desc ? <Text size="sm">{info.desc}</Text> : null}
      <Text size="sm" c="dimmed" data-testid="topup-rebate-window">
        <Window info={info} />
      </Text>
      {info.tiers.length > 0 ? (
        <ul className={classes.rebateTiers}>
          {info.tiers.map((tier) => (
            <li key={`${tier.threshold}-${tier.currency}`}>
              {t('rebate.tier', {
                amount: formatMoney(tier.threshold, tier.currency, i18n.language),
                percent: tier.percent,
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
