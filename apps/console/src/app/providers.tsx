// Mantine (theme, style nonce, dates in the UI language) and TanStack Query around the console.
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/zh-cn';
import { readCspNonce } from '../lib/csp-nonce';
import { theme } from './theme';

const nonce = typeof document === 'undefined' ? undefined : readCspNonce();
const getStyleNonce = () => nonce ?? '';
// Modal and Drawer lock scrolling through react-remove-scroll, whose <style> takes its nonce
// from this global (the get-nonce convention).
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;

/** Mantine's dimmed and placeholder greys are under 4.5:1 on white: darker ones. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f6770', '--mantine-color-placeholder': '#6b7280' },
  dark: {},
});

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const dayjsLocale = i18n.language === 'zh-CN' ? 'zh-cn' : 'en';
  return (
    <QueryClientProvider client={client}>
      <MantineProvider
        theme={theme}
        forceColorScheme="light"
        getStyleNonce={getStyleNonce}
        cssVariablesResolver={cssVariablesResolver}
      >
        <DatesProvider settings={{ locale: dayjsLocale, firstDayOfWeek: 1 }}>
          {children}
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
