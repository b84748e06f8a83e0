// Route guard for /main/recharge* and /main/account/* (docs/product/routes-and-screens.md#visitors-and-permissions).
// - Until user info has loaded and the route is checked, the 403 view is shown (docs/product/routes-and-screens.md#visitors-and-permissions).
// - Anonymous visitors go to /login?redirect=<path+query> (docs/product/session.md#redirect-after-sign-in redirect convention).
// - Our choice (docs/product/routes-and-screens.md#visitors-and-permissions says the 403 trigger is not shown): a signed-in player without a bound
//   game account gets the 403 view, because top-up and records need a game account. The account
//   page is the exception: it is where such a player binds one (link code, ADR 0042) and manages
//   the account (ADR 0049).
import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsAppLoading, useUserInfo } from '../../lib/app-store';
import { paths } from '../../lib/paths';
import { loginPathFor } from '../../lib/session';
import { ForbiddenPage } from '../errors/status-pages';

export function Component() {
  const loading = useIsAppLoading();
  const user = useUserInfo();
  const location = useLocation();
  if (loading) return <ForbiddenPage />;
  if (!user.login)
    return <Navigate replace to={loginPathFor(location.pathname, location.search)} />;
  if (user.gameAccountId === null && location.pathname !== paths.accountUser)
    return <ForbiddenPage />;
  return <Outlet />;
}
