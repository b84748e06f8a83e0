// Overview: who is signed in, with which roles, and the sections those roles open.
import {
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sectionsFor } from '../../app/sections';
import { ChevronIcon, ShieldIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../session/session-api';

export default function HomePage() {
  const { t } = useTranslation();
  const { data } = useSession();
  if (!data) return null;
  const { operator } = data;
  const sections = sectionsFor(operator.roles);
  const language = currentLanguage();

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('home.title', { name: operator.displayName })}
        description={t('home.subtitle')}
      />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('home.youTitle')}
          </Title>
          <Group gap="xl" wrap="wrap" align="flex-start">
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('home.signInName')}
              </Text>
              <Text fw={600} className="hc-mono">
                {operator.name}
              </Text>
            </Stack>
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {t('home.roles')}
              </Text>
              <Group gap={4}>
                {operator.roles.map((role) => (
                  <Badge key={role} variant="light">
                    {t(`roles.${role}`)}
                  </Badge>
                ))}
              </Group>
            </Stack>
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {t('home.twoFactor')}
              </Text>
              <Group gap={6}>
                <ThemeIcon
                  size="sm"
                  variant="light"
                  color={operator.twoFactorEnabled ? 'teal' : 'orange'}
                >
                  <ShieldIcon size={14} />
                </ThemeIcon>
                <Text size="sm">
                  {t(operator.twoFactorEnabled ? 'home.twoFactorOn' : 'home.twoFactorOff')}
                </Text>
                {!operator.twoFactorEnabled && (
                  <Anchor component={Link} to={paths.twoFactor} size="sm">
                    {t('home.enrol')}
                  </Anchor>
                )}
              </Group>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('home.sessionEnds')}
              </Text>
              <Text size="sm">{formatDateTime(data.expiresAt, language)}</Text>
              <Text size="xs" c="dimmed">
                {t('home.idle', { minutes: Math.round(data.idleTimeoutSeconds / 60) })}
              </Text>
            </Stack>
          </Group>
        </Stack>
      </Card>

      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('home.sectionsTitle')}
        </Title>
        {sections.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('home.noSections')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {sections.map(({ id, path, icon: Icon }) => (
              <Card
                key={id}
                component={Link}
                to={path}
                withBorder
                radius="md"
                padding="lg"
                className="hc-section-card"
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" size="lg" radius="md">
                      <Icon size={20} />
                    </ThemeIcon>
                    <Stack gap={2}>
                      <Text fw={600}>{t(`sections.${id}.title`)}</Text>
                      <Text size="sm" c="dimmed">
                        {t(`sections.${id}.description`)}
                      </Text>
                    </Stack>
                  </Group>
                  <ChevronIcon size={18} />
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
