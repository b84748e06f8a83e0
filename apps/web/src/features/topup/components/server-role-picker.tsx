// Server and role choice (docs/product/top-up.md#servers-and-roles, docs/product/top-up.md#before-paying): servers under maintenance are shown but
// cannot be chosen, with the operator's message when there is one (docs/console.md#games-and-servers);
// a server without roles says so.
import type { ServerRoles } from '@hc/contract';
import { ServerState } from '@hc/contract';
import { Alert, Badge, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from './choice-group';
import classes from './topup.module.css';

interface ServerRolePickerProps {
  servers: readonly ServerRoles[] | undefined;
  loading: boolean;
  serverId: number | null;
  roleId: string | null;
  onServerChange: (serverId: number) => void;
  onRoleChange: (roleId: string) => void;
}

export function ServerRolePicker({
  servers,
  loading,
  serverId,
  roleId,
  onServerChange,
  onRoleChange,
}: ServerRolePickerProps) {
  const { t } = useTranslation('topup');
  if (!servers) {
    // The shape of a loaded list of three servers (legend, rows, hint), so the sections below do
    // not move when it arrives (no layout shift, docs/frontend-budgets.md).
    return loading ? (
      <div className={classes.stack} aria-busy="true" aria-label={t('common:a11y.loading')}>
        <div>
          <Skeleton height={24} width={72} mb={9} radius="sm" />
          <div className={classes.listSkeletons}>
            <Skeleton height={43} radius="md" />
            <Skeleton height={43} radius="md" />
            <Skeleton height={43} radius="md" />
          </div>
        </div>
        <Skeleton height={20} width="55%" radius="sm" />
      </div>
    ) : null;
  }
  const server = servers.find((s) => s.server_id === serverId);
  return (
    <div className={classes.stack}>
      {servers.length === 0 ? (
        <Text c="dimmed">{t('server.empty')}</Text>
      ) : (
        <ChoiceGroup
          legend={t('labels.server')}
          name="topup-server"
          testId="topup-server"
          layout="list"
          value={serverId === null ? null : String(serverId)}
          onChange={(value) => onServerChange(Number(value))}
          choices={servers.map((s) => {
            const maintenance = s.state === ServerState.maintenance;
            return {
              value: String(s.server_id),
              disabled: maintenance,
              testId: `topup-server-${s.server_id}`,
              label: (
                <>
                  <span className={classes.grow}>
                    {s.server_name}
                    {maintenance && s.maintenance_message ? (
                      <Text
                        component="span"
                        size="sm"
                        c="dimmed"
                        className={classes.maintenanceNote}
                        data-testid={`topup-server-${s.server_id}-maintenance`}
                      >
                        {s.maintenance_message}
                      </Text>
                    ) : null}
                  </span>
                  {maintenance ? (
                    <Badge color="orange" variant="light" radius="sm" className={classes.badge}>
                      {t('server.maintenance')}
                    </Badge>
                  ) : null}
                </>
              ),
            };
          })}
        />
      )}
      {server && server.roles.length === 0 ? (
        // docs/product/top-up.md#before-paying: the server has no role information.
        <Alert color="yellow" variant="light" role="status" data-testid="topup-no-roles">
          {t('common:validation.noRoleOnServer')}
        </Alert>
      ) : null}
      {server && server.roles.length > 0 ? (
        <ChoiceGroup
          legend={t('labels.role')}
          name="topup-role"
          testId="topup-role"
          value={roleId}
          onChange={onRoleChange}
          choices={server.roles.map((r) => ({
            value: r.role_id,
            testId: `topup-role-${r.role_id}`,
            label: (
              <>
                <span>{r.role_name}</span>
                {r.level !== undefined ? (
                  <Text span size="sm" c="dimmed">
                    {t('role.level', { level: r.level })}
                  </Text>
                ) : null}
              </>
            ),
          }))}
        />
      ) : null}
      {servers.length > 0 && !server ? (
        <Text size="sm" c="dimmed">
          {t('server.chooseFirst')}
        </Text>
      ) : null}
    </div>
  );
}
