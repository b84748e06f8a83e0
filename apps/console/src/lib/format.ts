// Dates and times in the chosen language. The API sends Unix seconds.
import type { ConsoleLanguage } from './i18n';

export function formatDateTime(unixSeconds: number, language: ConsoleLanguage): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(unixSeconds * 1000),
  );
}

export function formatDate(unixSeconds: number, language: ConsoleLanguage): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(
    new Date(unixSeconds * 1000),
  );
}
