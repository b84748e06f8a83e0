// Start of the operator console (loaded by main.tsx): styles, language, then the router under
// /console.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './styles/console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from './app/query-client';
import { Providers } from './app/providers';
import { createRoutes } from './app/router';
import { setRequestLanguage } from './lib/api';
import { detectLanguage, initI18n } from './lib/i18n';

export async function start(): Promise<void> {
  const language = detectLanguage();
  setRequestLanguage(language);
  const router = createBrowserRouter(createRoutes(), { basename: '/console' });
  await initI18n(language);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <Providers client={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
