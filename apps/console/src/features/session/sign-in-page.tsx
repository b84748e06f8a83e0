// Sign-in: name and password; when the server answers that the second factor is required, the
// same form asks for the authenticator code (or a recovery code) and sends everything again.
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../components/auth-frame';
import { errorTranslationKey, isErrorCode } from '../../lib/api-error';
import { paths, safeNext } from '../../lib/paths';
import { signIn, useSession } from './session-api';

export default function SignInPage() {
  const { t } = useTranslation('session');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const [name, setName] = useState(params.get('name') ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const next = safeNext(params.get('next'));

  if (session.data && !busy) return <Navigate to={next} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const trimmed = code.trim();
      const result = await signIn(client, {
        name: name.trim(),
        password,
        ...(needsCode && trimmed ? { code: trimmed } : {}),
      });
      await navigate(result.operator.mustEnrol ? paths.twoFactor : next, { replace: true });
    } catch (caught) {
      if (isErrorCode(caught, 'ConsoleSecondFactorRequired')) {
        setNeedsCode(true);
      } else {
        setError(caught);
        if (isErrorCode(caught, 'ConsoleSignInFailed')) setNeedsCode(false);
      }
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setNeedsCode(false);
    setCode('');
    setPassword('');
    setError(null);
  };

  return (
    <AuthFrame
      title={t(needsCode ? 'signIn.codeTitle' : 'signIn.title')}
      description={t(needsCode ? 'signIn.codeDescription' : 'signIn.description')}
    >
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('signIn.formLabel')}>
        <Stack gap="md">
          {params.get('expired') && !error && !needsCode && (
            <Alert color="yellow" variant="light" role="status">
              {t('signIn.expired')}
            </Alert>
          )}
          {error !== null && (
            <Alert color="red" variant="light" role="alert" data-testid="sign-in-error">
              {t(errorTranslationKey(error))}
            </Alert>
          )}
          {!needsCode ? (
            <>
              <TextInput
                label={t('signIn.name')}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                data-autofocus
              />
              <PasswordInput
                visibilityToggleButtonProps={{ 'aria-label': tc('actions.togglePassword') }}
                label={t('signIn.password')}
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            </>
          ) : (
            <>
              <Text size="sm">
                {t('signIn.signingInAs')} <strong>{name}</strong>
              </Text>
              <TextInput
                label={t('signIn.code')}
                description={t('signIn.codeHint')}
                name="one-time-code"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                required
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                autoFocus
              />
            </>
          )}
          <Button
            type="submit"
            loading={busy}
            disabled={!name.trim() || !password || (needsCode && code.trim().length < 6)}
            fullWidth
          >
            {t(needsCode ? 'signIn.verify' : 'signIn.submit')}
          </Button>
          {needsCode && (
            <Anchor component="button" type="button" size="sm" onClick={restart}>
              {t('signIn.otherAccount')}
            </Anchor>
          )}
        </Stack>
      </form>
    </AuthFrame>
  );
}
