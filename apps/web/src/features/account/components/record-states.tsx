// Loading, empty and error states shared by the record pages (docs/product/errors.md#outcome-and-failure-messages "Failed to get ...").
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Button, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, LoadErrorState, type EmptyStateArt } from '../../../components/ui/empty-state';
import { useIsMobile } from '../../../lib/app-store';
import { paths } from '../../../lib/paths';
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

/**
 * A record list with no rows: with filters set, says nothing matches and offers to clear them;
 * without, says there is nothing yet and leads to the Top-up Center.
 */
export function RecordNone({
  title,
  art,
  hint,
  filter,
}: {
  title: string;
  art: EmptyStateArt;
  hint: string;
  /** The filters in force, or undefined when none is. */
  filter?: { text: string; clearLabel: string; onClear: () => void } | undefined;
}) {
  const { t } = useTranslation();
  if (filter !== undefined)
    return (
      <RecordEmpty
        art="search"
        title={title}
        text={filter.text}
        action={
          <Button variant="light" onClick={filter.onClear}>
            {filter.clearLabel}
          </Button>
        }
      />
    );
  return (
    <RecordEmpty
      art={art}
      title={title}
      text={hint}
      action={
        <Button component={Link} to={paths.topup} color="gold.4" c="#1d1300" radius="xl">
          {t('nav.recharge')}
        </Button>
      }
    />
  );
}

export function RecordError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return <LoadErrorState title={message} onRetry={onRetry} testId="record-error" />;
}
