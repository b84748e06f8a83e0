// Per-language component defaults: Mantine ships no UI text, so icon-only controls get our
// translated labels here (ARCHITECTURE.md#web-app axe findings), plus calendar header formats per language.
import type { Language } from '@hc/contract';
import type { MantineThemeOverride } from '@mantine/core';
import type { TFunction } from 'i18next';
import { LANGUAGE_SETTINGS } from '../../lib/language-settings';
import { theme } from './theme';

const DATE_COMPONENTS = [
  'Calendar',
  'DatePicker',
  'DatePickerInput',
  'DateInput',
  'DateTimePicker',
  'MonthPicker',
  'MonthPickerInput',
  'YearPicker',
  'YearPickerInput',
] as const;

export function localizedTheme(t: TFunction, language: Language): MantineThemeOverride {
  const settings = LANGUAGE_SETTINGS[language];
  const closeLabel = { 'aria-label': t('a11y.close') };
  const dateDefaults = {
    defaultProps: {
      ariaLabels: {
        previousMonth: t('a11y.dates.previousMonth'),
        nextMonth: t('a11y.dates.nextMonth'),
        previousYear: t('a11y.dates.previousYear'),
        nextYear: t('a11y.dates.nextYear'),
        previousDecade: t('a11y.dates.previousDecade'),
        nextDecade: t('a11y.dates.nextDecade'),
        monthLevelControl: t('a11y.dates.monthLevelControl'),
        yearLevelControl: t('a11y.dates.yearLevelControl'),
      },
      monthLabelFormat: settings.monthLabelFormat,
      yearLabelFormat: settings.yearLabelFormat,
    },
  };
  return {
    ...theme,
    components: {
      CloseButton: { defaultProps: closeLabel },
      Modal: { defaultProps: { closeButtonProps: closeLabel } },
      Drawer: { defaultProps: { closeButtonProps: closeLabel } },
      Loader: { defaultProps: { 'aria-label': t('a11y.loading'), role: 'img' } },
      Pagination: {
        defaultProps: {
          getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
            'aria-label': t(`a11y.pagination.${control}`),
          }),
          getItemProps: (page: number) => ({ 'aria-label': t('a11y.pagination.page', { page }) }),
        },
      },
      ...Object.fromEntries(DATE_COMPONENTS.map((name) => [name, dateDefaults])),
    },
  };
}
