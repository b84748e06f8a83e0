// The Games & servers section (docs/console.md#games-and-servers): the games table, and a game's
// page (`?game=<id>`) with its names and icons per player language, platforms, gateway card and
// servers table.
import { type ConsoleGame } from '@hc/contract';
import {
  Badge,
  Button,
  Group,
  Image,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { LoadError, PageLoader } from '../../components/status';
import { TableScroll } from '../../components/table-scroll';
import { currentLanguage } from '../../lib/i18n';
import { GameEditor } from './game-editor';
import { GamePage } from './game-page';
import { GAMES_PAGE_SIZE, gamesQuery } from './games-api';

/** The game's name in the console's language, else en-US, else its id. */
export function gameName(game: Pick<ConsoleGame, 'id' | 'names'>, language: string): string {
  const names = game.names as Record<string, string | undefined>;
  return names[language] || names['en-US'] || `#${game.id}`;
}

export function GatewayBadge({ game }: { game: ConsoleGame }) {
  const { t } = useTranslation('games');
  const tone = { database: 'teal', environment: 'blue', none: 'gray' }[game.gateway.source];
  return (
    <Badge size="sm" variant="light" color={tone}>
      {t(`gateway.source.${game.gateway.source}`)}
    </Badge>
  );
}

export function MissingBadge({ count }: { count: number }) {
  const { t } = useTranslation('games');
  if (count === 0)
    return (
      <Badge size="sm" variant="dot" color="teal">
        {t('translations.complete')}
      </Badge>
    );
  return (
    <Badge size="sm" variant="light" color="orange">
      {t('translations.missing', { count })}
    </Badge>
  );
}

function GamesList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('games');
  const language = currentLanguage();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [creating, { open, close }] = useDisclosure(false);
  const list = useQuery(gamesQuery(q, page));

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button leftSection={<PlusIcon size={16} />} onClick={open}>
            {t('actions.newGame')}
          </Button>
        }
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <form onSubmit={search}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('list.search')}
                placeholder={t('list.searchPlaceholder')}
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                style={{ flex: '1 1 220px' }}
              />
              <Button type="submit" variant="default">
                {t('list.apply')}
              </Button>
            </Group>
          </form>
          {list.isPending ? (
            <PageLoader />
          ) : list.isError ? (
            <LoadError error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.list.length === 0 ? (
            <Text c="dimmed">{t('list.empty')}</Text>
          ) : (
            <>
              <TableScroll minWidth={760} label={t('list.label')}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('list.game')}</Table.Th>
                      <Table.Th>{t('list.platforms')}</Table.Th>
                      <Table.Th>{t('list.translations')}</Table.Th>
                      <Table.Th>{t('list.gateway')}</Table.Th>
                      <Table.Th>{t('list.servers')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.list.map((game) => {
                      const icons = game.icons as Record<string, string | undefined>;
                      const icon = icons[language] || icons['en-US'];
                      return (
                        <Table.Tr key={game.id} data-testid="game-row">
                          <Table.Td>
                            <Group gap="sm" wrap="nowrap">
                              {icon ? (
                                <Image src={icon} alt="" w={36} h={36} radius="sm" />
                              ) : (
                                <div
                                  className="hc-image-empty hc-image-empty-sm"
                                  aria-hidden="true"
                                />
                              )}
                              <Stack gap={0}>
                                <Text fw={600}>{gameName(game, language)}</Text>
                                <Text size="xs" c="dimmed">
                                  {t('list.id', { id: game.id })}
                                </Text>
                              </Stack>
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            <Group gap={4}>
                              {game.platforms.map((p) => (
                                <Badge key={p} size="xs" variant="outline" color="gray">
                                  {t(`platforms.${p}`)}
                                </Badge>
                              ))}
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            <MissingBadge count={game.missingLanguages.length} />
                          </Table.Td>
                          <Table.Td>
                            <GatewayBadge game={game} />
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">
                              {t('list.serverCount', {
                                total: game.servers.total,
                                maintenance: game.servers.maintenance,
                              })}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Button
                              size="xs"
                              variant="light"
                              onClick={() => onOpen(game.id)}
                              aria-label={t('actions.openGame', { name: gameName(game, language) })}
                            >
                              {t('actions.open')}
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </TableScroll>
              {list.data.total > GAMES_PAGE_SIZE && (
                <Pagination
                  total={Math.ceil(list.data.total / GAMES_PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                />
              )}
            </>
          )}
        </Stack>
      </Paper>
      <GameEditor opened={creating} onClose={close} onCreated={onOpen} />
    </>
  );
}

export default function GamesPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('game'));
  if (Number.isSafeInteger(id) && id > 0) return <GamePage id={id} onBack={() => setParams({})} />;
  return <GamesList onOpen={(game) => setParams({ game: String(game) })} />;
}
