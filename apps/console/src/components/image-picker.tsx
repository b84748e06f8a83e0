// Choosing a picture (docs/console.md#images): drop a file on the zone or pick one with the
// button (PNG, JPEG or WebP; the server checks the bytes, strips metadata and answers its
// /media URL), with progress and translated errors; or choose one of the images uploaded before
// (the library, where unused images can also be deleted).
import type { UploadedImage } from '@hc/contract';
import { Button, CloseButton, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../lib/api-error';
import { IMAGE_ACCEPT, uploadImage } from '../lib/image-upload';
import { IMAGES_KEY, ImageLibrary } from './image-library';
import './image-picker.css';

export { IMAGES_KEY } from './image-library';

export function ImagePicker({
  label,
  value,
  onChange,
  error,
  description,
}: {
  label: string;
  value: string | undefined;
  onChange: (url: string | undefined, image?: UploadedImage) => void;
  error?: string | undefined;
  description?: string | undefined;
}) {
  const { t } = useTranslation('images');
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);

  async function send(file: File) {
    setFailure(null);
    setProgress(0);
    try {
      const image = await uploadImage(file, { onProgress: setProgress });
      onChange(image.url, image);
      void queryClient.invalidateQueries({ queryKey: IMAGES_KEY });
    } catch (e) {
      setFailure(t(errorTranslationKey(e)));
    } finally {
      setProgress(null);
    }
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void send(file);
  }

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
      <Paper
        withBorder
        radius="md"
        p="sm"
        data-testid="image-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderColor: error
            ? 'var(--mantine-color-red-6)'
            : dragging
              ? 'var(--mantine-color-blue-6)'
              : undefined,
          background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Group gap="sm" wrap="nowrap" align="center">
          {value ? (
            <Image
              src={value}
              alt={t('preview')}
              w={64}
              h={64}
              fit="contain"
              radius="sm"
              bg="gray.1"
            />
          ) : (
            <div className="hc-image-empty" aria-hidden="true" />
          )}
          <Stack gap={4} flex={1} miw={0}>
            <Text size="xs" c="dimmed">
              {t('dropHint')}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                onClick={() => input.current?.click()}
                loading={progress !== null}
              >
                {t('upload')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setLibraryOpen(true)}>
                {t('choose')}
              </Button>
              {value && (
                <CloseButton
                  size="sm"
                  aria-label={t('remove')}
                  onClick={() => onChange(undefined)}
                />
              )}
            </Group>
          </Stack>
        </Group>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          data-testid="image-file-input"
          aria-label={t('upload')}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void send(file);
          }}
        />
        {progress !== null && (
          <Progress
            value={Math.round(progress * 100)}
            mt="xs"
            size="sm"
            aria-label={t('progress')}
            animated
          />
        )}
      </Paper>
      {(failure ?? error) && (
        <Text size="xs" c="red" role="alert">
          {failure ?? error}
        </Text>
      )}
      <ImageLibrary
        opened={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        onPick={(url) => onChange(url)}
        onDeleted={(url) => {
          if (url === value) onChange(undefined);
        }}
      />
    </Stack>
  );
}
