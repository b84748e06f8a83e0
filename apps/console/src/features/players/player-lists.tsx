// The player page's tabs (docs/console.md#support-players): orders, the HC Point ledger of one
// game account, gift-code redemptions and the audit trail, each newest first with "Load more".
import { consoleApi, rolesAllow, type PlayerDetail } from '@hc/contract';
import { Anchor, Badge, Button, Code, Select, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, PageLoader } from '../../components/status';
import { TableScroll } from '../../components/table-scroll';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../session/session-api';
import { ledgerQuery, playerListQuery } from './players-api';

const money = (minor: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 100);

function Paged({
  query,
  empty,
  label,
  minWidth,
  head,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  empty: boolean;
  label: string;
  minWidth: number;
  head: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('players');
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (empty) return <Text c="dimmed">{t('list.empty')}</Text>;
  return (
    <Stack gap="sm">
      <TableScroll minWidth={minWidth} label={label}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>{head}</Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </TableScroll>
      {query.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          {t('list.more')}
        </Button>
      )}
    </Stack>
  );
}

export function OrdersList({ id }: { id: number }) {
  const { t } = useTranslation('players');
  const roles = useSession().data?.operator.roles ?? [];
  const canOpenOrders = rolesAllow(roles, consoleApi.consoleOrdersGet.roles);
  const language = currentLanguage();
  const q = useInfiniteQuery(playerListQuery('orders', id));
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Paged
      query={q}
      empty={rows.length === 0}
      label={t('tabs.orders')}
      minWidth={620}
      head={
        <Table.Tr>
          <Table.Th>{t('orders.number')}</Table.Th>
          <Table.Th>{t('orders.item')}</Table.Th>
          <Table.Th>{t('orders.price')}</Table.Th>
          <Table.Th>{t('orders.status')}</Table.Th>
          <Table.Th>{t('orders.created')}</Table.Th>
        </Table.Tr>
      }
    >
      {rows.map((o) => (
        <Table.Tr key={o.cursor}>
          <Table.Td>
            {canOpenOrders ? (
              <Anchor
                component={Link}
                to={`${paths.orders}?${new URLSearchParams({ order: o.sdkOrderId }).toString()}`}
                ff="monospace"
                size="sm"
              >
                {o.sdkOrderId}
              </Anchor>
            ) : (
              <Code>{o.sdkOrderId}</Code>
            )}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{o.itemName}</Text>
            <Text size="xs" c="dimmed">
              {t('orders.channel', { channel: o.channel, game: o.gameName })}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">
              {o.hcPrice !== null && o.channel === 'epoint'
                ? t('orders.hcPrice', { points: o.hcPrice })
                : money(o.price, o.currency, language)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Badge size="sm" variant="light">
              {t(`orderStatus.${o.status}`, { defaultValue: String(o.status) })}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{formatDateTime(o.createdAt, language)}</Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </Paged>
  );
}

export function LedgerList({
  id,
  gameAccounts,
  gameAccountId,
  onPick,
}: {
  id: number;
  gameAccounts: PlayerDetail['gameAccounts'];
  gameAccountId: number | null;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation('players');
  if (gameAccountId === null) return <Text c="dimmed">{t('detail.noGameAccounts')}</Text>;
  return (
    <Stack gap="sm">
      {gameAccounts.length > 1 && (
        <Select
          label={t('ledger.gameAccount')}
          data={gameAccounts.map((g) => ({
            value: String(g.id),
            label: `${g.gameName} · ${g.uid}`,
          }))}
          value={String(gameAccountId)}
          onChange={(v) => v !== null && onPick(Number(v))}
          allowDeselect={false}
          maw={360}
        />
      )}
      <LedgerRows id={id} gameAccountId={gameAccountId} />
    </Stack>
  );
}

function LedgerRows({ id, gameAccountId }: { id: number; gameAccountId: number }) {
  const { t } = useTranslation('players');
  const language = currentLanguage();
  const q = useInfiniteQuery(ledgerQuery(id, gameAccountId));
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Paged
      query={q}
      empty={rows.length === 0}
      label={t('tabs.ledger')}
      minWidth={560}
      head={
        <Table.Tr>
          <Table.Th>{t('ledger.when')}</Table.Th>
          <Table.Th>{t('ledger.what')}</Table.Th>
          <Table.Th ta="right">{t('ledger.change')}</Table.Th>
          <Table.Th ta="right">{t('ledger.balance')}</Table.Th>
        </Table.Tr>
      }
    >
      {rows.map((r) => (
        <Table.Tr key={r.cursor}>
          <Table.Td>
            <Text size="sm">{formatDateTime(r.at, language)}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{t(`ledgerKinds.${r.kind}`, { defaultValue: r.kind })}</Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {r.key}
            </Text>
          </Table.Td>
          <Table.Td ta="right">
            <Text size="sm" c={r.change < 0 ? 'red' : 'teal'} fw={600}>
              {r.change > 0 ? `+${r.change}` : r.change}
            </Text>
          </Table.Td>
          <Table.Td ta="right">
            <Text size="sm">{r.balance}</Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </Paged>
  );
}

export function RedemptionsList({ id }: { id: number }) {
  const { t } = useTranslation('players');
  const language = currentLanguage();
  const q = useInfiniteQuery(playerListQuery('redemptions', id));
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Paged
      query={q}
      empty={rows.length === 0}
      label={t('tabs.redemptions')}
      minWidth={520}
      head={
        <Table.Tr>
          <Table.Th>{t('redemptions.campaign')}</Table.Th>
          <Table.Th>{t('redemptions.role')}</Table.Th>
          <Table.Th>{t('redemptions.status')}</Table.Th>
          <Table.Th>{t('redemptions.when')}</Table.Th>
        </Table.Tr>
      }
    >
      {rows.map((r) => (
        <Table.Tr key={r.cursor}>
          <Table.Td>
            <Text size="sm">{r.campaignName}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">
              {r.roleName} · {r.serverName}
            </Text>
          </Table.Td>
          <Table.Td>
            <Badge size="sm" variant="light">
              {t(`redemptionStatus.${r.status}`, { defaultValue: r.status })}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{formatDateTime(r.at, language)}</Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </Paged>
  );
}

const brief = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

export function AuditList({ id }: { id: number }) {
  const { t } = useTranslation('players');
  const language = currentLanguage();
  const q = useInfiniteQuery(playerListQuery('audit', id));
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Paged
      query={q}
      empty={rows.length === 0}
      label={t('tabs.audit')}
      minWidth={640}
      head={
        <Table.Tr>
          <Table.Th>{t('audit.when')}</Table.Th>
          <Table.Th>{t('audit.who')}</Table.Th>
          <Table.Th>{t('audit.action')}</Table.Th>
          <Table.Th>{t('audit.change')}</Table.Th>
        </Table.Tr>
      }
    >
      {rows.map((r) => (
        <Table.Tr key={r.cursor}>
          <Table.Td>
            <Text size="sm">{formatDateTime(r.at, language)}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{r.actor}</Text>
            <Text size="xs" c="dimmed">
              {r.actorKind}
              {r.ip !== null && ` · ${r.ip}`}
            </Text>
          </Table.Td>
          <Table.Td>
            <Code>{r.action}</Code>
          </Table.Td>
          <Table.Td>
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {brief(r.before)}
              {r.before !== null && r.after !== null && ' → '}
              {brief(r.after)}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </Paged>
  );
}
