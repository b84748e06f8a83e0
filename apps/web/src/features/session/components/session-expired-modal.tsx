// The translated tokenFail message (docs/product/session.md#session-expiry) with one OK button; closing counts as confirming.
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UiProviders } from '../../../app/ui-providers';
import { AppModal } from '../../../components/ui/overlays';
import { usePopupTracking } from '../../../lib/analytics/popups';

export default function SessionExpiredModal({ onConfirm }: { onConfirm: () => void }) {
  return (
    <UiProviders>
      <ExpiredModal onConfirm={onConfirm} />
    </UiProviders>
  );
}

function ExpiredModal({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useTranslation();
  usePopupTracking('session_expired', true);
  return (
    <AppModal
      opened
      onClose={onConfirm}
      title={t('session.expiredTitle')}
      centered
      closeOnClickOutside={false}
    >
      <Text mb="lg">{t('errors:tokenFail')}</Text>
      <Button fullWidth onClick={onConfirm} data-autofocus data-track-pop="session_expired:ok">
        {t('session.ok')}
      </Button>
    </AppModal>
  );
}
