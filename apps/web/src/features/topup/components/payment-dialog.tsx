// docs/product/top-up.md#top-up-screen: after payment starts, a dialog says to finish payment in the newly opened page,
// with "back to change" and "payment done". If the browser blocked the tab, it offers the link.
import { Anchor, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/overlays';
import { usePopupTracking } from '../../../lib/analytics/popups';
import classes from './topup.module.css';

interface PaymentDialogProps {
  opened: boolean;
  /** Set when no tab could be opened: the player opens the checkout from here. */
  fallbackUrl: string | null;
  onBack: () => void;
  onDone: () => void;
}

export function PaymentDialog({ opened, fallbackUrl, onBack, onDone }: PaymentDialogProps) {
  const { t } = useTranslation('topup');
  usePopupTracking('pay_dialog', opened);
  return (
    <AppModal opened={opened} onClose={onBack} title={t('payDialog.title')} centered>
      <div className={classes.stack} data-testid="topup-pay-dialog">
        <Text>{t('payDialog.message')}</Text>
        {fallbackUrl ? (
          <Text size="sm">
            {t('payDialog.blocked')}{' '}
            <Anchor href={fallbackUrl} target="_blank" rel="noopener noreferrer">
              {t('payDialog.openLink')}
            </Anchor>
          </Text>
        ) : null}
        <div className={classes.dialogActions}>
          <Button variant="default" onClick={onBack} data-track-pop="pay_dialog:back">
            {t('payDialog.back')}
          </Button>
          <Button onClick={onDone} data-track-pop="pay_dialog:done">
            {t('payDialog.done')}
          </Button>
        </div>
      </div>
    </AppModal>
  );
}
