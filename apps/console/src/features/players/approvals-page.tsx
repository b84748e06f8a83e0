// The Approvals section (docs/console.md#hc-point-adjustments): HC Point adjustments above the
// threshold waiting for a second operator (support, finance or owner), who approves (the
// transfer is applied) or rejects them. The requester's own are shown but refused by the server.
import { Alert, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { LoadError, PageLoader } from '../../components/status';
import { errorTranslationKey } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useSession } from '../session/session-api';
import {
  ADJUSTMENTS_KEY,
  approveAdjustment,
  pendingQuery,
  PLAYERS_KEY,
  rejectAdjustment,
} from './players-api';

export default function ApprovalsPage() {
  const { t } = useTranslation('adjustments');
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  const client = useQueryClient();
  const me = useSession().data?.operator.name;
  const list = useInfiniteQuery(pendingQuery());
  const decide = useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      approve ? approveAdjustment(id) : rejectAdjustment(id),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ADJUSTMENTS_KEY });
      await client.invalidateQueries({ queryKey: PLAYERS_KEY });
    },
  });
  const rows = list.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {decide.isError && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {tc(errorTranslationKey(decide.error))}
        </Alert>
      )}
      {decide.isSuccess && (
        <Alert color="teal" variant="light" role="status" mb="md">
          {t(decide.data.status === 'applied' ? 'approved' : 'rejected', {
            id: decide.data.id,
            balance: decide.data.balance,
          })}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        {list.isPending ? (
          <PageLoader />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <Text c="dimmed">{t('empty')}</Text>
        ) : (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {rows.map((a) => {
                const own = a.requestedBy === me;
                return (
                  <Card key={a.id} withBorder radius="md" padding="sm" data-testid="pending-row">
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ wordBreak: 'break-all' }}>
                          {a.account}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('target', { game: a.gameId, uid: a.uid, balance: a.balance })}
                        </Text>
                      </Stack>
                      <Badge color={a.direction === 'credit' ? 'teal' : 'red'} variant="light">
                        {t(a.direction, { amount: a.amount })}
                      </Badge>
                    </Group>
                    <Text size="sm" mt="xs">
                      {a.reason}
                    </Text>
                    <Text size="xs" c="dimmed" mt={4}>
                      {t('requested', {
                        name: a.requestedBy,
                        at: formatDateTime(a.requestedAt, language),
                      })}
                    </Text>
                    {own && (
                      <Text size="xs" c="orange" mt={4}>
                        {t('own')}
                      </Text>
                    )}
                    <Group gap="xs" mt="sm" justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={own}
                        loading={decide.isPending && decide.variables.id === a.id}
                        onClick={() => decide.mutate({ id: a.id, approve: false })}
                      >
                        {t('reject')}
                      </Button>
                      <Button
                        size="compact-sm"
                        disabled={own}
                        loading={decide.isPending && decide.variables.id === a.id}
                        onClick={() => decide.mutate({ id: a.id, approve: true })}
                      >
                        {t('approve')}
                      </Button>
                    </Group>
                  </Card>
                );
              })}
            </SimpleGrid>
            {list.hasNextPage && (
              <Button
                variant="default"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                {t('more')}
              </Button>
            )}
          </Stack>
        )}
      </Paper>
    </>
  );
}
