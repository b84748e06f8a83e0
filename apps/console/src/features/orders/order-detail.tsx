// One order's page (docs/console.md#support-and-finance-orders): its fields, the timeline, the
// provider references, the webhook events received for it, its delivery attempts (jobs) and the
// staff actions about it; Re-deliver and Refund, each with a reason (both audited).
import type { ConsoleOrderDetail } from '@hc/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ModalFooter } from '../../components/modal-footer';
import { LoadError, PageLoader } from '../../components/status';
import { TableScroll } from '../../components/table-scroll';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { orderQuery, ORDERS_KEY, redeliverOrder, refundOrder } from './orders-api';
import { orderAmount, StatusBadge } from './orders-page';

type Action = 'redeliver' | 'refund';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div style={{ wordBreak: 'break-all', fontSize: 'var(--mantine-font-size-sm)' }}>
        {children}
      </div>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v, null, 2));

function ReasonModal({
  sdkOrderId,
  action,
  onClose,
  onDone,
}: {
  sdkOrderId: string;
  action: Action | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('orders');
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const run = useMutation({
    mutationFn: async (): Promise<string> => {
      if (action === 'redeliver') {
        await redeliverOrder(sdkOrderId, reason.trim());
        return t('redeliver.done');
      }
      const r = await refundOrder(sdkOrderId, reason.trim());
      return r.outcome === 'already_refunded' ? t('refund.already') : t('refund.done');
    },
    onSuccess: async (message) => {
      await client.invalidateQueries({ queryKey: ORDERS_KEY });
      onDone(message);
      close();
    },
  });
  function close() {
    setReason('');
    run.reset();
    onClose();
  }
  const valid = reason.trim().length >= 3;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) run.mutate();
  };
  const key = action ?? 'refund';
  return (
    <Modal opened={action !== null} onClose={close} title={t(`${key}.title`)} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(`${key}.help`)}</Text>
          <Textarea
            label={t('reason')}
            description={t('reasonHelp')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            rows={3}
            required
            data-autofocus
          />
          <ModalFooter
            run={run}
            onCancel={close}
            submit={t(`${key}.submit`)}
            danger={action === 'refund'}
            disabled={!valid}
          />
        </Stack>
      </form>
    </Modal>
  );
}

