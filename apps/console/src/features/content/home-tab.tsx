// The home configuration of a game: the banner, the download links (Android, PC, iOS) and the
// Game Info / Game Features blocks with their per-language texts; a preview shows the home page's
// parts as players get them in a chosen language.
import {
  consoleApi,
  type CallResult,
  type ConsoleBlock,
  type ConsoleHome,
  type HomeSettings,
} from '@hc/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../components/icons';
import { LoadError, PageLoader } from '../../components/status';
import { callConsole } from '../../lib/api';
import { errorTranslationKey } from '../../lib/api-error';
import { contentKey, homeQuery } from './content-api';
import { DocTextsEditor } from './doc-editor';
import { IMAGE_URL, ImageField } from './image-field';
import { MissingBadge } from './language-tabs';
import { PlayerHtml, PreviewModal } from './preview';
import { filledTexts, type EditorTexts } from './texts';

const LINK = /^(\/(?![/\\])[^\s"'<>\\]*|https?:\/\/[^\s"'<>\\]+)$/i;
const PLATFORMS = ['android', 'pc', 'ios'] as const;

interface BlockDraft {
  kind: 'info' | 'feature';
  img: string;
  sort: number;
  texts: EditorTexts;
}

function BlockEditor({
  gameId,
  block,
  onClose,
}: {
  gameId: number;
  block?: ConsoleBlock;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const [previewing, setPreviewing] = useState(false);
  const [draft, setDraft] = useState<BlockDraft>(() =>
    block
      ? { kind: block.kind, img: block.img ?? '', sort: block.sort, texts: block.texts }
      : { kind: 'info', img: '', sort: 0, texts: {} },
  );
  const body = () => ({
    kind: draft.kind,
    img: draft.img.trim() === '' ? null : draft.img.trim(),
    sort: draft.sort,
    texts: filledTexts(draft.texts),
  });
  const save = useMutation({
    mutationFn: () =>
      block
        ? callConsole(consoleApi.consoleContentBlocksUpdate, { ...body(), id: block.id })
        : callConsole(consoleApi.consoleContentBlocksCreate, { ...body(), gameId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contentKey });
      onClose();
    },
  });
  const imgInvalid = draft.img.trim() !== '' && !IMAGE_URL.test(draft.img.trim());
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={phone ?? false}
      title={block ? t('home.editBlock') : t('home.newBlock')}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('home.kind')}
              data={[
                { value: 'info', label: t('home.info') },
                { value: 'feature', label: t('home.features') },
              ]}
              value={draft.kind}
              onChange={(v) => v && setDraft((d) => ({ ...d, kind: v }))}
              allowDeselect={false}
            />
            <NumberInput
              label={t('home.sort')}
              description={t('home.sortHint')}
              min={0}
              max={10000}
              value={draft.sort}
              onChange={(v) => setDraft((d) => ({ ...d, sort: typeof v === 'number' ? v : 0 }))}
            />
          </SimpleGrid>
          <ImageField
            label={t('home.blockImage')}
            value={draft.img}
            onChange={(img) => setDraft((d) => ({ ...d, img }))}
          />
          <DocTextsEditor
            texts={draft.texts}
            onChange={(texts) => setDraft((d) => ({ ...d, texts }))}
          />
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {tc(errorTranslationKey(save.error))}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={() => setPreviewing(true)} disabled={imgInvalid}>
              {t('preview.open')}
            </Button>
            <Group gap="sm">
              <Button variant="subtle" onClick={onClose}>
                {tc('actions.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={imgInvalid}>
                {t('actions.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      {previewing && (
        <PreviewModal
          opened
          onClose={() => setPreviewing(false)}
          queryKey={['block', block?.id ?? 'new', JSON.stringify(body())]}
          load={async (language) => {
            const b = await callConsole(consoleApi.consoleContentBlocksPreview, {
              language,
              gameId,
              ...(block ? { id: block.id } : {}),
              draft: body(),
            });
            return { title: b.title, content: b.content, img: b.img };
          }}
        />
      )}
    </Modal>
  );
}

function HomeEditor({ home }: { home: ConsoleHome }) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<HomeSettings>(home.settings);
  const [banner, setBanner] = useState(home.settings.banner ?? '');
  const [editing, setEditing] = useState<ConsoleBlock | 'new' | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const remove = useMutation({
    mutationFn: (id: number) => callConsole(consoleApi.consoleContentBlocksDelete, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKey }),
  });
  const game = home.games.find((g) => g.id === home.gameId);
  const current = (): HomeSettings => ({
    banner: banner.trim() === '' ? null : banner.trim(),
    downloads: settings.downloads,
  });
  const save = useMutation({
    mutationFn: () =>
      callConsole(consoleApi.consoleContentHomeUpdate, { gameId: home.gameId, ...current() }),
    onSuccess: (next) => queryClient.setQueryData(homeQuery(home.gameId).queryKey, next),
  });
  const invalid =
    (banner.trim() !== '' && !IMAGE_URL.test(banner.trim())) ||
    PLATFORMS.some((p) => {
      const v = settings.downloads[p];
      return v !== null && v !== '' && !LINK.test(v);
    });
  const setLink = (p: (typeof PLATFORMS)[number], value: string) =>
    setSettings((s) => ({ ...s, downloads: { ...s.downloads, [p]: value === '' ? null : value } }));

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="home-settings">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="home-settings">
              {t('home.settings')}
            </Title>
            <ImageField label={t('home.banner')} value={banner} onChange={setBanner} />
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
              {PLATFORMS.map((p) => (
                <TextInput
                  key={p}
                  label={t(`home.download.${p}`)}
                  description={
                    game && !game.platforms.includes(p)
                      ? t('home.platformOff')
                      : t('home.downloadHint')
                  }
                  placeholder="https://"
                  value={settings.downloads[p] ?? ''}
                  onChange={(e) => setLink(p, e.currentTarget.value)}
                  error={
                    settings.downloads[p] && !LINK.test(settings.downloads[p] ?? '')
                      ? t('bulletins.linkInvalid')
                      : undefined
                  }
                />
              ))}
            </SimpleGrid>
            {save.isError && (
              <Alert color="red" variant="light" role="alert">
                {tc(errorTranslationKey(save.error))}
              </Alert>
            )}
            {save.isSuccess && (
              <Alert color="teal" variant="light" role="status">
                {t('saved')}
              </Alert>
            )}
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={() => setPreviewing(true)} disabled={invalid}>
                {t('preview.open')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={invalid}>
                {t('actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      {(['info', 'feature'] as const).map((kind) => (
        <section key={kind} aria-labelledby={`blocks-${kind}`}>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id={`blocks-${kind}`}>
              {kind === 'info' ? t('home.info') : t('home.features')}
            </Title>
            {kind === 'info' && (
              <Button
                size="xs"
                leftSection={<PlusIcon size={14} />}
                onClick={() => setEditing('new')}
              >
                {t('home.newBlock')}
              </Button>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {home.blocks
              .filter((b) => b.kind === kind)
              .map((b) => (
                <Card key={b.id} withBorder radius="md" padding="sm">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text fw={600} lineClamp={2}>
                        {b.texts['en-US']?.title ?? `#${b.id}`}
                      </Text>
                      <Badge variant="light" color="gray">
                        {t('home.sortShort', { sort: b.sort })}
                      </Badge>
                    </Group>
                    <MissingBadge missing={b.missingLanguages} />
                    <Group justify="flex-end" gap="xs">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => {
                          if (window.confirm(t('home.confirmDelete'))) remove.mutate(b.id);
                        }}
                      >
                        {t('actions.delete')}
                      </Button>
                      <Button size="compact-sm" variant="light" onClick={() => setEditing(b)}>
                        {t('actions.edit')}
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ))}
          </SimpleGrid>
        </section>
      ))}
      {editing && (
        <BlockEditor
          gameId={home.gameId}
          {...(editing === 'new' ? {} : { block: editing })}
          onClose={() => setEditing(null)}
        />
      )}
      {previewing && (
        <PreviewModal
          opened
          onClose={() => setPreviewing(false)}
          queryKey={['home', home.gameId, JSON.stringify(current())]}
          load={(language) =>
            callConsole(consoleApi.consoleContentHomePreview, {
              gameId: home.gameId,
              language,
              settings: current(),
            })
          }
          render={(data) => <HomePreview data={data} />}
        />
      )}
    </Stack>
  );
}

