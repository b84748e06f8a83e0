// The actions on one operator, each in a dialog: change roles, disable or enable, reset
// two-factor authentication, a new setup link.
import type { OperatorListItem, OperatorRole } from '@hc/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../lib/api-error';
import { OPERATORS_KEY, resendSetup, resetTwoFactor, updateOperator } from './operators-api';
import { RoleCheckboxes } from './role-checkboxes';
import { SetupLink } from './setup-link';

export type OperatorAction = 'roles' | 'disable' | 'enable' | 'resetTwoFactor' | 'resendSetup';

export function OperatorActionModal({
  action,
  operator,
  onClose,
}: {
  action: OperatorAction;
  operator: OperatorListItem;
  onClose: () => void;
}) {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [roles, setRoles] = useState<OperatorRole[]>(operator.roles);
  const run = useMutation({
    mutationFn: async () => {
      switch (action) {
        case 'roles':
          return updateOperator({ id: operator.id, roles });
        case 'disable':
          return updateOperator({ id: operator.id, disabled: true });
        case 'enable':
          return updateOperator({ id: operator.id, disabled: false });
        case 'resetTwoFactor':
          return resetTwoFactor(operator.id);
        case 'resendSetup':
          return resendSetup(operator.id);
      }
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: OPERATORS_KEY });
      if (action !== 'resendSetup') onClose();
    },
  });
  const who = { name: operator.displayName };
  const link = run.data && 'setupUrl' in run.data ? run.data : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`actions.${action}Title`, who)}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
    >
      <Stack gap="md">
        {run.isError && (
          <Alert color="red" variant="light" role="alert">
            {tc(errorTranslationKey(run.error))}
          </Alert>
        )}
        {link ? (
          <SetupLink url={link.setupUrl} expiresAt={link.expiresAt} />
        ) : action === 'roles' ? (
          <RoleCheckboxes
            value={roles}
            onChange={setRoles}
            error={roles.length === 0 ? t('form.rolesRequired') : null}
          />
        ) : (
          <Text size="sm">{t(`actions.${action}Body`, who)}</Text>
        )}
        <Group justify="flex-end" gap="sm">
          {link ? (
            <Button onClick={onClose}>{tc('actions.done')}</Button>
          ) : (
            <>
              <Button variant="default" onClick={onClose}>
                {tc('actions.cancel')}
              </Button>
              <Button
                color={action === 'disable' || action === 'resetTwoFactor' ? 'red' : undefined}
                loading={run.isPending}
                disabled={action === 'roles' && roles.length === 0}
                onClick={() => run.mutate()}
              >
                {t(`actions.${action}Confirm`)}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
