// Asks before a hand-over link signs the player into another account: both account names,
// "Switch to B" and "Stay as A". Closing it (Escape, the close button) stays; only "Switch"
// switches. Mantine's modal is labelled by its title and keeps focus inside while open.
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../app/query-client';
import { UiProviders } from '../../../app/ui-providers';
import { AppModal } from '../../../components/ui/overlays';
import { usePopupTracking } from '../../../lib/analytics/popups';
import { acceptSwitch, declineSwitch, type PendingSwitch } from '../api/handover';

export default function AccountSwitchModal({ choice }: { choice: PendingSwitch }) {
  return (
    <UiProviders>
      <SwitchModal choice={choice} />
    </UiProviders>
  );
}

function switchAccount(): void {
  // Data loaded for the previous account is loaded again for the new one.
  void acceptSwitch().then(() => queryClient.resetQueries());
}

function stay(): void {
  void declineSwitch();
}

function SwitchModal({ choice }: { choice: PendingSwitch }) {
  const { t } = useTranslation();
  usePopupTracking('account_switch', true);
  const current = choice.current;
  const next = choice.next.account;
  return (
    <AppModal
      opened
      onClose={stay}
      title={t('session.switchTitle')}
      centered
      closeOnClickOutside={false}
    >
      <Text mb="lg">{t('session.switchMessage', { current, next })}</Text>
      <Stack gap="sm">
        <Button fullWidth onClick={switchAccount} data-track-pop="account_switch:switch">
          {t('session.switchTo', { account: next })}
        </Button>
        <Button
          fullWidth
          variant="default"
          onClick={stay}
          data-autofocus
          data-track-pop="account_switch:stay"
        >
          {t('session.stayAs', { account: current })}
        </Button>
      </Stack>
    </AppModal>
  );
}