type HomePreviewData = CallResult<typeof consoleApi.consoleContentHomePreview>;

function HomePreview({ data }: { data: HomePreviewData }) {
  const { t } = useTranslation('content');
  const { gameInfo } = data.home;
  return (
    <Stack gap="md">
      {gameInfo.cgi ? (
        <Image src={gameInfo.cgi} alt="" radius="md" mah={220} fit="cover" />
      ) : (
        <Text c="dimmed">{t('home.noBanner')}</Text>
      )}
      <Group gap="xs">
        {PLATFORMS.map((p) =>
          gameInfo.downloads[p] ? (
            <Badge key={p} variant="outline">
              {t(`home.download.${p}`)}
            </Badge>
          ) : null,
        )}
      </Group>
      {(['info', 'feature'] as const).map((kind) => (
        <Stack key={kind} gap="xs">
          <Title order={3} size="h5">
            {kind === 'info' ? t('home.info') : t('home.features')}
          </Title>
          {data.blocks
            .filter((b) => b.kind === kind)
            .map((b) => (
              <Paper key={b.id} withBorder p="sm" radius="sm">
                <Text fw={600} mb={4}>
                  {b.title}
                </Text>
                <PlayerHtml html={b.content} />
              </Paper>
            ))}
        </Stack>
      ))}
    </Stack>
  );
}

export function HomeTab() {
  const { t } = useTranslation('content');
  const [gameId, setGameId] = useState<number | undefined>(undefined);
  const home = useQuery(homeQuery(gameId));
  if (home.isPending) return <PageLoader />;
  if (home.isError) return <LoadError error={home.error} onRetry={() => void home.refetch()} />;
  return (
    <Stack gap="md">
      {home.data.games.length > 1 ? (
        <SegmentedControl
          aria-label={t('home.game')}
          value={String(home.data.gameId)}
          onChange={(v) => setGameId(Number(v))}
          data={home.data.games.map((g) => ({ value: String(g.id), label: g.name }))}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('home.gameName', { name: home.data.games[0]?.name ?? '' })}
        </Text>
      )}
      <HomeEditor key={home.data.gameId} home={home.data} />
    </Stack>
  );
}
