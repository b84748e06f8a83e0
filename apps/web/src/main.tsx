// Entry: styles, language, router; the start-up calls (issue brief §8) load in parallel.
// Mantine's providers live in the (lazy) layouts, keeping its JS out of this chunk.
// First: zod must be told before any schema is built (see zod-csp.ts).
import './lib/zod-csp';
import './styles/mantine';
import 'virtual:hc-theme.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createRoutes } from './app/router';
import { initI18n } from './lib/i18n';

async function start(): Promise<void> {
  // The start-up calls need the API client (and zod): a chunk of its own, fetched in parallel
  // with the first page instead of weighing on the entry.
  const search = window.location.search;
  void import('./app/bootstrap').then(({ bootstrapApp }) => bootstrapApp(search));
  await initI18n();
  const router = createBrowserRouter(createRoutes());
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
