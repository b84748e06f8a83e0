// Date range of the record pages (docs/product/account.md#top-up-history records): Mantine DatePickerInput type="range" in the
// UI language (DatesProvider locale); the page turns the days into Unix seconds.
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/dates/styles.layer.css';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { DayRange } from '../utils/record-query';

export function DateRangeFilter({
  value,
  onChange,
  className,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
  className?: string;
}) {
  const { t } = useTranslation('account');
  return (
    <DatePickerInput
      type="range"
      className={className}
      label={t('filters.dateRange')}
      placeholder={t('filters.datePlaceholder')}
      value={value}
      onChange={(range) => onChange([range[0], range[1]])}
      valueFormat="YYYY-MM-DD"
      clearable
      allowSingleDateInRange
      maxDate={new Date()}
      data-testid="record-date-range"
      clearButtonProps={{ 'aria-label': t('filters.clearDates') }}
    />
  );
}
