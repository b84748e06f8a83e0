// The top-up page's pack grid as a player sees it now, in a chosen player language
// (consoleCatalogPreview answers the player calls' own product shape): picture, name, price,
// the +N% tag, the gift, the running rebate; packs players do not see are dimmed and flagged.
import { LANGUAGES, type Language, type PackKind } from '@hc/contract';
import {
  Alert,
  Badge,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../lib/api-error';
import { formatMinor, previewQuery } from './catalog-api';

export function PackPreview({ gameId, kind }: { gameId: number; kind: PackKind }) {
  const { t } = useTranslation('catalog');
  const [language, setLanguage] = useState<Language>('en-US');
  const preview = useQuery(previewQuery(gameId, kind, language));
  const number = (n: number) => new Intl.NumberFormat(language).format(n);
  const rebate = preview.data?.rebate;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="catalog-preview">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="catalog-preview">
            {t('preview.title')}
          </Title>
          <Select
            size="xs"
            w={130}
            label={t('preview.language')}
            data={[...LANGUAGES]}
            value={language}
            onChange={(v) => v && setLanguage(v)}
            allowDeselect={false}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('preview.hint')}
        </Text>
        {preview.isError && (
          <Alert color="red" variant="light">
            {t(errorTranslationKey(preview.error))}
          </Alert>
        )}
        {rebate?.active && (
          <Alert color="yellow" variant="light" title={t('preview.rebate')}>
            <Text size="sm">{rebate.desc}</Text>
            <Text size="xs" c="dimmed">
              {rebate.tiers
                .map((tier) =>
                  t('preview.tier', {
                    threshold: formatMinor(tier.threshold, tier.currency, language),
                    percent: tier.percent,
                  }),
                )
                .join(' · ')}
            </Text>
          </Alert>
        )}
        {preview.data?.all.length === 0 && <Text c="dimmed">{t('preview.empty')}</Text>}
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="catalog-preview-grid">
          {preview.data?.all.map((p) => (
            <Paper
              key={p.cp_goods_id}
              withBorder
              radius="md"
              p="sm"
              pos="relative"
              style={{ opacity: p.hidden ? 0.5 : 1 }}
              data-testid={`preview-${p.cp_goods_id}`}
            >
              <Stack gap={4} align="center">
                {(p.bonus ?? 0) > 0 && (
                  <Badge
                    color="red"
                    size="sm"
                    pos="absolute"
                    top={6}
                    right={6}
                    style={{ zIndex: 1 }}
                  >
                    +{p.bonus}%
                  </Badge>
                )}
                {p.icon ? (
                  <Image src={p.icon} alt="" h={64} w={64} fit="contain" />
                ) : (
                  <div className="hc-image-empty" aria-hidden="true" />
                )}
                <Text size="sm" fw={600} ta="center" lineClamp={2}>
                  {p.name}
                </Text>
                <Text size="sm" c="blue.8" fw={700}>
                  {formatMinor(p.price, p.currency, language)}
                </Text>
                {p.gift !== undefined && p.gift > 0 && (
                  <Text size="xs" c="orange.8">
                    {t('preview.gift', { amount: number(p.gift) })}
                  </Text>
                )}
                {p.rebate && (
                  <Text size="xs" c="orange.8">
                    {t('preview.rebateAmount', { amount: number(p.rebate.amount) })}
                  </Text>
                )}
                {p.hidden && (
                  <Badge size="xs" variant="outline" color="gray">
                    {t(`status.${p.hidden}`)}
                  </Badge>
                )}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
