// The four footer pages (About Us, Contact us, Privacy Policy, User Agreement): title and body per
// language with the rich-text editor, and a preview as the player page /main/page/<slug> shows it.
import { consoleApi, type ConsolePage, type Language, type SitePageSlug } from '@hc/contract';
import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, PageLoader } from '../../components/status';
import { callConsole } from '../../lib/api';
import { errorTranslationKey } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { contentKey, pageQuery, pagesQuery } from './content-api';
import { DocTextsEditor } from './doc-editor';
import { MissingBadge } from './language-tabs';
import { PreviewModal } from './preview';
import { filledTexts, type EditorTexts } from './texts';

function PageEditor({ page, onClose }: { page: ConsolePage; onClose: () => void }) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<EditorTexts>(page.texts);
  const [language, setLanguage] = useState<Language>('en-US');
  const [previewing, setPreviewing] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      callConsole(consoleApi.consoleContentPagesUpdate, {
        slug: page.slug,
        texts: filledTexts(texts),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contentKey });
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={phone ?? false}
      title={t(`pages.${page.slug}`)}
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
          <DocTextsEditor
            texts={texts}
            onChange={setTexts}
            language={language}
            onLanguage={setLanguage}
          />
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {tc(errorTranslationKey(save.error))}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={() => setPreviewing(true)}>
              {t('preview.open')}
            </Button>
            <Group gap="sm">
              <Button variant="subtle" onClick={onClose}>
                {tc('actions.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
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
          initialLanguage={language}
          queryKey={['page', page.slug, JSON.stringify(texts)]}
          load={async (lang) => {
            const p = await callConsole(consoleApi.consoleContentPagesPreview, {
              slug: page.slug,
              language: lang,
              texts: filledTexts(texts),
            });
            return { title: p.title, content: p.content };
          }}
        />
      )}
    </Modal>
  );
}

function EditPage({ slug, onClose }: { slug: SitePageSlug; onClose: () => void }) {
  const q = useQuery(pageQuery(slug));
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return q.data ? <PageEditor page={q.data} onClose={onClose} /> : null;
}

export function PagesTab() {
  const { t } = useTranslation('content');
  const language = currentLanguage();
  const list = useQuery(pagesQuery());
  const [editing, setEditing] = useState<SitePageSlug | null>(null);
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {list.data.list.map((p) => (
          <Card key={p.slug} withBorder radius="md" padding="md">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{t(`pages.${p.slug}`)}</Text>
                <MissingBadge missing={p.missingLanguages} />
              </Group>
              <Text size="sm" c="dimmed">
                /main/page/{p.slug}
              </Text>
              <Text size="sm" c="dimmed">
                {p.updatedAt === null
                  ? t('pages.neverWritten')
                  : t('pages.updated', { time: formatDateTime(p.updatedAt, language) })}
              </Text>
              <Group justify="flex-end">
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => setEditing(p.slug)}
                  aria-label={t('pages.edit', { page: t(`pages.${p.slug}`) })}
                >
                  {t('actions.edit')}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {editing && <EditPage slug={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
