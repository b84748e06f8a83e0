// Loading, empty and error states shared by the record pages (docs/product/errors.md#outcome-and-failure-messages "Failed to get ...").
import '@mantine/core/styles/Skeleton.layer.css';
import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadErrorState, type EmptyStateArt } from '../../../components/ui/empty-state';
import { useIsMobile } from '../../../lib/app-store';
import classes from './account.module.css';

/** Rows of the table on wide screens, record cards on phones: the shapes the records take. */
export function RecordSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <div aria-busy="true" aria-label={t('a11y.loading')} data-testid="record-loading">
      {isMobile ? (
        <div className={classes.recordCards}>
          {Array.from({ length: Math.min(rows, 3) }, (_, i) => (
            <div key={i} className={classes.recordCard}>
              <div className={classes.recordCardHead}>
                <Skeleton height={18} width="55%" />
                <Skeleton height={22} width={64} radius="sm" />
              </div>
              {[0, 1, 2, 3].map((line) => (
                <Skeleton key={line} height={12} width={line % 2 ? '70%' : '85%'} />
              ))}
            </div>
          ))}
        </div>
      ) : (
        <>
          <Skeleton height={28} mb={10} width="100%" opacity={0.6} />
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} height={36} mb={8} />
          ))}
        </>
      )}
    </div>
  );
}

export function RecordEmpty({
  art,
  title,
  text,
  action,
}: {
  art: EmptyStateArt;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return <EmptyState art={art} title={title} text={text} action={action} testId="record-empty" />;
}

export function RecordError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return <LoadErrorState title={message} onRetry={onRetry} testId="record-error" />;
}
