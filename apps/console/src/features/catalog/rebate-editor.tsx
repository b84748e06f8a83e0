// The rebate campaign editor (docs/console.md#catalog): window, tiers (paid amount → percent of
// HC Point back), the text per player language, enabled. The top-up page shows one campaign, so
// the server refuses a window meeting another enabled campaign (RebateCampaignOverlap).
import {
  CATALOG_CURRENCIES,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  type Language,
  type RebateCampaign,
  type RebateFields,
} from '@hc/contract';
import {
  ActionIcon,
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
  Textarea,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../components/icons';
import { errorTranslationKey } from '../../lib/api-error';
import {
  CATALOG_KEY,
  createRebate,
  currencyDecimals,
  fromPicker,
  issuesOf,
  toPicker,
  updateRebate,
} from './catalog-api';

function draftOf(c: RebateCampaign | undefined): RebateFields {
  if (c === undefined)
    return {
      begin: null,
      end: null,
      tiers: [{ threshold: 1000, currency: 'USD', percent: 5 }],
      texts: {},
      enabled: true,
    };
  return { begin: c.begin, end: c.end, tiers: c.tiers, texts: c.texts, enabled: c.enabled };
}

export function RebateEditor({
  opened,
  onClose,
  gameId,
  campaign,
}: {
  opened: boolean;
  onClose: () => void;
  gameId: number;
  campaign: RebateCampaign | undefined;
}) {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RebateFields>(() => draftOf(campaign));
  const [tab, setTab] = useState<Language>(FALLBACK_LANGUAGE);
  const save = useMutation({
    mutationFn: () =>
      campaign ? updateRebate({ ...draft, id: campaign.id }) : createRebate({ ...draft, gameId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
      onClose();
    },
  });
  const issues = issuesOf(save.error);
  const missing = LANGUAGES.filter((l) => !draft.texts[l]?.trim());
  const setTier = (i: number, patch: Partial<RebateFields['tiers'][number]>) =>
    setDraft((d) => ({ ...d, tiers: d.tiers.map((x, j) => (j === i ? { ...x, ...patch } : x)) }));

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={wide ? 'lg' : '100%'}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
      title={
        <Text fw={700} size="lg">
          {campaign ? t('rebates.editTitle') : t('rebates.newTitle')}
        </Text>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateTimePicker
              label={t('rebates.begin')}
              clearable
              valueFormat="YYYY-MM-DD HH:mm"
              value={toPicker(draft.begin)}
              onChange={(v) => setDraft((d) => ({ ...d, begin: fromPicker(v) }))}
              error={issues.begin}
            />
            <DateTimePicker
              label={t('rebates.end')}
              clearable
              valueFormat="YYYY-MM-DD HH:mm"
              value={toPicker(draft.end)}
              onChange={(v) => setDraft((d) => ({ ...d, end: fromPicker(v) }))}
              error={issues.end}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('rebates.tiers')}
            </Text>
            {draft.tiers.map((tier, i) => {
              const decimals = currencyDecimals(tier.currency);
              return (
                <Group key={i} gap="xs" align="flex-end" wrap="wrap">
                  <NumberInput
                    w={120}
                    label={t('rebates.threshold')}
                    min={0}
                    decimalScale={decimals}
                    value={tier.threshold / 10 ** decimals}
                    onChange={(v) =>
                      setTier(i, { threshold: Math.round(Number(v || 0) * 10 ** decimals) })
                    }
                    error={issues[`tiers.${i}.threshold`]}
                  />
                  <Select
                    w={96}
                    label={t('fields.currency')}
                    data={[...CATALOG_CURRENCIES]}
                    value={tier.currency}
                    onChange={(v) => v && setTier(i, { currency: v })}
                    allowDeselect={false}
                  />
                  <NumberInput
                    w={90}
                    label={t('rebates.percent')}
                    min={1}
                    max={100}
                    suffix="%"
                    allowDecimal={false}
                    value={tier.percent}
                    onChange={(v) => setTier(i, { percent: Number(v || 0) })}
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    disabled={draft.tiers.length === 1}
                    onClick={() =>
                      setDraft((d) => ({ ...d, tiers: d.tiers.filter((_, j) => j !== i) }))
                    }
                  >
                    {t('rebates.removeTier')}
                  </Button>
                </Group>
              );
            })}
            <Group>
              <ActionIcon
                variant="light"
                aria-label={t('rebates.addTier')}
                onClick={() =>
                  setDraft((d) => ({
                    ...d,
                    tiers: [...d.tiers, { threshold: 0, currency: 'USD', percent: 5 }],
                  }))
                }
              >
                <PlusIcon />
              </ActionIcon>
              <Text size="xs" c="dimmed">
                {t('rebates.addTier')}
              </Text>
            </Group>
          </Stack>
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
                <Textarea
                  label={t('rebates.text', { language: l })}
                  autosize
                  minRows={2}
                  maxLength={500}
                  value={draft.texts[l] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setDraft((d) => ({ ...d, texts: { ...d.texts, [l]: value } }));
                  }}
                  error={issues[`texts.${l}`]}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
          <Switch
            label={t('fields.enabled')}
            checked={draft.enabled}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setDraft((d) => ({ ...d, enabled: checked }));
            }}
          />
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {t(errorTranslationKey(save.error))}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('editor.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {campaign ? t('editor.save') : t('editor.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
