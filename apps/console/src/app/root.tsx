// The route tree's root: an answer that the session has ended (any call) forgets it and
// sends the operator to the sign-in page, coming back to this page after.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { onSessionExpired } from '../lib/api';
import { paths } from '../lib/paths';
import { forgetSession } from '../features/session/session-api';

const PUBLIC = new Set<string>([paths.signIn, paths.setup]);

export function Root() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    onSessionExpired(() => {
      forgetSession(client);
      if (PUBLIC.has(pathname)) return;
      const next = pathname + search;
      void navigate(`${paths.signIn}?expired=1&next=${encodeURIComponent(next)}`, {
        replace: true,
      });
    });
    return () => onSessionExpired(null);
  }, [client, navigate, pathname, search]);
  return <Outlet />;
}
