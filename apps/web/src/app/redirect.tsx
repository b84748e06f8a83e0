// docs/product/routes-and-screens.md#redirect-routes: keep every current query parameter; without a target show the 404.
import { Navigate, useLocation } from 'react-router';
import { NotFoundPage } from './errors/status-pages';

/** Merges the current query into the target's own query (the target's values win). */
export function redirectTarget(to: string, currentSearch: string): string {
  const [pathAndQuery = '', hash = ''] = to.split('#', 2);
  const [pathname = '', ownQuery = ''] = pathAndQuery.split('?', 2);
  const params = new URLSearchParams(currentSearch);
  new URLSearchParams(ownQuery).forEach((value, key) => params.set(key, value));
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
}

export function Redirect({ to }: { to?: string | null }) {
  const location = useLocation();
  if (!to) return <NotFoundPage />;
  return <Navigate replace to={redirectTarget(to, location.search)} />;
}
