// The HC Point ledger export (docs/console.md#jobs-and-exports): a period (whole local days, at
// most LEDGER_EXPORT_MAX_DAYS) and optionally one player's account id; the server streams the
// CSV and the browser saves it.
import { LEDGER_EXPORT_MAX_DAYS } from '@hc/contract';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../../components/icons';
import { errorTranslationKey } from '../../lib/api-error';
import { exportLedger } from './jobs-api';

type Range = [string | null, string | null];

/** Unix seconds of local midnight of a `YYYY-MM-DD` day, `days` later. */
function dayStart(day: string, days = 0): number {
  const [y, m, d] = day.split('-').map(Number);
  return Math.floor(new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days).getTime() / 1000);
}

export function LedgerExportCard() {
  const { t } = useTranslation('jobs');
  const { t: tc } = useTranslation();
  const [range, setRange] = useState<Range>([null, null]);
  const [accountId, setAccountId] = useState<string | number>('');
  const download = useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      exportLedger({
        from: dayStart(from),
        to: dayStart(to, 1),
        ...(typeof accountId === 'number' && { accountId }),
      }),
  });
  const [from, to] = range;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from && to && !download.isPending) download.mutate({ from, to });
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="ledger-export-title"
      maw={720}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="ledger-export-title">
            {t('ledger.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ledger.description', { days: LEDGER_EXPORT_MAX_DAYS })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DatePickerInput
              type="range"
              label={t('ledger.period')}
              placeholder={t('ledger.periodPlaceholder')}
              value={range}
              onChange={setRange}
              allowSingleDateInRange
              maxDate={new Date()}
              valueFormat="YYYY-MM-DD"
              required
              nextLabel={t('ledger.nextMonth')}
              previousLabel={t('ledger.previousMonth')}
            />
            <NumberInput
              label={t('ledger.player')}
              description={t('ledger.playerHelp')}
              value={accountId}
              onChange={setAccountId}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              hideControls
            />
          </SimpleGrid>
          {download.isError && (
            <Alert color="red" variant="light" role="alert">
              {tc(errorTranslationKey(download.error))}
            </Alert>
          )}
          {download.isSuccess && (
            <Alert color="teal" variant="light" role="status">
              {t('ledger.saved')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<DownloadIcon size={16} />}
              loading={download.isPending}
              disabled={!from || !to}
            >
              {t('ledger.download')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
