// Inviting an operator: sign-in name, display name and roles; the answer is their setup link.
import { type OperatorRole } from '@hc/contract';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../../lib/api-error';
import { inviteOperator, OPERATORS_KEY } from './operators-api';
import { RoleCheckboxes } from './role-checkboxes';
import { SetupLink } from './setup-link';

const NAME = /^[a-z0-9_.-]{3,32}$/;

export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roles, setRoles] = useState<OperatorRole[]>([]);
  const [touched, setTouched] = useState(false);
  const invite = useMutation({
    mutationFn: inviteOperator,
    onSuccess: () => client.invalidateQueries({ queryKey: OPERATORS_KEY }),
  });

  const close = () => {
    onClose();
    setName('');
    setDisplayName('');
    setRoles([]);
    setTouched(false);
    invite.reset();
  };

  const nameError = touched && !NAME.test(name.trim()) ? t('form.nameRule') : null;
  const displayError = touched && displayName.trim() === '' ? t('form.displayNameRequired') : null;
  const rolesError = touched && roles.length === 0 ? t('form.rolesRequired') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!NAME.test(name.trim()) || displayName.trim() === '' || roles.length === 0) return;
    invite.mutate({ name: name.trim(), displayName: displayName.trim(), roles });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={invite.isSuccess ? t('invite.doneTitle') : t('invite.title')}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
      size="lg"
    >
      {invite.isSuccess ? (
        <Stack gap="md">
          <SetupLink url={invite.data.setupUrl} expiresAt={invite.data.expiresAt} />
          <Group justify="flex-end">
            <Button onClick={close}>{tc('actions.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('invite.title')}>
          <Stack gap="md">
            {invite.isError && (
              <Alert color="red" variant="light" role="alert">
                {tc(errorTranslationKey(invite.error))}
              </Alert>
            )}
            <TextInput
              label={t('form.name')}
              description={t('form.nameHint')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              withAsterisk
              value={name}
              error={nameError}
              onChange={(e) => setName(e.currentTarget.value.toLowerCase())}
              data-autofocus
            />
            <TextInput
              label={t('form.displayName')}
              autoComplete="off"
              withAsterisk
              maxLength={64}
              value={displayName}
              error={displayError}
              onChange={(e) => setDisplayName(e.currentTarget.value)}
            />
            <RoleCheckboxes value={roles} onChange={setRoles} error={rolesError} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {tc('actions.cancel')}
              </Button>
              <Button type="submit" loading={invite.isPending}>
                {t('invite.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
