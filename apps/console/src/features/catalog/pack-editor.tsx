// The pack editor (docs/console.md#catalog): item id, a tab per player language with its name and
// picture (a badge on the languages that still show the en-US name), price and currency, bonus,
// gift, HC Point amount (HC Point packs), order, enabled and the sale window. The server's field
// refusals (data.issues) are shown next to their fields.
import {
  CATALOG_CURRENCIES,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  type Language,
  type Pack,
  type PackFields,
  type PackKind,
} from '@hc/contract';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../components/image-picker';
import { errorTranslationKey } from '../../lib/api-error';
import {
  CATALOG_KEY,
  createPack,
  currencyDecimals,
  fromPicker,
  issuesOf,
  toPicker,
  updatePack,
} from './catalog-api';

export type PackDraft = PackFields;

export function emptyPack(kind: PackKind): PackDraft {
  return {
    cpGoodsId: '',
    names: {},
    images: {},
    price: 99,
    currency: 'USD',
    bonus: 0,
    gift: 0,
    amount: kind === 'coin' ? 100 : null,
    items: [],
    serverIds: null,
    sort: 0,
    enabled: true,
    saleBegin: null,
    saleEnd: null,
  };
}

export function draftOf(pack: Pack): PackDraft {
  const {
    id: _id,
    gameId: _game,
    kind: _kind,
    status: _status,
    missingNames: _missing,
    updatedAt: _updated,
    ...fields
  } = pack;
  return fields;
}

/** Languages without a name of their own (they show the en-US name to players). */
export function missingNames(draft: PackDraft): Language[] {
  return LANGUAGES.filter((l) => !draft.names[l]?.trim());
}

