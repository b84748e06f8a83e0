// Entry: styles, language, router; the start-up calls (docs/product/routes-and-screens.md#app-state) load in parallel.
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
import { detectLanguage, initI18n } from './lib/i18n';

async function start(): Promise<void> {
  // One wave of requests before the first render (ADR 0024): the start-up calls with the API
  // client (and zod), i18next with the language's texts, the first page's route chunks (the
  // router starts loading them, and follows redirects, as soon as it is created) and the
  // landing page's own API calls.
  const { search, pathname } = window.location;
  const language = detectLanguage();
  const booted = import('./app/bootstrap').then(({ bootstrapApp }) => bootstrapApp(search));
  void import('./app/landing-prefetch').then(({ prefetchLanding }) =>
    prefetchLanding(pathname, language, booted),
  );
  const router = createBrowserRouter(createRoutes());
  await initI18n(language);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
