// The top-up screen (docs/product/top-up.md#top-up-screen, Game selection): game and OS, server and role, "recharge to
// game" or "recharge to HC coins", item cards, payment method, total, HC Point balance, notes,
// customer support, and "confirm order" with the payment dialog.
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import type { PayChannel, Platform } from '@hc/contract';
import { Alert, Anchor, Button, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../../lib/api-error';
import {
  appStore,
  useCustomerServiceUrl,
  useIsMobile,
  useSiteConfig,
  useUserInfo,
} from '../../../lib/app-store';
import { fetchCoinPacks, fetchGamePacks, fetchPayChannels } from '../api/topup-api';
import { ChoiceGroup } from './choice-group';
import { EpointBalance } from './epoint-balance';
import { formatMoney } from '../utils/format';
import { GamePicker } from './game-picker';
import { PayMethods } from './pay-methods';
import { PaymentDialog } from './payment-dialog';
import { ProductList } from './product-list';
import { ServerRolePicker } from './server-role-picker';
import { useConfirmOrder } from '../hooks/use-confirm-order';
import { useServerRoles } from '../hooks/use-server-roles';
import classes from './topup.module.css';

type Target = 'game' | 'coin';

/** A card of the form; `title` only where the groups inside have no legend of their own. */
function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Paper className={classes.section} radius="lg" withBorder>
      {title ? (
        <Title order={2} className={classes.sectionTitle}>
          {title}
        </Title>
      ) : null}
      {children}
    </Paper>
  );
}

