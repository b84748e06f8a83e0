// Article dates: Unix seconds -> a localized calendar date (no time of day).
export function formatDate(seconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(
    new Date(seconds * 1000),
  );
}

export const isoDate = (seconds: number): string => new Date(seconds * 1000).toISOString();
