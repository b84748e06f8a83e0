// The library of uploaded images (docs/console.md#images): pick one for the field, or delete one
// that nothing shows any more. A delete asks first; the server refuses an image still in use
// (ImageInUse), and the panel then lists where it is shown so the operator can replace it there.
import {
  consoleApi,
  imageInUseDataSchema,
  type ImageListItem,
  type ImageUsage,
} from '@hc/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Image,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callConsole } from '../lib/api';
import { errorTranslationKey, isApiError, isErrorCode } from '../lib/api-error';
import { TrashIcon } from './icons';
import './image-picker.css';

export const IMAGES_KEY = ['console', 'images'] as const;

/** Where the server says the image is shown (ImageInUse's data), or []. */
function usagesOf(error: unknown): ImageUsage[] {
  if (!isErrorCode(error, 'ImageInUse') || !isApiError(error)) return [];
  const parsed = imageInUseDataSchema.safeParse(error.data);
  return parsed.success ? parsed.data.usedBy : [];
}

function ConfirmDelete({
  image,
  onCancel,
  onDeleted,
}: {
  image: ImageListItem;
  onCancel: () => void;
  onDeleted: (image: ImageListItem) => void;
}) {
  const { t } = useTranslation('images');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => callConsole(consoleApi.consoleImagesDelete, { id: image.id }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: IMAGES_KEY });
      onDeleted(image);
    },
  });
  const usages = usagesOf(remove.error);
  return (
    <Paper withBorder radius="md" p="sm" mb="sm" data-testid="image-delete-confirm">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Image src={image.url} alt="" w={64} h={64} fit="contain" radius="sm" bg="gray.1" />
          <Stack gap={4} flex={1} miw={0}>
            <Text size="sm" fw={500}>
              {t('delete.question', { width: image.width, height: image.height })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('delete.hint')}
            </Text>
          </Stack>
        </Group>
        {remove.isError && (
          <Alert color="red" p="xs" role="alert">
            <Text size="sm">{t(errorTranslationKey(remove.error))}</Text>
            {usages.length > 0 && (
              <>
                <Text size="xs" mt={4}>
                  {t('delete.usedBy')}
                </Text>
                <List size="xs" spacing={2}>
                  {usages.map((u) => (
                    <List.Item key={`${u.kind}:${u.id}`}>
                      {t(`usage.${u.kind}`, { id: u.id })}
                      {u.label !== '' && ` · ${u.label}`}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('delete.cancel')}
          </Button>
          <Button
            size="xs"
            color="red"
            onClick={() => remove.mutate()}
            loading={remove.isPending}
            disabled={usages.length > 0}
          >
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function ImageLibrary({
  opened,
  onClose,
  onPick,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (url: string) => void;
  /** An image was deleted (the field forgets it if it had chosen it). */
  onDeleted?: (url: string) => void;
}) {
  const { t } = useTranslation('images');
  const [confirming, setConfirming] = useState<ImageListItem | null>(null);
  const [deleted, setDeleted] = useState(false);
  const list = useQuery({
    queryKey: [...IMAGES_KEY, 'list'],
    queryFn: ({ signal }) =>
      callConsole(consoleApi.consoleImagesList, { page: 1, size: 48 }, { signal }),
    enabled: opened,
  });
  const close = () => {
    setConfirming(null);
    setDeleted(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('library.title')} size="lg">
      {list.isError && <Alert color="red">{t(errorTranslationKey(list.error))}</Alert>}
      {deleted && confirming === null && (
        <Alert color="green" p="xs" mb="sm" role="status">
          {t('delete.done')}
        </Alert>
      )}
      {confirming !== null && (
        <ConfirmDelete
          key={confirming.id}
          image={confirming}
          onCancel={() => setConfirming(null)}
          onDeleted={(image) => {
            setConfirming(null);
            setDeleted(true);
            onDeleted?.(image.url);
          }}
        />
      )}
      {list.data?.list.length === 0 && <Text c="dimmed">{t('library.empty')}</Text>}
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
        {list.data?.list.map((image) => (
          <div key={image.id} className="hc-image-tile">
            <UnstyledButton
              onClick={() => {
                onPick(image.url);
                close();
              }}
              aria-label={t('library.pick', { width: image.width, height: image.height })}
              className="hc-image-choice"
              data-selected={confirming?.id === image.id || undefined}
            >
              <Image src={image.url} alt="" h={72} fit="contain" radius="sm" bg="gray.1" />
              <Text size="xs" c="dimmed" ta="center">
                {image.width}×{image.height}
              </Text>
            </UnstyledButton>
            <ActionIcon
              className="hc-image-delete"
              size="sm"
              variant="white"
              color="red"
              aria-label={t('library.delete', { width: image.width, height: image.height })}
              onClick={() => {
                setDeleted(false);
                setConfirming(image);
              }}
            >
              <TrashIcon size={14} />
            </ActionIcon>
          </div>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
