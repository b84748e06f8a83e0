// Pagination of the record pages with translated control labels and the total count.
import '@mantine/core/styles/Pagination.layer.css';
import { Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { pageCount } from '../utils/record-query';
import classes from './account.module.css';

export function RecordPagination({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t, i18n } = useTranslation('account');
  const labels = {
    first: t('pagination.first'),
    previous: t('pagination.previous'),
    next: t('pagination.next'),
    last: t('pagination.last'),
  };
  return (
    <div className={classes.footer}>
      <Text size="sm" c="gray.7" data-testid="record-total">
        {t('pagination.total', { formatted: formatNumber(total, i18n.language) })}
      </Text>
      <nav aria-label={t('pagination.label')}>
        <Pagination
          value={page}
          total={pageCount(total)}
          onChange={onChange}
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': labels[control] })}
          getItemProps={(n) => ({ 'aria-label': t('pagination.page', { page: n }) })}
        />
      </nav>
    </div>
  );
}
