// Loading, empty and error states shared by the record pages (docs/product/errors.md#outcome-and-failure-messages "Failed to get ...").
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Alert, Button, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './account.module.css';

export function RecordSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" aria-label={t('a11y.loading')} data-testid="record-loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={36} mb={8} />
      ))}
    </div>
  );
}

export function RecordEmpty({ message }: { message: string }) {
  return (
    <p className={classes.empty} data-testid="record-empty">
      {message}
    </p>
  );
}

export function RecordError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" data-testid="record-error">
      <span>{message}</span>{' '}
      <Button variant="subtle" size="compact-sm" color="red.9" onClick={onRetry}>
        {t('actions.refresh')}
      </Button>
    </Alert>
  );
}
