// A tidy "coming soon" page for screens that later issues build (route title + translated note).
import { Badge, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './placeholder-page.module.css';

interface PlaceholderPageProps {
  title: string;
  /** Extra detail under the note, e.g. the id of a detail route. */
  detail?: ReactNode;
  children?: ReactNode;
}

export function PlaceholderPage({ title, detail, children }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.heading}>
        {title}
      </Title>
      <Paper className={classes.card} radius="lg" shadow="sm" withBorder>
        <Badge variant="light" radius="sm" size="lg" className={classes.badge}>
          {t('pages.placeholder.badge')}
        </Badge>
        <Text className={classes.message}>{t('pages.placeholder.message')}</Text>
        {detail && <Text className={classes.detail}>{detail}</Text>}
        {children}
      </Paper>
    </div>
  );
}
