// The info dialog of docs/product/session.md#session-expiry on session expiry. The modal code loads only when it is needed.
import { lazy, Suspense } from 'react';

const ExpiredModal = lazy(() => import('./session-expired-modal'));

export function SessionExpiredDialog({
  opened,
  onConfirm,
}: {
  opened: boolean;
  onConfirm: () => void;
}) {
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ExpiredModal onConfirm={onConfirm} />
    </Suspense>
  );
}
