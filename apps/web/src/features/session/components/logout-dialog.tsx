// "Do you want to log out of the current account?" (SPEC §2) with cancel/confirm.
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/overlays';

interface LogoutDialogProps {
  opened: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function LogoutDialog({ opened, pending, onCancel, onConfirm }: LogoutDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onCancel} title={t('logout.title')} centered>
      <Text mb="lg">{t('logout.message')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('logout.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={pending} data-autofocus>
          {t('logout.confirm')}
        </Button>
      </Group>
    </AppModal>
  );
}
