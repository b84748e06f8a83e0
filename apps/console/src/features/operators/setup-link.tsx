// A setup link shown once, to copy and hand over on a safe channel.
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

export function SetupLink({ url, expiresAt }: { url: string; expiresAt: number }) {
  const { t } = useTranslation('operators');
  return (
    <Stack gap="sm">
      <Alert color="teal" variant="light" role="status">
        {t('link.body')}
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('link.label')}
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          className="hc-grow"
          data-testid="setup-link"
          classNames={{ input: 'hc-mono' }}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
            >
              {copied ? t('link.copied') : t('link.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('link.expires', { at: formatDateTime(expiresAt, currentLanguage()) })}
      </Text>
    </Stack>
  );
}
