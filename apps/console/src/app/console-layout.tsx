// The signed-in frame: Mantine AppShell with the header (brand, operator and roles, language,
// sign out) and the navbar of the sections the operator's roles allow (app/sections.tsx).
// Below the sm breakpoint the navbar is a panel opened by the burger, and carries the operator
// and sign-out too.
import type { ConsoleOperator } from '@hc/contract';
import {
  AppShell,
  Badge,
  Box,
  Burger,
  Button,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { HomeIcon, LogoutIcon } from '../components/icons';
import { LanguageMenu } from '../components/language-menu';
import { BrandMark } from '../components/brand';
import { signOut, useSession } from '../features/session/session-api';
import { paths } from '../lib/paths';
import { sectionsFor } from './sections';

function RoleBadges({ operator }: { operator: ConsoleOperator }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      {operator.roles.map((role) => (
        <Badge key={role} size="sm" variant="light" color="hc">
          {t(`roles.${role}`)}
        </Badge>
      ))}
    </Group>
  );
}

function SignOutButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const out = async () => {
    await signOut(client).catch(() => undefined);
    await navigate(paths.signIn, { replace: true });
  };
  return (
    <Button
      variant="default"
      size="sm"
      fullWidth={fullWidth}
      leftSection={<LogoutIcon size={16} />}
      onClick={() => void out()}
    >
      {t('header.signOut')}
    </Button>
  );
}

export default function ConsoleLayout() {
  const { t } = useTranslation();
  const { data } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);
  if (!data) return null;
  const { operator } = data;
  const sections = sectionsFor(operator.roles);
  const links = [
    { id: 'home', path: paths.home, icon: HomeIcon },
    ...sections.map(({ id, path, icon }) => ({ id, path, icon })),
  ];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(opened ? 'header.closeMenu' : 'header.openMenu')}
              aria-controls="console-navbar"
              aria-expanded={opened}
            />
            <Link to={paths.home} className="hc-brand-link">
              <Group gap={8} wrap="nowrap">
                <BrandMark />
                <Box>
                  <Text fw={700} size="sm" lh={1.1} c="dark.9">
                    {t('app.name')}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.1}>
                    {t('app.console')}
                  </Text>
                </Box>
              </Group>
            </Link>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" visibleFrom="sm" data-testid="header-operator">
              <Stack gap={2} align="flex-end">
                <Text size="sm" fw={600} lh={1.2}>
                  {operator.displayName}
                </Text>
                <RoleBadges operator={operator} />
              </Stack>
            </Group>
            <LanguageMenu />
            <Box visibleFrom="sm">
              <SignOutButton />
            </Box>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="console-navbar" p="sm" aria-label={t('nav.label')}>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2} component="ul" className="hc-nav-list" m={0} p={0}>
            {links.map(({ id, path, icon: Icon }) => {
              const active = path === paths.home ? pathname === path : pathname.startsWith(path);
              return (
                <li key={id}>
                  <NavLink
                    component={Link}
                    to={path}
                    label={t(`sections.${id}.title`)}
                    leftSection={<Icon size={18} />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    className="hc-nav-link"
                  />
                </li>
              );
            })}
          </Stack>
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm">
          <Divider my="sm" />
          <Stack gap="xs" px="xs" pb="xs">
            <Text size="sm" fw={600}>
              {operator.displayName}
            </Text>
            <RoleBadges operator={operator} />
            <SignOutButton fullWidth />
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Box maw={1200} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
