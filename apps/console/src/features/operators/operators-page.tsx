// Operators (owner only): everyone who can sign in to the console, their roles and two-factor
// state; invite, change roles, disable or enable, reset two-factor, resend a setup link.
import type { OperatorListItem } from '@hc/contract';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DotsIcon, PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { TableScroll } from '../../components/table-scroll';
import { LoadError, PageLoader } from '../../components/status';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useSession } from '../session/session-api';
import { InviteModal } from './invite-modal';
import { OperatorActionModal, type OperatorAction } from './operator-action-modal';
import { operatorsQuery } from './operators-api';

function StatusBadge({ operator }: { operator: OperatorListItem }) {
  const { t } = useTranslation('operators');
  const [tone, label] = operator.disabled
    ? ['gray', 'status.disabled']
    : !operator.setUp
      ? ['yellow', 'status.pending']
      : ['teal', 'status.active'];
  return (
    <Badge size="sm" color={tone} variant="dot">
      {t(label)}
    </Badge>
  );
}

/** What the owner may do to `operator` (the server refuses the rest anyway). */
function actionsFor(operator: OperatorListItem, self: boolean): OperatorAction[] {
  const actions: OperatorAction[] = [];
  if (!self) actions.push('roles');
  if (!operator.setUp) actions.push('resendSetup');
  if (operator.twoFactorEnabled) actions.push('resetTwoFactor');
  if (!self) actions.push(operator.disabled ? 'enable' : 'disable');
  return actions;
}

function OperatorMenu({
  operator,
  actions,
  onPick,
}: {
  operator: OperatorListItem;
  actions: OperatorAction[];
  onPick: (action: { kind: OperatorAction; operator: OperatorListItem }) => void;
}) {
  const { t } = useTranslation('operators');
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actions.menu', { name: operator.displayName })}
        >
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((kind) => (
          <Menu.Item
            key={kind}
            color={kind === 'disable' ? 'red' : undefined}
            onClick={() => onPick({ kind, operator })}
          >
            {t(`actions.${kind}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function RoleList({ operator }: { operator: OperatorListItem }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {operator.roles.map((role) => (
        <Badge key={role} size="sm" variant="light">
          {t(`roles.${role}`)}
        </Badge>
      ))}
    </Group>
  );
}

function TwoFactorBadge({ operator }: { operator: OperatorListItem }) {
  const { t } = useTranslation('operators');
  return (
    <Badge size="sm" variant="dot" color={operator.twoFactorEnabled ? 'teal' : 'orange'}>
      {t(operator.twoFactorEnabled ? 'twoFactor.on' : 'twoFactor.off')}
    </Badge>
  );
}

export default function OperatorsPage() {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation();
  const me = useSession().data?.operator;
  const list = useQuery(operatorsQuery);
  const [inviting, invite] = useDisclosure(false);
  const [action, setAction] = useState<{ kind: OperatorAction; operator: OperatorListItem } | null>(
    null,
  );
  const language = currentLanguage();

  const rows = (list.data?.list ?? []).map((operator) => {
    const self = operator.id === me?.id;
    const actions = actionsFor(operator, self);
    return (
      <Table.Tr key={operator.id} data-testid={`operator-${operator.name}`}>
        <Table.Td>
          <Text size="sm" fw={600}>
            {operator.displayName}
            {self && (
              <Text span size="xs" c="dimmed" ml={6}>
                {t('you')}
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed" className="hc-mono">
            {operator.name}
          </Text>
        </Table.Td>
        <Table.Td>
          <RoleList operator={operator} />
        </Table.Td>
        <Table.Td>
          <TwoFactorBadge operator={operator} />
        </Table.Td>
        <Table.Td>
          <StatusBadge operator={operator} />
        </Table.Td>
        <Table.Td>
          <Text size="sm">{formatDate(operator.createdAt, language)}</Text>
        </Table.Td>
        <Table.Td>
          <OperatorMenu operator={operator} actions={actions} onPick={setAction} />
        </Table.Td>
      </Table.Tr>
    );
  });

  const cards = (list.data?.list ?? []).map((operator) => {
    const self = operator.id === me?.id;
    return (
      <Paper
        key={operator.id}
        withBorder
        radius="md"
        p="md"
        component="li"
        data-testid={`operator-card-${operator.name}`}
      >
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" fw={600}>
                {operator.displayName}
                {self && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {t('you')}
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed" className="hc-mono">
                {operator.name}
              </Text>
            </div>
            <OperatorMenu
              operator={operator}
              actions={actionsFor(operator, self)}
              onPick={setAction}
            />
          </Group>
          <RoleList operator={operator} />
          <Group gap="xs">
            <TwoFactorBadge operator={operator} />
            <StatusBadge operator={operator} />
            <Text size="xs" c="dimmed">
              {t('addedOn', { date: formatDate(operator.createdAt, language) })}
            </Text>
          </Group>
        </Stack>
      </Paper>
    );
  });

  return (
    <Stack gap="md">
      <PageHeader
        title={tc('sections.operators.title')}
        description={t('description')}
        actions={
          <Button leftSection={<PlusIcon size={16} />} onClick={invite.open}>
            {t('invite.open')}
          </Button>
        }
      />
      {list.isPending && <PageLoader />}
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <Stack
          gap="sm"
          component="ul"
          hiddenFrom="sm"
          m={0}
          p={0}
          className="hc-plain-list"
          aria-label={t('tableCaption')}
        >
          {cards}
        </Stack>
      )}
      {list.data && (
        <Paper withBorder radius="md" visibleFrom="sm">
          <TableScroll minWidth={760} label={t('tableCaption')}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Caption className="hc-visually-hidden">{t('tableCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('columns.operator')}</Table.Th>
                  <Table.Th scope="col">{t('columns.roles')}</Table.Th>
                  <Table.Th scope="col">{t('columns.twoFactor')}</Table.Th>
                  <Table.Th scope="col">{t('columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('columns.created')}</Table.Th>
                  <Table.Th scope="col">
                    <span className="hc-visually-hidden">{t('columns.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{rows}</Table.Tbody>
            </Table>
          </TableScroll>
        </Paper>
      )}
      <InviteModal opened={inviting} onClose={invite.close} />
      {action && (
        <OperatorActionModal
          key={`${action.kind}-${action.operator.id}`}
          action={action.kind}
          operator={action.operator}
          onClose={() => setAction(null)}
        />
      )}
    </Stack>
  );
}
