// The Players section (docs/console.md#support-players): one search box with a kind selector
// (auto-detected by default), results newest first with "Load more", and the player page at
// ?player=<id>. Personal data stays masked in the results.
import { PLAYER_SEARCH_KINDS, type PlayerSearchKind } from '@hc/contract';
import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { LoadError, PageLoader } from '../../components/status';
import { TableScroll } from '../../components/table-scroll';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { PlayerDetail } from './player-detail';
import { searchQuery } from './players-api';

const isKind = (v: string | null): v is PlayerSearchKind =>
  v !== null && (PLAYER_SEARCH_KINDS as readonly string[]).includes(v);

function Results({ q, kind }: { q: string; kind: PlayerSearchKind }) {
  const { t } = useTranslation('players');
  const language = currentLanguage();
  const [, setParams] = useSearchParams();
  const results = useInfiniteQuery(searchQuery(q, kind));
  if (results.isPending) return <PageLoader />;
  if (results.isError)
    return <LoadError error={results.error} onRetry={() => void results.refetch()} />;
  const rows = results.data.pages.flatMap((p) => p.list);
  if (rows.length === 0) return <Text c="dimmed">{t('search.none')}</Text>;
  const open = (id: number) =>
    setParams((p) => {
      p.set('player', String(id));
      return p;
    });
  return (
    <Stack gap="md">
      <TableScroll minWidth={340} label={t('search.results')}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('search.player')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('search.contact')}</Table.Th>
              <Table.Th>{t('search.matched')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id} data-testid="player-row">
                <Table.Td>
                  <UnstyledButton
                    onClick={() => open(r.id)}
                    aria-label={t('search.open', { account: r.account })}
                  >
                    <Text fw={600} c="blue.8" style={{ wordBreak: 'break-all' }}>
                      {r.account}
                    </Text>
                  </UnstyledButton>
                  <Text size="xs" c="dimmed">
                    {t('search.meta', { id: r.id, date: formatDate(r.createdAt, language) })}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ wordBreak: 'break-all' }}>
                    {[r.email, r.phone].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{r.email ?? '—'}</Text>
                  <Text size="sm" c="dimmed">
                    {r.phone ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge size="sm" variant="light">
                      {t(`kinds.${r.matched}`)}
                    </Badge>
                    {r.locked && (
                      <Badge size="sm" variant="light" color="red">
                        {t('status.locked')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {results.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void results.fetchNextPage()}
          loading={results.isFetchingNextPage}
        >
          {t('list.more')}
        </Button>
      )}
    </Stack>
  );
}

export default function PlayersPage() {
  const { t } = useTranslation('players');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kindParam = params.get('kind');
  const kind: PlayerSearchKind = isKind(kindParam) ? kindParam : 'auto';
  const playerId = Number(params.get('player'));
  const [text, setText] = useState(q);
  const [chosen, setChosen] = useState<PlayerSearchKind>(kind);

  if (Number.isSafeInteger(playerId) && playerId > 0) return <PlayerDetail id={playerId} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: text.trim(), kind: chosen });
  };
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Paper withBorder p="md" radius="md" mb="md">
        <form onSubmit={submit} role="search">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
              autoComplete="off"
              spellCheck={false}
            />
            <Select
              label={t('search.kind')}
              data={PLAYER_SEARCH_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              value={chosen}
              onChange={(v) => setChosen(isKind(v) ? v : 'auto')}
              allowDeselect={false}
              w={{ base: '100%', xs: 210 }}
            />
            <Button type="submit" disabled={text.trim() === ''}>
              {t('search.submit')}
            </Button>
          </Group>
        </form>
      </Paper>
      {q !== '' && (
        <Paper withBorder p="md" radius="md">
          <Results q={q} kind={kind} />
        </Paper>
      )}
    </>
  );
}
