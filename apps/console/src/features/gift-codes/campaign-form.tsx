// A new gift-code campaign: game, name, kind (single-use codes or one shared code), reward (a
// game pack or HC Point), per-account limit, total cap and validity window.
import {
  Alert,
  Button,
  Code,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../lib/api-error';
import { createCampaign, GIFT_KEY } from './gift-codes-api';

/** `YYYY-MM-DDTHH:mm` of a datetime-local field (the operator's time zone) as Unix seconds. */
function toSeconds(value: string): number | null {
  if (value === '') return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

export function CampaignForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('giftCodes');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [gameId, setGameId] = useState<number | string>(1);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'single' | 'shared'>('single');
  const [rewardType, setRewardType] = useState<'items' | 'points'>('items');
  const [pack, setPack] = useState('');
  const [points, setPoints] = useState<number | string>(100);
  const [limit, setLimit] = useState<number | string>(1);
  const [cap, setCap] = useState<number | string>('');
  const [starts, setStarts] = useState('');
  const [ends, setEnds] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useMutation({
    mutationFn: createCampaign,
    onSuccess: () => client.invalidateQueries({ queryKey: GIFT_KEY }),
  });

  function close() {
    onClose();
    setName('');
    setPack('');
    setCode('');
    setStarts('');
    setEnds('');
    setTouched(false);
    create.reset();
  }

  const startsAt = toSeconds(starts);
  const expiresAt = toSeconds(ends);
  const errors = {
    name: name.trim() === '' ? t('form.nameRequired') : null,
    pack: rewardType === 'items' && pack.trim() === '' ? t('form.packRequired') : null,
    window:
      startsAt !== null && expiresAt !== null && startsAt >= expiresAt
        ? t('form.windowRule')
        : null,
    code:
      kind === 'shared' && code.trim() !== '' && !/^[A-Za-z0-9\s-]{6,64}$/.test(code.trim())
        ? t('form.codeRule')
        : null,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.values(errors).some((e) => e !== null)) return;
    create.mutate({
      gameId: Number(gameId),
      name: name.trim(),
      kind,
      reward:
        rewardType === 'items'
          ? { type: 'items', cpGoodsId: pack.trim() }
          : { type: 'points', points: Number(points) },
      perAccountLimit: Number(limit) || 1,
      totalCap: typeof cap === 'number' && cap > 0 ? cap : null,
      startsAt,
      expiresAt,
      ...(kind === 'shared' && code.trim() !== '' ? { code: code.trim() } : {}),
    });
  };

  const shown = (key: keyof typeof errors) => (touched ? errors[key] : null);

  return (
    <Modal opened={opened} onClose={close} title={t('form.title')} size="lg" centered>
      {create.isSuccess ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {t('form.created', { name: create.data.campaign.name })}
          </Alert>
          {create.data.code !== undefined && (
            <Text size="sm">
              {t('form.sharedCode')} <Code>{create.data.code}</Code>
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={close}>{tc('actions.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Group grow wrap="wrap" align="flex-start">
              <NumberInput
                label={t('form.game')}
                value={gameId}
                onChange={setGameId}
                min={1}
                allowDecimal={false}
                required
              />
              <TextInput
                label={t('form.name')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={100}
                required
                error={shown('name')}
              />
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="kind-label">
                {t('form.kind')}
              </Text>
              <SegmentedControl
                aria-labelledby="kind-label"
                value={kind}
                onChange={(v) => setKind(v)}
                data={[
                  { value: 'single', label: t('kinds.single') },
                  { value: 'shared', label: t('kinds.shared') },
                ]}
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="reward-label">
                {t('form.reward')}
              </Text>
              <SegmentedControl
                aria-labelledby="reward-label"
                value={rewardType}
                onChange={(v) => setRewardType(v)}
                data={[
                  { value: 'items', label: t('form.rewardItems') },
                  { value: 'points', label: t('form.rewardPoints') },
                ]}
              />
            </Stack>
            {rewardType === 'items' ? (
              <TextInput
                label={t('form.pack')}
                description={t('form.packHelp')}
                value={pack}
                onChange={(e) => setPack(e.currentTarget.value)}
                required
                error={shown('pack')}
              />
            ) : (
              <NumberInput
                label={t('form.points')}
                value={points}
                onChange={setPoints}
                min={1}
                max={1_000_000}
                allowDecimal={false}
              />
            )}
            <Group grow wrap="wrap" align="flex-start">
              <NumberInput
                label={t('form.perAccount')}
                value={limit}
                onChange={setLimit}
                min={1}
                max={1000}
                allowDecimal={false}
              />
              <NumberInput
                label={t('form.cap')}
                description={t('form.capHelp')}
                value={cap}
                onChange={setCap}
                min={1}
                allowDecimal={false}
              />
            </Group>
            <Group grow wrap="wrap" align="flex-start">
              <TextInput
                type="datetime-local"
                label={t('form.starts')}
                value={starts}
                onChange={(e) => setStarts(e.currentTarget.value)}
              />
              <TextInput
                type="datetime-local"
                label={t('form.ends')}
                value={ends}
                onChange={(e) => setEnds(e.currentTarget.value)}
                error={shown('window')}
              />
            </Group>
            {kind === 'shared' && (
              <TextInput
                label={t('form.code')}
                description={t('form.codeHelp')}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={shown('code')}
                autoComplete="off"
              />
            )}
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
                {t('form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
