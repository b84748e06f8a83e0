// Shared states of a page: loading, a failed load with retry, not found, not allowed.
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorTranslationKey } from '../lib/api-error';
import { paths } from '../lib/paths';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="md" aria-hidden="true" />
      <Text ml="sm" c="dimmed">
        {t('status.loading')}
      </Text>
    </Center>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('status.loadFailed')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(errorTranslationKey(error))}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function StatusMessage({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="sm" py="xl">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{body}</Text>
      <Button component={Link} to={paths.home} variant="light">
        {t('actions.backHome')}
      </Button>
    </Stack>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusMessage title={t('status.notFoundTitle')} body={t('status.notFoundBody')} />;
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <StatusMessage title={t('status.forbiddenTitle')} body={t('status.forbiddenBody')} />;
}

/** A route that failed to load or render (e.g. its code changed with a new deployment). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="sm" p="xl" role="alert">
      <Title order={1}>{t('status.routeErrorTitle')}</Title>
      <Text c="dimmed">{t('status.routeErrorBody')}</Text>
      <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
    </Stack>
  );
}
