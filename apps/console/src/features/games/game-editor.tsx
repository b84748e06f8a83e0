// A new game: its id (the one its gateway and SDK use), en-US name and platforms; the other
// languages, icons and gateway are set on its page.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../lib/api-error';
import { createGame, GAMES_KEY } from './games-api';

export const PLATFORMS = ['android', 'ios', 'pc'] as const;
type Platform = (typeof PLATFORMS)[number];

export function GameEditor({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [id, setId] = useState<number | string>('');
  const [name, setName] = useState('');
  const [platforms, setPlatforms] = useState<Platform[]>([]);
  const [touched, setTouched] = useState(false);
  const create = useMutation({
    mutationFn: createGame,
    onSuccess: async (game) => {
      await client.invalidateQueries({ queryKey: GAMES_KEY });
      close();
      onCreated(game.id);
    },
  });

  function close() {
    onClose();
    setId('');
    setName('');
    setPlatforms([]);
    setTouched(false);
    create.reset();
  }

  const idError = touched && (typeof id !== 'number' || id < 1) ? t('form.idRequired') : null;
  const nameError = touched && name.trim() === '' ? t('form.nameRequired') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (typeof id !== 'number' || id < 1 || name.trim() === '') return;
    create.mutate({ id, names: { 'en-US': name.trim() }, icons: {}, platforms, sort: 0 });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('form.newTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NumberInput
            label={t('form.id')}
            description={t('form.idHelp')}
            value={id}
            onChange={setId}
            min={1}
            allowDecimal={false}
            required
            error={idError}
          />
          <TextInput
            label={t('form.nameEnUs')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={64}
            required
            error={nameError}
          />
          <Checkbox.Group
            label={t('form.platforms')}
            value={platforms}
            onChange={(v) => setPlatforms(v)}
          >
            <Group gap="md" mt={6}>
              {PLATFORMS.map((p) => (
                <Checkbox key={p} value={p} label={t(`platforms.${p}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          {create.isError && (
            <Alert color="red" variant="light" role="alert">
              {tc(errorTranslationKey(create.error))}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tc('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
