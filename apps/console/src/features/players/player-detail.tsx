// One player's page (docs/console.md#support-players): profile with masked personal data and a
// Reveal button per field (each reveal is audited), lock / unlock, the reset mail, game accounts
// with their HC Point and the adjustment form, signed-in sessions, and tabs for orders, the HC
// Point ledger, gift-code redemptions and the staff actions about the player.
import type { PlayerDetail as Player, PlayerPersonalField } from '@hc/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ModalFooter } from '../../components/modal-footer';
import { LoadError, PageLoader } from '../../components/status';
import { errorTranslationKey } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { AdjustModal } from './adjust-modal';
import { AuditList, LedgerList, OrdersList, RedemptionsList } from './player-lists';
import { endSessions, playerQuery, PLAYERS_KEY, reveal, sendReset, setLocked } from './players-api';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div style={{ wordBreak: 'break-all' }}>{children}</div>
    </Stack>
  );
}

function Personal({
  player,
  field,
  masked,
}: {
  player: Player;
  field: PlayerPersonalField;
  masked: string | null;
}) {
  const { t } = useTranslation('players');
  const { t: tc } = useTranslation();
  const run = useMutation({ mutationFn: () => reveal(player.id, field) });
  if (masked === null || masked === '') return <Text size="sm">—</Text>;
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text size="sm" ff={run.isSuccess ? undefined : 'monospace'}>
        {run.isSuccess ? run.data.value : masked}
      </Text>
      {player.canReveal && !run.isSuccess && (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => run.mutate()}
          loading={run.isPending}
          aria-label={t('reveal.button', { field: t(`fields.${field}`) })}
        >
          {t('reveal.short')}
        </Button>
      )}
      {run.isError && (
        <Text size="xs" c="red.8" role="alert">
          {tc(errorTranslationKey(run.error))}
        </Text>
      )}
    </Group>
  );
}

