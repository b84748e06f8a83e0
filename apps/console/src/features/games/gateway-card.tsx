// A game's gateway: where it is set (console, GAME_GATEWAYS or nowhere), its URL, the key
// fingerprint, rotating the secret (shown once), and a connection test with its latency.
import type { ConsoleGame } from '@hc/contract';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { GAMES_KEY, rotateGateway, setGateway, testGateway } from './games-api';
import { GatewayBadge } from './games-page';

function SecretOnce({ secret }: { secret: string }) {
  const { t } = useTranslation('games');
  return (
    <Alert color="yellow" variant="light" title={t('gateway.secretTitle')} role="status">
      <Stack gap="xs">
        <Text size="sm">{t('gateway.secretHelp')}</Text>
        <Group gap="xs" wrap="nowrap">
          <Code style={{ wordBreak: 'break-all' }} data-testid="gateway-secret">
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('gateway.copied') : t('gateway.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

function RotateModal({
  game,
  opened,
  onClose,
}: {
  game: ConsoleGame;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [pasted, setPasted] = useState('');
  const rotate = useMutation({
    mutationFn: rotateGateway,
    onSuccess: () => client.invalidateQueries({ queryKey: GAMES_KEY }),
  });
  const close = () => {
    onClose();
    setPasted('');
    rotate.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rotate.mutate({ gameId: game.id, ...(pasted.trim() === '' ? {} : { secret: pasted.trim() }) });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('gateway.rotateTitle')} centered>
      {rotate.isSuccess ? (
        <Stack gap="md">
          <SecretOnce secret={rotate.data.secret} />
          <Group justify="flex-end">
            <Button onClick={close}>{tc('actions.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('gateway.rotateHelp')}</Text>
            <TextInput
              label={t('gateway.pasteLabel')}
              description={t('gateway.pasteHelp')}
              value={pasted}
              onChange={(e) => setPasted(e.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
            />
            {rotate.isError && (
              <Alert color="red" variant="light" role="alert">
                {tc(errorTranslationKey(rotate.error))}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {tc('actions.cancel')}
              </Button>
              <Button type="submit" color="orange" loading={rotate.isPending}>
                {t('gateway.rotate')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export function GatewayCard({ game }: { game: ConsoleGame }) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const language = currentLanguage();
  const [url, setUrl] = useState(game.gateway.url ?? '');
  const [rotating, { open, close }] = useDisclosure(false);
  const save = useMutation({
    mutationFn: setGateway,
    onSuccess: () => client.invalidateQueries({ queryKey: GAMES_KEY }),
  });
  const test = useMutation({ mutationFn: testGateway });
  const { gateway } = game;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ gameId: game.id, url: url.trim() });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="gateway-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="gateway-title">
            {t('gateway.title')}
          </Title>
          <GatewayBadge game={game} />
        </Group>
        {gateway.source === 'environment' && (
          <Text size="sm" c="dimmed">
            {t('gateway.fromEnvironment')}
          </Text>
        )}
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('gateway.url')}
              placeholder="https://game.example.com/hc-gateway"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              style={{ flex: '1 1 260px' }}
            />
            <Button type="submit" variant="default" loading={save.isPending}>
              {t('gateway.saveUrl')}
            </Button>
          </Group>
        </form>
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {tc(errorTranslationKey(save.error))}
          </Alert>
        )}
        {save.data?.secret !== undefined && <SecretOnce secret={save.data.secret} />}
        <Group gap="xl" wrap="wrap">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('gateway.fingerprint')}
            </Text>
            <Code>{gateway.keyFingerprint ?? '—'}</Code>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('gateway.rotatedAt')}
            </Text>
            <Text size="sm">
              {gateway.rotatedAt === null ? '—' : formatDateTime(gateway.rotatedAt, language)}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm">
          <Button
            variant="light"
            color="orange"
            onClick={open}
            disabled={gateway.source !== 'database'}
          >
            {t('gateway.rotate')}
          </Button>
          <Button
            variant="light"
            onClick={() => test.mutate(game.id)}
            loading={test.isPending}
            disabled={gateway.source === 'none'}
          >
            {t('gateway.test')}
          </Button>
        </Group>
        {test.isError && (
          <Alert color="red" variant="light" role="alert">
            {tc(errorTranslationKey(test.error))}
          </Alert>
        )}
        {test.data && (
          <Alert
            color={test.data.ok ? 'teal' : 'red'}
            variant="light"
            role="status"
            data-testid="gateway-test-result"
            title={test.data.ok ? t('gateway.testOk') : t('gateway.testFailed')}
          >
            <Group gap="xs">
              <Badge variant="outline" color={test.data.ok ? 'teal' : 'red'}>
                {t('gateway.latency', { ms: test.data.latencyMs })}
              </Badge>
              {test.data.ok ? (
                <Text size="sm">
                  {t('gateway.serversReported', { count: test.data.servers ?? 0 })}
                </Text>
              ) : (
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {test.data.error}
                </Text>
              )}
            </Group>
          </Alert>
        )}
      </Stack>
      <RotateModal game={game} opened={rotating} onClose={close} />
    </Paper>
  );
}
