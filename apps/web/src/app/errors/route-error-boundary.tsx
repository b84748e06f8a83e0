// Error element of the pathless boundary routes: a failed lazy import shows the load-error
// page (docs/product/routes-and-screens.md#404-page); a 404 response the 404 page; anything else "error fetching information".
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from './chunk-error';
import { FetchErrorPage, LoadErrorPage, NotFoundPage } from './status-pages';

export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <LoadErrorPage />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <FetchErrorPage />;
}
