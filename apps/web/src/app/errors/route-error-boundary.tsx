// Error element of the pathless boundary routes: a failed lazy import shows the load-error
// page (docs/product/routes-and-screens.md#404-page); a 404 response the 404 page; anything else "error fetching information".
import { useLayoutEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { removeBootShell } from '../../lib/boot-shell';
import { isChunkLoadError } from './chunk-error';
import { FetchErrorPage, LoadErrorPage, NotFoundPage } from './status-pages';

export function RouteErrorBoundary() {
  const error = useRouteError();
  useLayoutEffect(removeBootShell, []);
  if (isChunkLoadError(error)) return <LoadErrorPage />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <FetchErrorPage />;
}
