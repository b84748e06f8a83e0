// Who checks the players' passwords at an account + password sign-in from this game (ADR 0043,
// ADR 0050): the portal, or the game through its gateway's verifyCredentials. Without a console
// choice the GAME_GATEWAYS value applies; `game` needs a gateway.
import type { ConsoleGame } from '@hc/contract';
import { Alert, Badge, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../lib/api-error';
import { GAMES_KEY, updateGame } from './games-api';

type Choice = 'default' | 'portal' | 'game';

export function CredentialsCard({ game }: { game: ConsoleGame }) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [choice, setChoice] = useState<Choice>(game.credentials.console ?? 'default');
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: updateGame,
    onSuccess: async () => {
      setSaved(true);
      await client.invalidateQueries({ queryKey: GAMES_KEY });
    },
  });
  const noGateway = game.gateway.source === 'none';
  const unchanged = choice === (game.credentials.console ?? 'default');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate({ id: game.id, credentials: choice === 'default' ? null : choice });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="credentials-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4" id="credentials-title">
              {t('credentials.title')}
            </Title>
            <Badge
              variant="light"
              color={game.credentials.effective === 'game' ? 'grape' : 'gray'}
              data-testid="credentials-effective"
            >
              {t(`credentials.now.${game.credentials.effective}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('credentials.help')}
          </Text>
          <Radio.Group
            value={choice}
            onChange={(v) => {
              setSaved(false);
              setChoice(v);
            }}
            label={t('credentials.label')}
          >
            <Stack gap="sm" mt="xs">
              <Radio
                value="default"
                label={t('credentials.default', {
                  mode: t(`credentials.short.${game.credentials.environment}`),
                })}
                description={t('credentials.defaultHelp')}
              />
              <Radio
                value="portal"
                label={t('credentials.modes.portal')}
                description={t('credentials.portalHelp')}
              />
              <Radio
                value="game"
                label={t('credentials.modes.game')}
                description={t('credentials.gameHelp')}
                disabled={noGateway && game.credentials.console !== 'game'}
              />
            </Stack>
          </Radio.Group>
          {noGateway && (
            <Alert color="gray" variant="light">
              {t('credentials.needsGateway')}
            </Alert>
          )}
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {tc(errorTranslationKey(save.error))}
            </Alert>
          )}
          {saved && !save.isPending && (
            <Alert color="teal" variant="light" role="status">
              {t('credentials.saved')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={unchanged}>
              {t('credentials.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
