// The Catalog section (docs/console.md#catalog): game packs, HC Point packs and rebate campaigns
// of a game. Packs are listed as players see them ordered (price, then order), with picture,
// price, bonus, gift and status; the editor opens in a drawer; the preview shows the pack grid of
// the top-up page in a chosen player language.
import type { Pack, PackKind, RebateCampaign } from '@hc/contract';
import {
  Badge,
  Button,
  Grid,
  Group,
  Image,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import '../../components/image-picker.css';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { LoadError, PageLoader } from '../../components/status';
import { TableScroll } from '../../components/table-scroll';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { formatMinor, packsQuery, rebatesQuery } from './catalog-api';
import { PackEditor } from './pack-editor';
import { PackPreview } from './pack-preview';
import { RebateEditor } from './rebate-editor';
import { StatusBadge } from './status-badge';

type Tab = PackKind | 'rebates';

function Thumb({ src }: { src: string | undefined }) {
  return src ? (
    <Image src={src} alt="" w={40} h={40} fit="contain" radius="sm" bg="gray.1" />
  ) : (
    <div className="hc-image-empty hc-image-empty-sm" aria-hidden="true" />
  );
}

function PacksTab({
  kind,
  gameId,
  onGames,
}: {
  kind: PackKind;
  gameId: number | undefined;
  onGames: (games: Array<{ id: number; name: string }>, picked: number | null) => void;
}) {
  const { t } = useTranslation('catalog');
  const language = currentLanguage();
  const list = useQuery(packsQuery(gameId, kind));
  const [editing, setEditing] = useState<{ pack: Pack | undefined } | null>(null);
  const picked = list.data?.gameId ?? null;
  const games = list.data?.games;
  useEffect(() => {
    if (games) onGames(games, picked);
  }, [games, picked, onGames]);
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (picked === null) return <Text c="dimmed">{t('noGames')}</Text>;
  const packs = list.data.list;
  const window = (p: Pack) =>
    p.saleBegin === null && p.saleEnd === null
      ? t('table.always')
      : `${p.saleBegin === null ? '…' : formatDateTime(p.saleBegin, language)} – ${p.saleEnd === null ? '…' : formatDateTime(p.saleEnd, language)}`;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, xl: 7 }} miw={0}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('table.count', { count: packs.length })}
            </Text>
            <Button leftSection={<PlusIcon />} onClick={() => setEditing({ pack: undefined })}>
              {t(`add.${kind}`)}
            </Button>
          </Group>
          {packs.length === 0 ? (
            <Paper withBorder p="lg" radius="md">
              <Text c="dimmed">{t('table.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder radius="md">
              <TableScroll minWidth={640} label={t(`tabs.${kind}`)}>
                <Table verticalSpacing="xs" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('table.pack')}</Table.Th>
                      <Table.Th>{t('table.price')}</Table.Th>
                      <Table.Th>{t('table.extras')}</Table.Th>
                      <Table.Th>{t('table.status')}</Table.Th>
                      <Table.Th pos="relative">
                        <span className="hc-visually-hidden">{t('table.actions')}</span>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {packs.map((p) => (
                      <Table.Tr key={p.id} data-testid={`pack-${p.cpGoodsId}`}>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <Thumb src={p.images['en-US']} />
                            <div>
                              <Text size="sm" fw={600}>
                                {p.names['en-US'] ?? p.cpGoodsId}
                              </Text>
                              <Group gap={4}>
                                <Text size="xs" c="dimmed" className="hc-mono">
                                  {p.cpGoodsId}
                                </Text>
                                {p.missingNames.length > 0 && (
                                  <Badge size="xs" color="orange" variant="light">
                                    {t('table.missing', { count: p.missingNames.length })}
                                  </Badge>
                                )}
                              </Group>
                            </div>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {formatMinor(p.price, p.currency, language)}
                          </Text>
                          {p.amount !== null && (
                            <Text size="xs" c="dimmed">
                              {t('table.amount', { amount: p.amount })}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {p.bonus > 0 && (
                              <Badge size="sm" color="red" variant="light">
                                +{p.bonus}%
                              </Badge>
                            )}
                            {p.gift > 0 && (
                              <Badge size="sm" color="orange" variant="light">
                                {t('table.gift', { amount: p.gift })}
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <StatusBadge status={p.status} />
                          <Text size="xs" c="dimmed">
                            {window(p)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setEditing({ pack: p })}
                            aria-label={t('table.editPack', { id: p.cpGoodsId })}
                          >
                            {t('table.edit')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            </Paper>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 5 }} miw={0}>
        <PackPreview gameId={picked} kind={kind} />
      </Grid.Col>
      {editing && (
        <PackEditor
          key={editing.pack?.id ?? 'new'}
          opened
          onClose={() => setEditing(null)}
          gameId={picked}
          kind={kind}
          pack={editing.pack}
        />
      )}
    </Grid>
  );
}

function RebatesTab({ gameId }: { gameId: number | undefined }) {
  const { t } = useTranslation('catalog');
  const language = currentLanguage();
  const list = useQuery(rebatesQuery(gameId));
  const [editing, setEditing] = useState<{ campaign: RebateCampaign | undefined } | null>(null);
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  const picked = list.data.gameId;
  if (picked === null) return <Text c="dimmed">{t('noGames')}</Text>;
  const at = (s: number | null) => (s === null ? '…' : formatDateTime(s, language));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('rebates.hint')}
        </Text>
        <Button leftSection={<PlusIcon />} onClick={() => setEditing({ campaign: undefined })}>
          {t('rebates.add')}
        </Button>
      </Group>
      {list.data.list.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">{t('rebates.empty')}</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <TableScroll minWidth={620} label={t('tabs.rebates')}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('rebates.window')}</Table.Th>
                  <Table.Th>{t('rebates.tiers')}</Table.Th>
                  <Table.Th>{t('rebates.textColumn')}</Table.Th>
                  <Table.Th>{t('table.status')}</Table.Th>
                  <Table.Th pos="relative">
                    <span className="hc-visually-hidden">{t('table.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.list.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Text size="sm">
                        {at(c.begin)} – {at(c.end)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {c.tiers
                          .map(
                            (tier) =>
                              `${formatMinor(tier.threshold, tier.currency, language)} → ${tier.percent}%`,
                          )
                          .join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {c.texts['en-US'] ?? ''}
                      </Text>
                      {c.missingTexts.length > 0 && (
                        <Badge size="xs" color="orange" variant="light">
                          {t('table.missing', { count: c.missingTexts.length })}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={c.status} />
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => setEditing({ campaign: c })}>
                        {t('table.edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Paper>
      )}
      {editing && (
        <RebateEditor
          key={editing.campaign?.id ?? 'new'}
          opened
          onClose={() => setEditing(null)}
          gameId={picked}
          campaign={editing.campaign}
        />
      )}
    </Stack>
  );
}

export default function CatalogPage() {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation();
  const [tab, setTab] = useState<Tab>('coin');
  const [gameId, setGameId] = useState<number | undefined>(undefined);
  const [games, setGames] = useState<Array<{ id: number; name: string }>>([]);
  const onGames = useCallback(
    (list: Array<{ id: number; name: string }>, picked: number | null) => {
      setGames((old) =>
        old.length === list.length && old.every((g, i) => g.id === list[i]?.id) ? old : list,
      );
      setGameId((current) => current ?? picked ?? undefined);
    },
    [],
  );
  return (
    <Stack gap="md">
      <PageHeader
        title={tc('sections.catalog.title')}
        description={t('description')}
        actions={
          games.length > 1 ? (
            <Select
              label={t('game')}
              data={games.map((g) => ({ value: String(g.id), label: g.name }))}
              value={gameId === undefined ? null : String(gameId)}
              onChange={(v) => v && setGameId(Number(v))}
              allowDeselect={false}
              w={200}
            />
          ) : undefined
        }
      />
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="game">{t('tabs.game')}</Tabs.Tab>
          <Tabs.Tab value="coin">{t('tabs.coin')}</Tabs.Tab>
          <Tabs.Tab value="rebates">{t('tabs.rebates')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="game">
          <PacksTab kind="game" gameId={gameId} onGames={onGames} />
        </Tabs.Panel>
        <Tabs.Panel value="coin">
          <PacksTab kind="coin" gameId={gameId} onGames={onGames} />
        </Tabs.Panel>
        <Tabs.Panel value="rebates">
          <RebatesTab gameId={gameId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
