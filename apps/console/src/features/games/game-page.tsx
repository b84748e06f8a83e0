// One game: names and icons in the nine player languages (missing ones marked), platforms and
// order; who checks the players' passwords; the gateway card (URL, key fingerprint, rotate, test connection); the servers table with
// the maintenance switch.
import { LANGUAGES, type ConsoleGame, type Language } from '@hc/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { LoadError, PageLoader } from '../../components/status';
import { errorTranslationKey } from '../../lib/api-error';
import { currentLanguage } from '../../lib/i18n';
import { PLATFORMS } from './game-editor';
import { CredentialsCard } from './credentials-card';
import { GatewayCard } from './gateway-card';
import { gameQuery, GAMES_KEY, updateGame } from './games-api';
import { gameName, MissingBadge } from './games-page';
import { ServersCard } from './servers-card';

type Texts = Partial<Record<Language, string>>;

function NamesCard({ game }: { game: ConsoleGame }) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [names, setNames] = useState<Texts>(game.names);
  const [icons, setIcons] = useState<Texts>(game.icons as Texts);
  const [platforms, setPlatforms] = useState<string[]>(game.platforms);
  const [sort, setSort] = useState<number | string>(game.sort);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: updateGame,
    onSuccess: async () => {
      setSaved(true);
      await client.invalidateQueries({ queryKey: GAMES_KEY });
    },
  });
  const enMissing = (names['en-US'] ?? '').trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (enMissing) return;
    save.mutate({
      id: game.id,
      names,
      icons,
      platforms: platforms as ConsoleGame['platforms'],
      sort: typeof sort === 'number' ? sort : 0,
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="names-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4" id="names-title">
              {t('names.title')}
            </Title>
            <MissingBadge count={game.missingLanguages.length} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('names.help')}
          </Text>
          <Stack gap="xs">
            {LANGUAGES.map((lang) => {
              const missing = (names[lang] ?? '').trim() === '';
              return (
                <Group
                  key={lang}
                  align="flex-start"
                  gap="sm"
                  wrap="wrap"
                  data-testid={`lang-${lang}`}
                >
                  <Stack w={{ base: '100%', sm: 150 }} gap={2} pt={{ base: 0, sm: 4 }}>
                    <Text size="sm" fw={600}>
                      {t(`languages.${lang}`)}
                    </Text>
                    {missing && (
                      <Badge size="xs" color="orange" variant="light" w="fit-content">
                        {t('names.missing')}
                      </Badge>
                    )}
                  </Stack>
                  <TextInput
                    aria-label={t('names.nameIn', { language: t(`languages.${lang}`) })}
                    placeholder={lang === 'en-US' ? '' : (names['en-US'] ?? '')}
                    value={names[lang] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setNames((n) => ({ ...n, [lang]: value }));
                    }}
                    maxLength={64}
                    error={lang === 'en-US' && enMissing ? t('form.nameRequired') : null}
                    style={{ flex: '1 1 180px' }}
                  />
                  <TextInput
                    aria-label={t('names.iconIn', { language: t(`languages.${lang}`) })}
                    placeholder={t('names.iconPlaceholder')}
                    value={icons[lang] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setIcons((n) => ({ ...n, [lang]: value }));
                    }}
                    style={{ flex: '1 1 220px' }}
                  />
                </Group>
              );
            })}
          </Stack>
          <Group gap="xl" align="flex-end" wrap="wrap">
            <Checkbox.Group label={t('form.platforms')} value={platforms} onChange={setPlatforms}>
              <Group gap="md" mt={6}>
                {PLATFORMS.map((p) => (
                  <Checkbox key={p} value={p} label={t(`platforms.${p}`)} />
                ))}
              </Group>
            </Checkbox.Group>
            <NumberInput
              label={t('form.sort')}
              value={sort}
              onChange={setSort}
              allowDecimal={false}
              min={-1000}
              max={1000}
              w={120}
            />
          </Group>
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {tc(errorTranslationKey(save.error))}
            </Alert>
          )}
          {saved && !save.isPending && (
            <Alert color="teal" variant="light" role="status">
              {t('names.saved')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function GamePage({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation('games');
  const game = useQuery(gameQuery(id));
  const language = currentLanguage();
  return (
    <>
      <Anchor component="button" type="button" onClick={onBack} mb="sm" size="sm">
        {t('actions.back')}
      </Anchor>
      {game.isPending ? (
        <PageLoader />
      ) : game.isError ? (
        <LoadError error={game.error} onRetry={() => void game.refetch()} />
      ) : (
        <>
          <PageHeader
            title={gameName(game.data, language)}
            description={t('game.description', { id: game.data.id })}
            actions={<Code>{t('list.id', { id: game.data.id })}</Code>}
          />
          <Stack gap="lg">
            <NamesCard key={game.data.updatedAt ?? 0} game={game.data} />
            <CredentialsCard
              key={`${game.data.credentials.console ?? ''}:${game.data.gateway.source}`}
              game={game.data}
            />
            <GatewayCard key={game.data.gateway.url ?? ''} game={game.data} />
            <ServersCard game={game.data} />
          </Stack>
        </>
      )}
    </>
  );
}
