// The operator roles as a labelled group of checkboxes, each with what it allows.
import { OPERATOR_ROLES, type OperatorRole } from '@hc/contract';
import { Checkbox, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function RoleCheckboxes({
  value,
  onChange,
  error,
}: {
  value: OperatorRole[];
  onChange: (roles: OperatorRole[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation();
  return (
    <Checkbox.Group
      label={t('form.roles')}
      description={t('form.rolesHint')}
      value={value}
      onChange={(next) => onChange(OPERATOR_ROLES.filter((r) => next.includes(r)))}
      error={error}
      withAsterisk
    >
      <Stack gap="xs" mt="xs">
        {OPERATOR_ROLES.map((role) => (
          <Checkbox
            key={role}
            value={role}
            label={tc(`roles.${role}`)}
            description={t(`roleHelp.${role}`)}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
