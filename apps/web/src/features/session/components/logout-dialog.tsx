// "Do you want to log out of the current account?" (docs/product/account.md#account-screen) with cancel/confirm.
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/overlays';
import { usePopupTracking } from '../../../lib/analytics/popups';

interface LogoutDialogProps {
  opened: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function LogoutDialog({ opened, pending, onCancel, onConfirm }: LogoutDialogProps) {
  const { t } = useTranslation();
  usePopupTracking('logout', opened);
  return (
    <AppModal opened={opened} onClose={onCancel} title={t('logout.title')} centered>
      <Text mb="lg">{t('logout.message')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-track-pop="logout:cancel">
          {t('logout.cancel')}
        </Button>
        <Button
          color="red"
          onClick={onConfirm}
          loading={pending}
          data-autofocus
          data-track-pop="logout:confirm"
        >
          {t('logout.confirm')}
        </Button>
      </Group>
    </AppModal>
  );
}
