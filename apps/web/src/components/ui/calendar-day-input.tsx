// A calendar day field (birthday, signing date): a calendar in the app's language
// (DatesProvider), the chosen day shown the way the rest of the portal shows dates, typed days
// accepted as YYYY-MM-DD; the value stays the API's `YYYY-MM-DD` string ('' when empty).
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/dates/styles.layer.css';
import { DateInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '../../lib/format';

/** Typed days: YYYY-MM-DD (also with / or . between). */
export function parseCalendarDay(input: string): string | null {
  const match = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*$/.exec(input);
  if (!match) return null;
  const [, y, m, d] = match;
  const day = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
}

export interface CalendarDayInputProps {
  label: string;
  value: string;
  onChange: (day: string) => void;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** No day after today (birthdays). */
  pastOnly?: boolean;
  className?: string;
  testId?: string;
}

export function CalendarDayInput({
  label,
  value,
  onChange,
  description,
  error,
  required,
  pastOnly,
  className,
  testId,
}: CalendarDayInputProps) {
  const { i18n } = useTranslation();
  return (
    <DateInput
      className={className}
      label={label}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      required={required}
      value={value || null}
      valueFormat={(day) => formatCalendarDay(day, i18n.language)}
      dateParser={parseCalendarDay}
      defaultLevel={value ? 'month' : 'decade'}
      minDate={pastOnly ? '1900-01-01' : undefined}
      maxDate={pastOnly ? new Date() : undefined}
      error={error}
      data-testid={testId}
      onChange={(day) => onChange(day ?? '')}
    />
  );
}
