// Payment methods for the chosen item (docs/product/top-up.md#top-up-screen: Visa card or PayPal; HC Point for game
// packs), named by kind in the UI language; until they can be asked for, what to choose first.
import type { PayChannel } from '@hc/contract';
import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from './choice-group';
import classes from './topup.module.css';

interface PayMethodsProps {
  channels: readonly PayChannel[] | undefined;
  loading: boolean;
  /** What to choose first while no list is asked for (pay.empty: a pack). */
  hint?: 'pay.empty' | 'pay.needRole';
  value: string | null;
  onChange: (channelCode: string) => void;
}

export function PayMethods({
  channels,
  loading,
  hint = 'pay.empty',
  value,
  onChange,
}: PayMethodsProps) {
  const { t } = useTranslation('topup');
  const name = (c: PayChannel) => (c.kind === 'other' ? c.channel_name : t(`pay.${c.kind}`));
  if (!channels) {
    return loading ? (
      <div className={classes.skeletons} aria-busy="true" aria-label={t('common:a11y.loading')}>
        <Skeleton height={44} radius="md" />
      </div>
    ) : (
      <Text size="sm" c="dimmed" data-testid="topup-pay-hint">
        {t(hint)}
      </Text>
    );
  }
  if (channels.length === 0) return <Text c="dimmed">{t('pay.none')}</Text>;
  return (
    <ChoiceGroup
      legend={t('labels.payMethod')}
      name="topup-pay"
      testId="topup-pay"
      value={value}
      onChange={onChange}
      choices={channels.map((c) => ({
        value: c.channel_code,
        testId: `topup-pay-${c.kind}`,
        label: (
          <>
            {c.icon ? <img src={c.icon} alt="" className={classes.payIcon} /> : null}
            <span>{name(c)}</span>
          </>
        ),
      }))}
    />
  );
}
