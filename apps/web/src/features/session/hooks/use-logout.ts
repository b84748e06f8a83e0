// Logout with the docs/product/session.md#logout confirmation: confirm → server logout (failure ignored) → token
// cleared → `logout` event → /main/home.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { logout } from '../api/logout';

export function useLogout() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    await logout();
    setPending(false);
    setConfirming(false);
    void navigate(paths.home);
  };

  return {
    confirming,
    pending,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    confirm: () => void confirm(),
  };
}
