// Entry: styles, language, router; the start-up calls (docs/product/routes-and-screens.md#app-state) load in parallel.
// Mantine's providers live in the (lazy) layouts, keeping its JS out of this chunk.
// First: zod must be told before any schema is built (see zod-csp.ts).
import './lib/zod-csp';
import './styles/mantine';
import 'virtual:hc-theme.css';
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createRoutes } from './app/router';
import { BOOT_SHELL_TIMEOUT_MS, removeBootShell } from './lib/boot-shell';
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
  // A transition renders in slices that yield to the browser (no long task for the first page's
  // render); the boot shell (lib/boot-shell.ts) stays on screen meanwhile.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

// The server's boot shell never outstays a start-up that failed or never showed a page.
setTimeout(removeBootShell, BOOT_SHELL_TIMEOUT_MS);
void start().catch((error: unknown) => {
  removeBootShell();
  throw error;
});