function LockModal({
  player,
  opened,
  onClose,
}: {
  player: Player;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('players');
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const locking = !player.locked;
  const run = useMutation({
    mutationFn: () => setLocked(player.id, locking, reason.trim()),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: PLAYERS_KEY });
      close();
    },
  });
  function close() {
    setReason('');
    run.reset();
    onClose();
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() !== '') run.mutate();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={locking ? t('lock.title') : t('lock.unlockTitle')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{locking ? t('lock.help') : t('lock.unlockHelp')}</Text>
          <Textarea
            label={t('lock.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            rows={3}
            required
          />
          <ModalFooter
            run={run}
            onCancel={close}
            submit={locking ? t('lock.submit') : t('lock.unlockSubmit')}
            danger={locking}
            disabled={reason.trim() === ''}
          />
        </Stack>
      </form>
    </Modal>
  );
}

export function PlayerDetail({ id }: { id: number }) {
  const { t } = useTranslation('players');
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  const client = useQueryClient();
  const [, setParams] = useSearchParams();
  const player = useQuery(playerQuery(id));
  const [locking, setLocking] = useState(false);
  const [adjusting, setAdjusting] = useState<number | null>(null);
  const [tab, setTab] = useState<string | null>('orders');
  const [ledgerOf, setLedgerOf] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: PLAYERS_KEY });
  const reset = useMutation({ mutationFn: () => sendReset(id) });
  const end = useMutation({
    mutationFn: (sessionId?: number) => endSessions(id, sessionId),
    onSuccess: refresh,
  });
  const back = () =>
    setParams((p) => {
      p.delete('player');
      return p;
    });

  if (player.isPending) return <PageLoader />;
  if (player.isError)
    return (
      <Stack>
        <Anchor component="button" onClick={back} size="sm">
          {t('detail.back')}
        </Anchor>
        <LoadError error={player.error} onRetry={() => void player.refetch()} />
      </Stack>
    );
  const p = player.data;
  const ledgerAccount = ledgerOf ?? p.gameAccounts[0]?.id ?? null;

  return (
    <Stack gap="md">
      <Anchor component="button" onClick={back} size="sm" style={{ alignSelf: 'flex-start' }}>
        {t('detail.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 22, sm: 28 }} style={{ wordBreak: 'break-all' }}>
            {p.account}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('detail.id', { id: p.id })}
            </Text>
            {p.locked && (
              <Badge color="red" variant="light">
                {t('status.locked')}
              </Badge>
            )}
            {p.erased && (
              <Badge color="gray" variant="light">
                {t('status.erased')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="sm">
          <Button
            variant={p.locked ? 'default' : 'light'}
            color={p.locked ? undefined : 'red'}
            onClick={() => setLocking(true)}
          >
            {p.locked ? t('lock.unlock') : t('lock.lock')}
          </Button>
          <Button variant="default" onClick={() => reset.mutate()} loading={reset.isPending}>
            {t('reset.button')}
          </Button>
        </Group>
      </Group>
      {reset.isSuccess && (
        <Alert color="teal" variant="light" role="status">
          {t('reset.sent', { email: reset.data.email, minutes: reset.data.expiresIn / 60 })}
        </Alert>
      )}
      {reset.isError && (
        <Alert color="red" variant="light" role="alert">
          {tc(errorTranslationKey(reset.error))}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md">
          <Title order={2} fz="lg" mb="sm">
            {t('detail.profile')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label={t('fields.email')}>
              <Personal player={p} field="email" masked={p.email} />
            </Field>
            <Field label={t('fields.phone')}>
              <Personal player={p} field="phone" masked={p.phone} />
            </Field>
            <Field label={t('fields.realName')}>
              <Personal player={p} field="realName" masked={p.realName?.name ?? null} />
            </Field>
            <Field label={t('fields.idNumber')}>
              <Personal player={p} field="idNumber" masked={p.realName?.idNumber ?? null} />
            </Field>
            <Field label={t('fields.createdAt')}>
              <Text size="sm">{formatDateTime(p.createdAt, language)}</Text>
            </Field>
            <Field label={t('fields.language')}>
              <Text size="sm">{p.language ?? '—'}</Text>
            </Field>
            <Field label={t('fields.social')}>
              <Text size="sm">{p.socialProviders.join(', ') || '—'}</Text>
            </Field>
            <Field label={t('fields.lockedAt')}>
              <Text size="sm">
                {p.lockedAt === null ? '—' : formatDateTime(p.lockedAt, language)}
              </Text>
            </Field>
            {p.deletionDueAt !== null && (
              <Field label={t('fields.deletionDueAt')}>
                <Text size="sm">{formatDateTime(p.deletionDueAt, language)}</Text>
              </Field>
            )}
          </SimpleGrid>
        </Card>

        <Card withBorder radius="md" padding="md">
          <Title order={2} fz="lg" mb="sm">
            {t('detail.gameAccounts')}
          </Title>
          {p.gameAccounts.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('detail.noGameAccounts')}
            </Text>
          ) : (
            <Stack gap="sm">
              {p.gameAccounts.map((g) => (
                <Paper key={g.id} withBorder p="sm" radius="sm" data-testid="game-account">
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <Stack gap={2}>
                      <Text fw={600}>{g.gameName}</Text>
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {t('detail.uid', { uid: g.uid })}
                        {g.displayName !== null && ` · ${g.displayName}`}
                      </Text>
                      <Badge size="xs" variant="light" color={g.bound ? 'teal' : 'gray'}>
                        {g.bound ? t('status.bound') : t('status.unbound')}
                      </Badge>
                    </Stack>
                    <Stack gap={2} align="flex-end">
                      <Text fw={700} data-testid="hc-balance">
                        {t('detail.balance', { total: g.basicNum + g.presentNum })}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('detail.buckets', { basic: g.basicNum, present: g.presentNum })}
                      </Text>
                    </Stack>
                  </Group>
                  <Group gap="xs" mt="xs">
                    <Button size="compact-sm" onClick={() => setAdjusting(g.id)}>
                      {t('adjust.button')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => {
                        setLedgerOf(g.id);
                        setTab('ledger');
                      }}
                    >
                      {t('detail.showLedger')}
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} fz="lg">
            {t('sessions.title')}
          </Title>
          {p.sessions.length > 0 && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => end.mutate(undefined)}
              loading={end.isPending}
            >
              {t('sessions.endAll')}
            </Button>
          )}
        </Group>
        {end.isError && (
          <Alert color="red" variant="light" role="alert" mb="sm">
            {tc(errorTranslationKey(end.error))}
          </Alert>
        )}
        {p.sessions.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('sessions.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            {p.sessions.map((s) => (
              <Group key={s.id} justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <Text size="sm" lineClamp={1}>
                    {s.userAgent ?? t('sessions.unknownDevice')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('sessions.meta', {
                      ip: s.ip ?? '—',
                      seen: formatDateTime(s.lastSeenAt, language),
                    })}
                  </Text>
                </Stack>
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => end.mutate(s.id)}
                  aria-label={t('sessions.endOne', { id: s.id })}
                >
                  {t('sessions.end')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Card>

      <Card withBorder radius="md" padding="md">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="orders">{t('tabs.orders')}</Tabs.Tab>
            <Tabs.Tab value="ledger">{t('tabs.ledger')}</Tabs.Tab>
            <Tabs.Tab value="redemptions">{t('tabs.redemptions')}</Tabs.Tab>
            <Tabs.Tab value="audit">{t('tabs.audit')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="orders">
            <OrdersList id={p.id} />
          </Tabs.Panel>
          <Tabs.Panel value="ledger">
            <LedgerList
              id={p.id}
              gameAccounts={p.gameAccounts}
              gameAccountId={ledgerAccount}
              onPick={setLedgerOf}
            />
          </Tabs.Panel>
          <Tabs.Panel value="redemptions">
            <RedemptionsList id={p.id} />
          </Tabs.Panel>
          <Tabs.Panel value="audit">
            <AuditList id={p.id} />
          </Tabs.Panel>
        </Tabs>
      </Card>

      <LockModal player={p} opened={locking} onClose={() => setLocking(false)} />
      <AdjustModal player={p} gameAccountId={adjusting} onClose={() => setAdjusting(null)} />
    </Stack>
  );
}
