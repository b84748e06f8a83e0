// The HC Point adjustment form (docs/console.md#hc-point-adjustments): credit or debit, amount,
// reason. A UUID made when the form opens is sent as the idempotency key, so a retried submit
// (double click, lost answer) changes the balance once. Above the threshold the answer is
// pending: a second operator approves it under Approvals.
import type { PlayerDetail } from '@hc/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalFooter } from '../../components/modal-footer';
import { ADJUSTMENTS_KEY, createAdjustment, PLAYERS_KEY } from './players-api';

export function AdjustModal({
  player,
  gameAccountId,
  onClose,
}: {
  player: PlayerDetail;
  gameAccountId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('players');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const account = player.gameAccounts.find((g) => g.id === gameAccountId);
  const run = useMutation({
    mutationFn: () =>
      createAdjustment({
        accountId: player.id,
        gameAccountId: gameAccountId ?? 0,
        direction,
        amount: Number(amount),
        reason: reason.trim(),
        idempotencyKey: key,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: PLAYERS_KEY });
      await client.invalidateQueries({ queryKey: ADJUSTMENTS_KEY });
    },
  });
  const close = () => {
    setDirection('credit');
    setAmount('');
    setReason('');
    // The next form is a new request: a new key.
    setKey(crypto.randomUUID());
    run.reset();
    onClose();
  };
  const valid =
    typeof amount === 'number' &&
    Number.isInteger(amount) &&
    amount >= 1 &&
    reason.trim().length >= 3;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !run.isPending) run.mutate();
  };
  return (
    <Modal opened={gameAccountId !== null} onClose={close} title={t('adjust.title')} centered>
      {run.isSuccess ? (
        <Stack gap="md">
          <Alert
            color={run.data.status === 'pending' ? 'yellow' : 'teal'}
            variant="light"
            role="status"
          >
            {run.data.status === 'pending'
              ? t('adjust.pending', { amount: run.data.amount })
              : t('adjust.applied', { balance: run.data.balance })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{tc('actions.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {account && (
              <Text size="sm" c="dimmed">
                {t('adjust.for', {
                  game: account.gameName,
                  uid: account.uid,
                  balance: account.basicNum + account.presentNum,
                })}
              </Text>
            )}
            <SegmentedControl
              value={direction}
              onChange={(v) => setDirection(v === 'debit' ? 'debit' : 'credit')}
              data={[
                { value: 'credit', label: t('adjust.credit') },
                { value: 'debit', label: t('adjust.debit') },
              ]}
              fullWidth
            />
            <NumberInput
              label={t('adjust.amount')}
              value={amount}
              onChange={setAmount}
              min={1}
              max={10_000_000}
              allowDecimal={false}
              allowNegative={false}
              required
            />
            <Textarea
              label={t('adjust.reason')}
              description={t('adjust.reasonHelp')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              rows={3}
              required
            />
            <ModalFooter run={run} onCancel={close} submit={t('adjust.submit')} disabled={!valid} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
