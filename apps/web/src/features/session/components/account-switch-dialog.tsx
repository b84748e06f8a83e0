// The "switch account?" question of a `?hctoken=` link while another account is signed in
// (api/handover.ts). The modal code loads only when it is needed.
import { lazy, Suspense } from 'react';
import { usePendingSwitch } from '../api/pending-switch';

const SwitchModal = lazy(() => import('./account-switch-modal'));

export function AccountSwitchDialog() {
  const choice = usePendingSwitch();
  if (choice === null) return null;
  return (
    <Suspense fallback={null}>
      <SwitchModal choice={choice} />
    </Suspense>
  );
}
