// Route guards: a session is needed (else the sign-in page, coming back here after), an
// operator who must enrol two-factor authentication goes to enrolment first, and a section
// checks the operator's roles (the server checks them again on every call).
import type { OperatorRole } from '@hc/contract';
import { rolesAllow } from '@hc/contract';
import { Container } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ForbiddenPage, LoadError, PageLoader } from '../components/status';
import { useSession } from '../features/session/session-api';
import { paths } from '../lib/paths';

export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending)
    return (
      <Container py="xl">
        <PageLoader />
      </Container>
    );
  if (session.isError)
    return (
      <Container py="xl">
        <LoadError error={session.error} onRetry={() => void session.refetch()} />
      </Container>
    );
  if (!session.data) {
    const next = location.pathname + location.search;
    const to =
      next === paths.home ? paths.signIn : `${paths.signIn}?next=${encodeURIComponent(next)}`;
    return <Navigate to={to} replace />;
  }
  if (session.data.operator.mustEnrol && location.pathname !== paths.twoFactor)
    return <Navigate to={paths.twoFactor} replace />;
  return <Outlet />;
}

export function RequireRoles({ roles }: { roles: readonly OperatorRole[] }) {
  const { data } = useSession();
  if (!data || !rolesAllow(data.operator.roles, roles)) return <ForbiddenPage />;
  return <Outlet />;
}