export function TopupPage() {
  const { t, i18n } = useTranslation('topup');
  const config = useSiteConfig();
  const user = useUserInfo();
  const isMobile = useIsMobile();
  const supportUrl = useCustomerServiceUrl();
  const games = config?.games ?? [];
  const gameId = user.gameId ?? config?.game_id ?? null;
  const game = games.find((g) => g.game_id === gameId);

  const [platform, setPlatform] = useState<Platform | null>(game?.platforms[0] ?? null);
  const [serverId, setServerId] = useState<number | null>(null);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [target, setTarget] = useState<Target>('game');
  const [cpGoodsId, setCpGoodsId] = useState<string | null>(null);
  const [channelCode, setChannelCode] = useState<string | null>(null);
  const order = useConfirmOrder();

  const serverRoles = useServerRoles(gameId, user.gameAccountId);
  const servers = serverRoles.data;
  const server = servers?.find((s) => s.server_id === serverId) ?? null;
  const role = server?.roles.find((r) => r.role_id === roleId) ?? null;
  const roleTarget = server && role ? { role_id: role.role_id, server_id: server.server_id } : null;

  const gamePacks = useQuery({
    queryKey: ['topup', 'gamePacks', gameId, roleTarget?.server_id, roleTarget?.role_id],
    queryFn: ({ signal }) => fetchGamePacks(roleTarget!, signal),
    enabled: target === 'game' && roleTarget !== null,
  });
  const coinPacks = useQuery({
    queryKey: ['topup', 'coinPacks', gameId],
    queryFn: ({ signal }) => fetchCoinPacks(signal),
    enabled: target === 'coin',
  });
  const packs = target === 'game' ? gamePacks : coinPacks;
  const products = target === 'game' && !roleTarget ? undefined : packs.data;
  const product = products?.find((p) => p.cp_goods_id === cpGoodsId) ?? null;

  const channels = useQuery({
    queryKey: ['topup', 'payChannels', roleTarget?.server_id, roleTarget?.role_id, cpGoodsId],
    queryFn: ({ signal }) =>
      fetchPayChannels({ ...roleTarget!, cp_goods_id: product!.cp_goods_id }, signal),
    enabled: roleTarget !== null && product !== null,
  });
  const channelList = roleTarget && product ? channels.data : undefined;
  // The first method is preselected until the player picks one.
  const channel: PayChannel | null =
    channelList?.find((c) => c.channel_code === channelCode) ?? channelList?.[0] ?? null;

  const loadError = [serverRoles.error, packs.error, channels.error].find(Boolean);

  const chooseGame = (id: number) => {
    // The game of every call (`gameid` header, see requestHeaders).
    appStore.setUserInfo({ gameId: id });
    setPlatform(games.find((g) => g.game_id === id)?.platforms[0] ?? null);
    setServerId(null);
    setRoleId(null);
    setCpGoodsId(null);
    order.clearError();
  };
  const chooseServer = (id: number) => {
    setServerId(id);
    const roles = servers?.find((s) => s.server_id === id)?.roles ?? [];
    setRoleId(roles.length === 1 ? roles[0]!.role_id : null);
    if (target === 'game') setCpGoodsId(null);
    order.clearError();
  };
  const chooseRole = (id: string) => {
    setRoleId(id);
    if (target === 'game') setCpGoodsId(null);
    order.clearError();
  };
  const chooseTarget = (value: Target) => {
    setTarget(value);
    setCpGoodsId(null);
    order.clearError();
  };

  const onConfirm = () =>
    void order.confirm({
      serverId: server?.server_id ?? null,
      serverName: server?.server_name ?? null,
      roleId: role?.role_id ?? null,
      roleName: role?.role_name ?? null,
      cpGoodsId: product?.cp_goods_id ?? null,
      channel,
      orderType: target,
    });

  const total = product ? formatMoney(product.price, product.currency, i18n.language) : '—';

  return (
    <div className={classes.page} data-mobile={isMobile || undefined}>
      <Title order={1} className={classes.heading}>
        {t('common:routes.recharge')}
      </Title>

      <Section>
        <GamePicker
          games={games}
          gameId={gameId}
          platform={platform}
          onGameChange={chooseGame}
          onPlatformChange={setPlatform}
        />
      </Section>

      <Section>
        <ServerRolePicker
          servers={servers}
          loading={serverRoles.isPending}
          serverId={serverId}
          roleId={roleId}
          onServerChange={chooseServer}
          onRoleChange={chooseRole}
        />
      </Section>

      <Section>
        <ChoiceGroup
          legend={t('labels.target')}
          name="topup-target"
          testId="topup-target"
          layout="segmented"
          value={target}
          onChange={chooseTarget}
          choices={[
            { value: 'game', label: t('target.game') },
            { value: 'coin', label: t('target.coin') },
          ]}
        />
        {target === 'game' && !roleTarget ? (
          <Text c="dimmed" size="sm">
            {t('product.needRole')}
          </Text>
        ) : (
          <ProductList
            legend={t('labels.amount')}
            products={products}
            loading={packs.isPending}
            value={cpGoodsId}
            onChange={(id) => {
              setCpGoodsId(id);
              order.clearError();
            }}
          />
        )}
      </Section>

      <Section>
        <PayMethods
          channels={channelList}
          loading={roleTarget !== null && product !== null && channels.isPending}
          value={channel?.channel_code ?? null}
          onChange={(code) => {
            setChannelCode(code);
            order.clearError();
          }}
        />
        {channel?.kind === 'epoint' ? <EpointBalance gameAccountId={user.gameAccountId} /> : null}
      </Section>

      {loadError ? (
        <Alert color="red" variant="light" role="alert">
          {t(errorTranslationKey(loadError))}
        </Alert>
      ) : null}

      <Paper className={classes.summary} radius="lg" withBorder>
        <div className={classes.summaryRow}>
          <Text className={classes.summaryLabel}>{t('labels.total')}</Text>
          <Text className={classes.total} data-testid="topup-total">
            {total}
          </Text>
        </div>
        {order.errorKey ? (
          <Alert color="red" variant="light" role="alert" data-testid="topup-error">
            {t(order.errorKey)}
          </Alert>
        ) : null}
        <Button
          size="lg"
          fullWidth={isMobile}
          loading={order.pending}
          onClick={onConfirm}
          data-testid="topup-confirm"
          data-track-button="pay"
        >
          {t('confirm')}
        </Button>
      </Paper>

      <Section title={t('labels.notes')}>
        <ul className={classes.notes}>
          <li>{t('notes.delivery')}</li>
          <li>{t('notes.check')}</li>
          <li>{t('notes.support')}</li>
        </ul>
        {supportUrl ? (
          <Text size="sm">
            {t('labels.customerSupport')}:{' '}
            <Anchor
              href={supportUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="topup-support"
            >
              {t('supportLink')}
            </Anchor>
          </Text>
        ) : null}
      </Section>

      <PaymentDialog
        opened={order.payment !== null}
        fallbackUrl={order.payment?.fallbackUrl ?? null}
        onBack={order.closePayment}
        onDone={order.finishPayment}
      />
    </div>
  );
}
