// The console's routes (basename /console): sign-in and setup are open; everything else needs
// a session; the sections come from app/sections.tsx, each behind its roles.
import type { RouteObject } from 'react-router';
import { Container } from '@mantine/core';
import { NotFoundPage, PageLoader, RouteErrorPage } from '../components/status';
import { paths } from '../lib/paths';
import { RequireRoles, RequireSession } from './guards';
import { Root } from './root';
import { SECTIONS } from './sections';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export function createRoutes(): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteErrorPage />,
      // Shown while the first page's code loads.
      HydrateFallback: () => (
        <Container py="xl">
          <PageLoader />
        </Container>
      ),
      children: [
        { path: paths.signIn, lazy: page(() => import('../features/session/sign-in-page')) },
        { path: paths.setup, lazy: page(() => import('../features/session/setup-page')) },
        {
          element: <RequireSession />,
          children: [
            {
              path: paths.twoFactor,
              lazy: page(() => import('../features/session/two-factor-page')),
            },
            {
              lazy: page(() => import('./console-layout')),
              children: [
                { index: true, lazy: page(() => import('../features/home/home-page')) },
                ...SECTIONS.map((section): RouteObject => ({
                  path: section.path,
                  element: <RequireRoles roles={section.roles} />,
                  children: [{ index: true, lazy: page(section.load) }],
                })),
                { path: '*', Component: NotFoundPage },
              ],
            },
          ],
        },
      ],
    },
  ];
}
