// The preview: what a player would see, in a chosen language, rendered from the server's answer
// in the player contract's shape (the same sanitised HTML as the player pages), for drafts and
// scheduled items too. Nothing is saved.
import { LANGUAGES, type Language } from '@hc/contract';
import {
  Alert,
  Badge,
  Box,
  Group,
  Image,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../lib/api-error';

export interface PreviewDoc {
  title: string;
  /** Sanitised HTML from the server. */
  content: string;
  img?: string | null;
  meta?: ReactNode;
}

/** Server-sanitised HTML, shown as the player page would show it. */
export function PlayerHtml({ html }: { html: string }) {
  return (
    <Typography className="hc-preview-body">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

export function PreviewModal<T = PreviewDoc>({
  opened,
  onClose,
  queryKey,
  load,
  initialLanguage = 'en-US',
  render,
}: {
  opened: boolean;
  onClose: () => void;
  queryKey: readonly unknown[];
  load: (language: Language) => Promise<T>;
  initialLanguage?: Language;
  /** How to show the answer; by default as an article (title, image, meta, body). */
  render?: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const phone = useMediaQuery('(max-width: 48em)');
  const preview = useQuery({
    queryKey: ['console', 'content', 'preview', ...queryKey, language],
    queryFn: () => load(language),
    enabled: opened,
    gcTime: 0,
  });
  const doc = preview.data as PreviewDoc;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('preview.title')}
      size="lg"
      fullScreen={phone ?? false}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Select
            label={t('preview.language')}
            data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            value={language}
            onChange={(v) => v && setLanguage(v)}
            allowDeselect={false}
            w={220}
          />
          <Badge variant="light" color="gray">
            {t('preview.asPlayer')}
          </Badge>
        </Group>
        {preview.isPending && <Loader size="sm" aria-label={t('preview.loading')} />}
        {preview.isError && (
          <Alert color="red" variant="light" role="alert">
            {tc(errorTranslationKey(preview.error))}
          </Alert>
        )}
        {preview.data !== undefined &&
          (render ? (
            render(preview.data)
          ) : (
            <Box component="article" className="hc-preview" lang={language}>
              {doc.img && (
                <Image
                  src={doc.img ?? undefined}
                  alt=""
                  radius="md"
                  mah={260}
                  fit="cover"
                  mb="md"
                />
              )}
              <Title order={2} mb={4}>
                {doc.title || t('preview.noTitle')}
              </Title>
              {doc.meta && (
                <Text c="dimmed" size="sm" mb="md">
                  {doc.meta}
                </Text>
              )}
              <PlayerHtml html={doc.content} />
            </Box>
          ))}
      </Stack>
    </Modal>
  );
}
