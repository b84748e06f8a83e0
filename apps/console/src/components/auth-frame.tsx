// The frame of the pages outside the signed-in shell (sign-in, setup, enrolment): a centred
// card on the brand background, with the language switch.
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand';
import { LanguageMenu } from './language-menu';

export function AuthFrame({
  title,
  description,
  children,
  wide = false,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box component="main" className="hc-auth-page">
      <Paper
        className="hc-auth-card"
        maw={wide ? 560 : 420}
        radius="lg"
        shadow="xl"
        p={{ base: 'lg', sm: 'xl' }}
      >
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap={8} wrap="nowrap">
              <BrandMark size={36} />
              <Box>
                <Text fw={700} size="sm" lh={1.1}>
                  {t('app.name')}
                </Text>
                <Text size="xs" c="dimmed" lh={1.1}>
                  {t('app.console')}
                </Text>
              </Box>
            </Group>
            <LanguageMenu />
          </Group>
          <Stack gap={4}>
            <Title order={1} fz={24}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
