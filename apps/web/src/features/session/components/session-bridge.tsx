// Connects the API client's session rules (docs/product/session.md#hand-over) to the router and to the one
// "token failed" info dialog, and shows the hand-over's "switch account?" question; rendered
// once by the root route.
import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { registerSessionUi } from '../../../lib/session';
import { AccountSwitchDialog } from './account-switch-dialog';
import { SessionExpiredDialog } from './session-expired-dialog';

export function SessionBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  const [confirm, setConfirm] = useState<(() => void) | null>(null);

  useLayoutEffect(() => {
    locationRef.current = location;
  }, [location]);

  useLayoutEffect(
    () =>
      registerSessionUi({
        navigate: (to) => void navigate(to),
        currentLocation: () => ({
          pathname: locationRef.current.pathname,
          search: locationRef.current.search,
        }),
        confirmExpired: () => new Promise<void>((resolve) => setConfirm(() => resolve)),
      }),
    [navigate],
  );

  const onConfirm = () => {
    confirm?.();
    setConfirm(null);
  };

  return (
    <>
      <SessionExpiredDialog opened={confirm !== null} onConfirm={onConfirm} />
      <AccountSwitchDialog />
    </>
  );
}
