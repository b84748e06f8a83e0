// The foot of a form in a console modal: the failed call's translated error, then Cancel and the
// submit button (red for a destructive action). One place for what every action dialog repeats.
import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTranslationKey } from '../lib/api-error';

export function ModalFooter({
  run,
  onCancel,
  submit,
  danger = false,
  disabled = false,
}: {
  /** The mutation the form runs: its error shows above the buttons, its pending state spins. */
  run: { isError: boolean; error: unknown; isPending: boolean };
  onCancel: () => void;
  submit: ReactNode;
  danger?: boolean;
  disabled?: boolean;
}) {
  const { t: tc } = useTranslation();
  return (
    <>
      {run.isError && (
        <Alert color="red" variant="light" role="alert">
          {tc(errorTranslationKey(run.error))}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {tc('actions.cancel')}
        </Button>
        <Button
          type="submit"
          color={danger ? 'red' : undefined}
          loading={run.isPending}
          disabled={disabled}
        >
          {submit}
        </Button>
      </Group>
    </>
  );
}
