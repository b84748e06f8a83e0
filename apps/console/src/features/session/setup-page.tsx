// Setup link (/console/setup#<token>): who it is for, then a password chosen under the same
// rule as players' (the contract's checkPassword), then on to sign-in. The token is taken out
// of the address bar as soon as it is read.
import { checkPassword, consoleApi, PASSWORD_MAX, PASSWORD_MIN } from '@hc/contract';
import { Alert, Badge, Button, Group, List, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthFrame } from '../../components/auth-frame';
import { PageLoader } from '../../components/status';
import { callConsole } from '../../lib/api';
import { errorTranslationKey } from '../../lib/api-error';
import { paths } from '../../lib/paths';

function readToken(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();
}

export default function SetupPage() {
  const { t } = useTranslation('session');
  const { t: tc } = useTranslation();
  const [token] = useState(readToken);
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const link = useQuery({
    queryKey: ['console', 'setup', token],
    queryFn: () => callConsole(consoleApi.consoleSetupCheck, { token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const accept = useMutation({
    mutationFn: () => callConsole(consoleApi.consoleSetupAccept, { token, password }),
  });

  if (accept.isSuccess)
    return (
      <AuthFrame title={t('setup.doneTitle')} description={t('setup.doneBody')}>
        <Button
          component={Link}
          to={`${paths.signIn}?name=${encodeURIComponent(accept.data.name)}`}
          fullWidth
        >
          {t('setup.goSignIn')}
        </Button>
      </AuthFrame>
    );

  if (token === '' || link.isError)
    return (
      <AuthFrame title={t('setup.invalidTitle')} description={t('setup.invalidBody')}>
        {link.isError && (
          <Alert color="red" variant="light" role="alert">
            {tc(errorTranslationKey(link.error), { ns: 'errors' })}
          </Alert>
        )}
        <Button component={Link} to={paths.signIn} variant="light" fullWidth>
          {t('setup.goSignIn')}
        </Button>
      </AuthFrame>
    );

  if (link.isPending)
    return (
      <AuthFrame title={t('setup.title')}>
        <PageLoader />
      </AuthFrame>
    );

  const rule = checkPassword(password);
  const ruleError =
    touched && !rule.ok
      ? t(`setup.rule.${rule.reason}`, { min: PASSWORD_MIN, max: PASSWORD_MAX })
      : null;
  const mismatch = touched && confirm !== password ? t('setup.mismatch') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!rule.ok || confirm !== password) return;
    accept.mutate();
  };

  return (
    <AuthFrame
      title={t('setup.title')}
      description={t('setup.description', { name: link.data.displayName })}
    >
      <Stack gap={6}>
        <Text size="sm">
          {t('setup.signInName')} <strong>{link.data.name}</strong>
        </Text>
        <Group gap={4}>
          {link.data.roles.map((role) => (
            <Badge key={role} variant="light" size="sm">
              {tc(`roles.${role}`)}
            </Badge>
          ))}
        </Group>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={t('setup.formLabel')}>
        <Stack gap="md">
          {accept.isError && (
            <Alert color="red" variant="light" role="alert">
              {tc(errorTranslationKey(accept.error), { ns: 'errors' })}
            </Alert>
          )}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={link.data.name}
            readOnly
            hidden
          />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': tc('actions.togglePassword') }}
            label={t('setup.password')}
            description={t('setup.ruleHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
            autoComplete="new-password"
            required
            value={password}
            error={ruleError}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': tc('actions.togglePassword') }}
            label={t('setup.confirm')}
            autoComplete="new-password"
            required
            value={confirm}
            error={mismatch}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <List size="xs" c="dimmed" spacing={2}>
            <List.Item>{t('setup.nextStep')}</List.Item>
          </List>
          <Button type="submit" loading={accept.isPending} fullWidth>
            {t('setup.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
