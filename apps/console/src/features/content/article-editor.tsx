// The article editor: type, cover image, publish time (in the future: scheduled), pinned,
// published or draft, and the title and rich-text body in each of the nine player languages,
// with a "missing" badge on each language tab that lacks them. Preview shows the unsaved
// article as the player page would, in a chosen language.
import {
  consoleApi,
  type ArticleTypeValue,
  type ConsoleArticle,
  type Language,
} from '@hc/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callConsole } from '../../lib/api';
import { errorTranslationKey } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { contentKey } from './content-api';
import { IMAGE_URL, ImageField } from './image-field';
import { LanguageTabs } from './language-tabs';
import { PreviewModal } from './preview';
import { RichTextEditor } from './rich-text-editor';
import { filledTexts, fromPicker, missingOf, toPicker, type EditorTexts } from './texts';

export const ARTICLE_TYPES: readonly ArticleTypeValue[] = [1, 2, 3, 4];

interface Draft {
  type: ArticleTypeValue;
  img: string;
  publishedAt: number;
  pinned: boolean;
  active: boolean;
  texts: EditorTexts;
}

function draftOf(article: ConsoleArticle | undefined): Draft {
  if (!article)
    return {
      type: 1,
      img: '',
      publishedAt: Math.floor(Date.now() / 1000),
      pinned: false,
      active: false,
      texts: {},
    };
  return {
    type: article.type,
    img: article.img ?? '',
    publishedAt: article.publishedAt,
    pinned: article.pinned,
    active: article.active,
    texts: article.texts,
  };
}

export function ArticleEditor({
  article,
  opened,
  onClose,
}: {
  /** undefined: a new article. */
  article: ConsoleArticle | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const [draft, setDraft] = useState<Draft>(() => draftOf(article));
  const [language, setLanguage] = useState<Language>('en-US');
  const [previewing, setPreviewing] = useState(false);
  const missing = missingOf(draft.texts);
  // The time the editor opened: "scheduled" means later than that.
  const [openedAt] = useState(() => Math.floor(Date.now() / 1000));
  const scheduled = draft.active && draft.publishedAt > openedAt;
  const imgInvalid = draft.img.trim() !== '' && !IMAGE_URL.test(draft.img.trim());

  const body = () => ({
    type: draft.type,
    gameId: article?.gameId ?? null,
    img: draft.img.trim() === '' ? null : draft.img.trim(),
    pinned: draft.pinned,
    active: draft.active,
    publishedAt: draft.publishedAt,
    texts: filledTexts(draft.texts),
  });

  const save = useMutation({
    mutationFn: () =>
      article
        ? callConsole(consoleApi.consoleContentArticlesUpdate, { ...body(), id: article.id })
        : callConsole(consoleApi.consoleContentArticlesCreate, body()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contentKey });
      onClose();
    },
  });

  const setText = (l: Language, field: 'title' | 'content', value: string) =>
    setDraft((d) => {
      const current = d.texts[l] ?? { title: '', content: '' };
      return { ...d, texts: { ...d.texts, [l]: { ...current, [field]: value } } };
    });

  const statusBadge = !draft.active ? (
    <Badge color="gray">{t('status.draft')}</Badge>
  ) : scheduled ? (
    <Badge color="blue">
      {t('status.scheduledAt', { time: formatDateTime(draft.publishedAt, currentLanguage()) })}
    </Badge>
  ) : (
    <Badge color="teal">{t('status.live')}</Badge>
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={phone ?? false}
      title={article ? t('articles.editTitle', { id: article.id }) : t('articles.newTitle')}
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
          <Group gap="xs">
            {statusBadge}
            {draft.pinned && <Badge color="grape">{t('articles.pinned')}</Badge>}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('articles.type')}
              data={ARTICLE_TYPES.map((v) => ({ value: String(v), label: t(`types.${v}`) }))}
              value={String(draft.type)}
              onChange={(v) =>
                v && setDraft((d) => ({ ...d, type: Number(v) as ArticleTypeValue }))
              }
              allowDeselect={false}
            />
            <DateTimePicker
              label={t('articles.publishedAt')}
              description={t('articles.publishedAtHint')}
              value={toPicker(draft.publishedAt)}
              onChange={(v) => v && setDraft((d) => ({ ...d, publishedAt: fromPicker(v) }))}
              valueFormat="YYYY-MM-DD HH:mm"
            />
          </SimpleGrid>
          <ImageField
            label={t('articles.cover')}
            value={draft.img}
            onChange={(img) => setDraft((d) => ({ ...d, img }))}
          />
          <Group gap="xl">
            <Switch
              label={t('articles.published')}
              description={t('articles.publishedHint')}
              checked={draft.active}
              onChange={(e) => {
                const active = e.currentTarget.checked;
                setDraft((d) => ({ ...d, active }));
              }}
            />
            <Switch
              label={t('articles.pinned')}
              description={t('articles.pinnedHint')}
              checked={draft.pinned}
              onChange={(e) => {
                const pinned = e.currentTarget.checked;
                setDraft((d) => ({ ...d, pinned }));
              }}
            />
          </Group>
          {missing.length > 0 && (
            <Text size="sm" c={missing.includes('en-US') ? 'red' : 'orange.8'} role="status">
              {missing.includes('en-US')
                ? t('missing.fallbackRequired')
                : t('missing.summary', {
                    languages: missing.map((l) => t(`languages.${l}`)).join(', '),
                  })}
            </Text>
          )}
          <LanguageTabs missing={missing} value={language} onChange={setLanguage}>
            {(l) => (
              <Stack gap="sm">
                <TextInput
                  label={t('fields.title', { language: t(`languages.${l}`) })}
                  value={draft.texts[l]?.title ?? ''}
                  onChange={(e) => setText(l, 'title', e.currentTarget.value)}
                  maxLength={200}
                  required={l === 'en-US'}
                  lang={l}
                />
                <RichTextEditor
                  label={t('fields.body', { language: t(`languages.${l}`) })}
                  value={draft.texts[l]?.content ?? ''}
                  onChange={(html) => setText(l, 'content', html)}
                />
              </Stack>
            )}
          </LanguageTabs>
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {tc(errorTranslationKey(save.error))}
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap" gap="sm">
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
          opened={previewing}
          onClose={() => setPreviewing(false)}
          initialLanguage={language}
          queryKey={['article', article?.id ?? 'new', JSON.stringify(body())]}
          load={async (lang) => {
            const a = await callConsole(consoleApi.consoleContentArticlesPreview, {
              language: lang,
              ...(article ? { id: article.id } : {}),
              draft: body(),
            });
            return {
              title: a.title,
              content: a.content,
              img: a.img,
              meta: `${t(`types.${a.type}`)} · ${formatDateTime(a.create_ts, currentLanguage())}`,
            };
          }}
        />
      )}
    </Modal>
  );
}
