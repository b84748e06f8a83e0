// Article dates: Unix seconds -> a localized calendar date (no time of day).
// One formatter per language: building an Intl.DateTimeFormat costs far more than using one
// (it showed in the home page's start-up profile, docs/frontend-budgets.md).
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDate(seconds: number, language: string): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    formatters.set(language, formatter);
  }
  return formatter.format(new Date(seconds * 1000));
}

export const isoDate = (seconds: number): string => new Date(seconds * 1000).toISOString();
