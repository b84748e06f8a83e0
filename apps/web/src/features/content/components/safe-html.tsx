// Renders server HTML only after it has been sanitised again in the browser.
import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSanitizedHtml } from '../hooks/use-sanitized-html';
import classes from './content.module.css';

interface SafeHtmlProps {
  html: string;
  testId?: string;
}

export function SafeHtml({ html, testId }: SafeHtmlProps) {
  const { t } = useTranslation();
  const clean = useSanitizedHtml(html);
  if (clean === null) {
    return (
      <div aria-busy="true" aria-label={t('a11y.loading')}>
        <Skeleton height={14} mb={10} />
        <Skeleton height={14} mb={10} />
        <Skeleton height={14} width="70%" />
      </div>
    );
  }
  return (
    <div
      className={classes.prose}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
