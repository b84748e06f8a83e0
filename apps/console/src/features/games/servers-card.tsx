// A game's servers as the portal knows them: sync from the gateway, and the maintenance switch
// with a message per player language and the option to post it as a bulletin.
import { LANGUAGES, type ConsoleGame, type ConsoleServer, type Language } from '@hc/contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, PageLoader } from '../../components/status';
import { TableScroll } from '../../components/table-scroll';
import { errorTranslationKey } from '../../lib/api-error';
import { GAMES_KEY, SERVERS_PAGE_SIZE, serversQuery, syncServers, updateServer } from './games-api';

type Texts = Partial<Record<Language, string>>;

function MaintenanceModal({
  server,
  onClose,
}: {
  server: ConsoleServer | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [message, setMessage] = useState<Texts>({});
  const [bulletin, setBulletin] = useState(false);
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: updateServer,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: GAMES_KEY });
      close();
    },
  });
  function close() {
    onClose();
    setMessage({});
    setBulletin(false);
    setTouched(false);
    save.reset();
  }
  const needsEnglish = bulletin && (message['en-US'] ?? '').trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (server === null || needsEnglish) return;
    save.mutate({
      gameId: server.gameId,
      serverId: server.serverId,
      state: 'maintenance',
      maintenanceMessage: message,
      postBulletin: bulletin,
    });
  };
  return (
    <Modal
      opened={server !== null}
      onClose={close}
      title={t('servers.maintenanceTitle', { name: server?.name ?? '' })}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('servers.maintenanceHelp')}
          </Text>
          {LANGUAGES.map((lang) => (
            <Textarea
              key={lang}
              label={t('servers.messageIn', { language: t(`languages.${lang}`) })}
              value={message[lang] ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setMessage((m) => ({ ...m, [lang]: value }));
              }}
              rows={2}
              maxLength={500}
              error={
                lang === 'en-US' && touched && needsEnglish ? t('servers.englishNeeded') : null
              }
            />
          ))}
          <Checkbox
            label={t('servers.postBulletin')}
            checked={bulletin}
            onChange={(e) => setBulletin(e.currentTarget.checked)}
          />
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {tc(errorTranslationKey(save.error))}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tc('actions.cancel')}
            </Button>
            <Button type="submit" color="orange" loading={save.isPending}>
              {t('servers.startMaintenance')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function ServersCard({ game }: { game: ConsoleGame }) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [closing, setClosing] = useState<ConsoleServer | null>(null);
  const list = useQuery(serversQuery(game.id, page));
  const sync = useMutation({
    mutationFn: () => syncServers(game.id),
    onSuccess: () => client.invalidateQueries({ queryKey: GAMES_KEY }),
  });
  const open = useMutation({
    mutationFn: (s: ConsoleServer) =>
      updateServer({ gameId: s.gameId, serverId: s.serverId, state: 'open' }),
    onSuccess: () => client.invalidateQueries({ queryKey: GAMES_KEY }),
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="servers-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="servers-title">
            {t('servers.title')}
          </Title>
          <Button
            size="xs"
            variant="default"
            onClick={() => sync.mutate()}
            loading={sync.isPending}
            disabled={game.gateway.source === 'none'}
          >
            {t('servers.sync')}
          </Button>
        </Group>
        {sync.data && (
          <Alert color="teal" variant="light" role="status">
            {t('servers.synced', sync.data)}
          </Alert>
        )}
        {(sync.isError || open.isError) && (
          <Alert color="red" variant="light" role="alert">
            {tc(errorTranslationKey(sync.error ?? open.error))}
          </Alert>
        )}
        {list.isPending ? (
          <PageLoader />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.list.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('servers.empty')}
          </Text>
        ) : (
          <>
            <TableScroll minWidth={560} label={t('servers.title')}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('servers.id')}</Table.Th>
                    <Table.Th>{t('servers.name')}</Table.Th>
                    <Table.Th>{t('servers.state')}</Table.Th>
                    <Table.Th>{t('servers.open')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.list.map((s) => (
                    <Table.Tr key={s.serverId} data-testid="server-row">
                      <Table.Td>{s.serverId}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {s.name}
                        </Text>
                        {s.state === 'maintenance' && s.maintenanceMessage['en-US'] && (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {s.maintenanceMessage['en-US']}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          size="sm"
                          variant="light"
                          color={s.state === 'open' ? 'teal' : 'orange'}
                        >
                          {t(`servers.states.${s.state}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          checked={s.state === 'open'}
                          aria-label={t('servers.toggle', { name: s.name })}
                          onChange={(e) =>
                            e.currentTarget.checked ? open.mutate(s) : setClosing(s)
                          }
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            {list.data.total > SERVERS_PAGE_SIZE && (
              <Pagination
                total={Math.ceil(list.data.total / SERVERS_PAGE_SIZE)}
                value={page}
                onChange={setPage}
              />
            )}
          </>
        )}
      </Stack>
      <MaintenanceModal server={closing} onClose={() => setClosing(null)} />
    </Paper>
  );
}
