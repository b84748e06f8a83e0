// Route guard for /main/recharge* and /main/account/* (SPEC §2, §6).
// - Until user info has loaded and the route is checked, the 403 view is shown (SPEC §2).
// - Anonymous visitors go to /login?redirect=<path+query> (SPEC §4 redirect convention).
// - Our choice (SPEC §6 says the 403 trigger is not shown): a signed-in player without a bound
//   game account gets the 403 view, because top-up and records need a game account.
import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsAppLoading, useUserInfo } from '../../lib/app-store';
import { loginPathFor } from '../../lib/session';
import { ForbiddenPage } from '../errors/status-pages';

export function Component() {
  const loading = useIsAppLoading();
  const user = useUserInfo();
  const location = useLocation();
  if (loading) return <ForbiddenPage />;
  if (!user.login)
    return <Navigate replace to={loginPathFor(location.pathname, location.search)} />;
  if (user.gameAccountId === null) return <ForbiddenPage />;
  return <Outlet />;
}
