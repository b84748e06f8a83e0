// Mantine (static CSS variables, light scheme, translated labels) and Mantine dates (the
// language's dayjs locale and first day of the week). Rendered by the layouts and by lazily
// loaded overlays rather than at the root, so Mantine's JS stays out of the entry chunk.
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { use, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_SETTINGS } from '../lib/language-settings';
import { languageOrFallback } from '../lib/resolve-language';
import { localizedTheme } from './theme/localized-theme';
import { UiEnvContext } from './ui-env';

export function UiProviders({ children }: { children: ReactNode }) {
  const env = use(UiEnvContext);
  const { t, i18n } = useTranslation();
  const language = languageOrFallback(i18n.language);
  const settings = LANGUAGE_SETTINGS[language];
  const mantineTheme = useMemo(() => localizedTheme(t, language), [t, language]);

  return (
    // CSS variables come from virtual:hc-theme.css: no runtime <style> under the CSP.
    <MantineProvider
      theme={mantineTheme}
      withCssVariables={false}
      withGlobalClasses={false}
      forceColorScheme="light"
      env={env}
    >
      <DatesProvider
        settings={{
          locale: settings.dayjs,
          firstDayOfWeek: settings.firstDayOfWeek,
          weekendDays: [0, 6],
        }}
      >
        {children}
      </DatesProvider>
    </MantineProvider>
  );
}
