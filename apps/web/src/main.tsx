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
import { yieldToMain } from './lib/yield-to-main';

async function start(): Promise<void> {
  // One wave of requests before the first render (ADR 0024): the start-up calls with the API
  // client (and zod), i18next with the language's texts, the first page's route chunks (the
  // router starts loading them, and follows redirects, as soon as it is created) and the
  // landing page's own API calls.
  // Each step in a task of its own (lib/yield-to-main.ts): the entry's evaluation, the start-up
  // calls' chunks asked for, the router (which asks for the first page's chunks): together they
  // were one long task on a slow phone.
  const { search, pathname } = window.location;
  const language = detectLanguage();
  await yieldToMain();
  const booted = import('./app/bootstrap').then(({ bootstrapApp }) => bootstrapApp(search));
  void import('./app/landing-prefetch').then(({ prefetchLanding }) =>
    prefetchLanding(pathname, language, booted),
  );
  const texts = initI18n(language);
  await yieldToMain();
  const router = createBrowserRouter(createRoutes());
  // The language's first Intl formatter (locale data) in a task of its own, while the start-up
  // calls are out, rather than inside the first render.
  void import('./lib/format').then(async ({ warmFormatters }) => {
    await yieldToMain();
    warmFormatters(language);
  });
  // The first render does not wait for the start-up calls: the app shell must be there to show
  // a session that ended meanwhile (lib/session.ts) before the route guards send a visitor away.
  await texts;
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