function Jobs({ d }: { d: ConsoleOrderDetail }) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  if (d.jobs.length === 0) return <Text c="dimmed">{t('jobs.none')}</Text>;
  return (
    <Stack gap="sm">
      {d.jobs.map((j) => (
        <Card key={j.id} withBorder radius="sm" padding="sm" data-testid="order-job">
          <Group justify="space-between" gap="xs">
            <Text fw={600} size="sm">
              {t(`jobs.kinds.${j.kind}`, { defaultValue: j.kind })}
            </Text>
            <Badge
              size="sm"
              variant="light"
              color={j.state === 'done' ? 'green' : j.state === 'dead' ? 'red' : 'gray'}
            >
              {t(`jobs.states.${j.state}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('jobs.meta', {
              count: j.attempts,
              runAt: formatDateTime(j.runAt, language),
              updated: formatDateTime(j.updatedAt, language),
            })}
          </Text>
          {j.lastError !== null && (
            <Text size="xs" c="red.8" style={{ wordBreak: 'break-word' }}>
              {t('jobs.lastError', { error: j.lastError })}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

function Events({ d }: { d: ConsoleOrderDetail }) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  if (d.webhookEvents.length === 0) return <Text c="dimmed">{t('events.none')}</Text>;
  return (
    <Stack gap="sm">
      {d.webhookEvents.map((e) => (
        <details key={e.id}>
          <summary style={{ cursor: 'pointer' }}>
            <Text span size="sm" fw={600}>
              {e.type}
            </Text>{' '}
            <Badge size="xs" variant="light">
              {t(`events.outcomes.${e.outcome}`, { defaultValue: e.outcome })}
            </Badge>{' '}
            <Text span size="xs" c="dimmed">
              {e.provider} · {formatDateTime(e.receivedAt, language)}
            </Text>
          </summary>
          <Text size="xs" c="dimmed" mt={4} style={{ wordBreak: 'break-all' }}>
            {t('events.id', { id: e.eventId })}
          </Text>
          <Code block mt={4} style={{ maxHeight: 240, overflow: 'auto' }}>
            {json(e.payload)}
          </Code>
        </details>
      ))}
    </Stack>
  );
}

function Audit({ d }: { d: ConsoleOrderDetail }) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  if (d.audit.length === 0) return <Text c="dimmed">{t('audit.none')}</Text>;
  return (
    <TableScroll minWidth={340} label={t('audit.title')}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit.action')}</Table.Th>
            <Table.Th>{t('audit.who')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('audit.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.audit.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Text size="sm">{t(`audit.actions.${a.action}`, { defaultValue: a.action })}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(a.at, language)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {a.actor}
                </Text>
                <Text size="xs" c="dimmed">
                  {a.ip ?? ''}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {json(a.after)}
                </Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

export function OrderDetail({ sdkOrderId }: { sdkOrderId: string }) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  const [, setParams] = useSearchParams();
  const query = useQuery(orderQuery(sdkOrderId));
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const back = () =>
    setParams((p) => {
      p.delete('order');
      return p;
    });
  const backButton = (
    <Button variant="subtle" onClick={back} px={0} mb="sm">
      {t('detail.back')}
    </Button>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <>
        {backButton}
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  const d = query.data;
  const o = d.order;
  const hc = (points: number) => t('list.hcPrice', { points });
  const time = (s: number | null) => (s === null ? '—' : formatDateTime(s, language));
  return (
    <Stack gap="md">
      <div>
        {backButton}
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 20, sm: 26 }} style={{ wordBreak: 'break-all' }}>
              {t('detail.title', { order: o.sdkOrderId })}
            </Title>
            <Group gap="xs">
              <StatusBadge status={o.status} />
              <Text size="sm" c="dimmed">
                {o.itemName} · {orderAmount(o, language, hc)}
              </Text>
            </Group>
          </Stack>
          <Group gap="sm">
            {d.actions.redeliver && (
              <Button variant="light" onClick={() => setAction('redeliver')}>
                {t('redeliver.button')}
              </Button>
            )}
            {d.actions.refund && (
              <Button variant="light" color="red" onClick={() => setAction('refund')}>
                {t('refund.button')}
              </Button>
            )}
          </Group>
        </Group>
      </div>
      {notice !== null && (
        <Alert
          color="green"
          variant="light"
          withCloseButton
          onClose={() => setNotice(null)}
          role="status"
        >
          {notice}
        </Alert>
      )}
      <Section title={t('detail.summary')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Field label={t('detail.player')}>
            {o.account} (#{o.accountId})
          </Field>
          <Field label={t('detail.game')}>
            {t('detail.gameValue', { game: o.gameName, uid: o.uid })}
          </Field>
          <Field label={t('detail.server')}>
            {o.serverName} (#{o.serverId}) · {o.roleName}
          </Field>
          <Field label={t('detail.item')}>
            {o.itemName} ({o.cpGoodsId}, {t(`kinds.${o.kind}`)})
          </Field>
          <Field label={t('detail.amount')}>{orderAmount(o, language, hc)}</Field>
          <Field label={t('detail.channel')}>
            {t(`channels.${o.provider}`, { defaultValue: o.provider })} ({o.channel})
          </Field>
          <Field label={t('detail.created')}>{time(o.createdAt)}</Field>
          <Field label={t('detail.paid')}>{time(o.paidAt)}</Field>
          <Field label={t('detail.completed')}>{time(o.completedAt)}</Field>
        </SimpleGrid>
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('timeline.title')}>
          <Timeline active={d.timeline.length - 1} bulletSize={14} lineWidth={2}>
            {d.timeline.map((e, i) => (
              <Timeline.Item
                key={i}
                title={t(`status.${e.status}`, { defaultValue: String(e.status) })}
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.at, language)}
                  {e.note !== null
                    ? ` · ${t(`timeline.notes.${e.note}`, { defaultValue: e.note })}`
                    : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Section>
        <Section title={t('references.title')}>
          <Stack gap="sm">
            <Field label={t('references.checkout')}>
              <Text size="sm" ff="monospace">
                {d.references.checkoutId ?? '—'}
              </Text>
            </Field>
            <Field label={t('references.payment')}>
              <Text size="sm" ff="monospace">
                {d.references.paymentId ?? '—'}
              </Text>
            </Field>
            <Field label={t('references.refunds')}>
              <Text size="sm" ff="monospace">
                {d.references.refundIds.length === 0 ? '—' : d.references.refundIds.join(', ')}
              </Text>
            </Field>
          </Stack>
        </Section>
      </SimpleGrid>
      <Section title={t('jobs.title')}>
        <Jobs d={d} />
      </Section>
      <Section title={t('events.title')}>
        <Events d={d} />
      </Section>
      <Section title={t('audit.title')}>
        <Audit d={d} />
      </Section>
      <ReasonModal
        sdkOrderId={o.sdkOrderId}
        action={action}
        onClose={() => setAction(null)}
        onDone={setNotice}
      />
    </Stack>
  );
}