export function PackEditor({
  opened,
  onClose,
  gameId,
  kind,
  pack,
}: {
  opened: boolean;
  onClose: () => void;
  gameId: number;
  kind: PackKind;
  /** The pack to change; undefined: a new pack. */
  pack: Pack | undefined;
}) {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PackDraft>(() => (pack ? draftOf(pack) : emptyPack(kind)));
  const [tab, setTab] = useState<Language>(FALLBACK_LANGUAGE);
  const save = useMutation({
    mutationFn: () =>
      pack ? updatePack({ ...draft, id: pack.id }) : createPack({ ...draft, gameId, kind }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
      onClose();
    },
  });
  const issues = issuesOf(save.error);
  const fieldError = (path: string) => issues[path];
  const decimals = currencyDecimals(draft.currency);
  const missing = missingNames(draft);
  const set = <K extends keyof PackDraft>(key: K, value: PackDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={wide ? 'xl' : '100%'}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
      title={
        <Text fw={700} size="lg">
          {pack ? t('editor.editTitle', { id: pack.cpGoodsId }) : t(`editor.newTitle.${kind}`)}
        </Text>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label={t('fields.cpGoodsId')}
            description={t('fields.cpGoodsIdHint')}
            required
            value={draft.cpGoodsId}
            onChange={(e) => set('cpGoodsId', e.currentTarget.value)}
            error={fieldError('cpGoodsId')}
            classNames={{ input: 'hc-mono' }}
          />

          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                {t('fields.namesAndPictures')}
              </Text>
              {missing.length > 0 && (
                <Text size="xs" c="orange.9" fw={600}>
                  {t('editor.missingCount', { count: missing.length })}
                </Text>
              )}
            </Group>
            <Tabs value={tab} onChange={(v) => v && setTab(v as Language)} keepMounted={false}>
              <Tabs.List style={{ flexWrap: 'wrap' }}>
                {LANGUAGES.map((l) => (
                  <Tabs.Tab
                    key={l}
                    value={l}
                    rightSection={
                      missing.includes(l) ? (
                        <Badge
                          size="xs"
                          circle
                          color={l === FALLBACK_LANGUAGE ? 'red' : 'orange'}
                          aria-label={t('editor.missing')}
                        >
                          !
                        </Badge>
                      ) : undefined
                    }
                  >
                    {l}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {LANGUAGES.map((l) => (
                <Tabs.Panel key={l} value={l} pt="sm">
                  <Stack gap="sm">
                    <TextInput
                      label={t('fields.name', { language: l })}
                      description={
                        l === FALLBACK_LANGUAGE ? t('fields.nameFallback') : t('fields.nameOther')
                      }
                      required={l === FALLBACK_LANGUAGE && draft.enabled}
                      value={draft.names[l] ?? ''}
                      placeholder={l === FALLBACK_LANGUAGE ? '' : draft.names[FALLBACK_LANGUAGE]}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setDraft((d) => ({ ...d, names: { ...d.names, [l]: value } }));
                      }}
                      error={fieldError(`names.${l}`)}
                      maxLength={64}
                    />
                    <ImagePicker
                      label={t('fields.picture', { language: l })}
                      description={
                        l === FALLBACK_LANGUAGE
                          ? t('fields.pictureFallback')
                          : t('fields.pictureOther')
                      }
                      value={draft.images[l]}
                      onChange={(url) =>
                        setDraft((d) => {
                          const images = { ...d.images };
                          if (url === undefined) delete images[l];
                          else images[l] = url;
                          return { ...d, images };
                        })
                      }
                      error={fieldError(`images.${l}`)}
                    />
                  </Stack>
                </Tabs.Panel>
              ))}
            </Tabs>
          </Stack>

          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label={t('fields.price')}
              required
              min={0}
              decimalScale={decimals}
              fixedDecimalScale
              value={draft.price / 10 ** decimals}
              onChange={(v) => set('price', Math.round(Number(v || 0) * 10 ** decimals))}
              error={fieldError('price')}
            />
            <Select
              label={t('fields.currency')}
              data={[...CATALOG_CURRENCIES]}
              value={draft.currency}
              onChange={(v) => v && set('currency', v)}
              allowDeselect={false}
              searchable
              error={fieldError('currency')}
            />
            <NumberInput
              label={t('fields.bonus')}
              description={t('fields.bonusHint')}
              min={0}
              max={1000}
              suffix="%"
              allowDecimal={false}
              value={draft.bonus}
              onChange={(v) => set('bonus', Number(v || 0))}
              error={fieldError('bonus')}
            />
            <NumberInput
              label={t('fields.gift')}
              description={t('fields.giftHint')}
              min={0}
              allowDecimal={false}
              thousandSeparator=","
              value={draft.gift}
              onChange={(v) => set('gift', Number(v || 0))}
              error={fieldError('gift')}
            />
            {kind === 'coin' && (
              <NumberInput
                label={t('fields.amount')}
                description={t('fields.amountHint')}
                required
                min={1}
                allowDecimal={false}
                thousandSeparator=","
                value={draft.amount ?? ''}
                onChange={(v) => set('amount', v === '' ? null : Number(v))}
                error={fieldError('amount')}
              />
            )}
            <NumberInput
              label={t('fields.sort')}
              description={t('fields.sortHint')}
              allowDecimal={false}
              value={draft.sort}
              onChange={(v) => set('sort', Number(v || 0))}
              error={fieldError('sort')}
            />
            <DateTimePicker
              label={t('fields.saleBegin')}
              description={t('fields.saleBeginHint')}
              clearable
              valueFormat="YYYY-MM-DD HH:mm"
              value={toPicker(draft.saleBegin)}
              onChange={(v) => set('saleBegin', fromPicker(v))}
              error={fieldError('saleBegin')}
            />
            <DateTimePicker
              label={t('fields.saleEnd')}
              description={t('fields.saleEndHint')}
              clearable
              valueFormat="YYYY-MM-DD HH:mm"
              value={toPicker(draft.saleEnd)}
              onChange={(v) => set('saleEnd', fromPicker(v))}
              error={fieldError('saleEnd')}
            />
          </SimpleGrid>
          {kind === 'game' && draft.items.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('editor.items', { count: draft.items.length })}
            </Text>
          )}
          <Switch
            label={t('fields.enabled')}
            description={t('fields.enabledHint')}
            checked={draft.enabled}
            onChange={(e) => set('enabled', e.currentTarget.checked)}
          />
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {t(errorTranslationKey(save.error))}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('editor.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {pack ? t('editor.save') : t('editor.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
