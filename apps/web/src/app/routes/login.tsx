// /login (docs/product/sign-in.md#login-screen): the sign-in form, social buttons, the OAuth failure message and
// the forgot-password view; a successful sign-in returns to the safe `redirect`. A decorative key-art
// panel sits beside the card on wide screens and becomes a short strip above it on narrow ones.
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { socialErrorReasonSchema } from '@hc/contract';
import { Alert, Anchor, Divider, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ForgotPassword } from '../../features/auth/components/forgot-password';
import { LoginForm } from '../../features/auth/components/login-form';
import { SocialButtons } from '../../features/auth/components/social-buttons';
import { useSiteConfig } from '../../lib/app-store';
import { paths } from '../../lib/paths';
import { useCompleteLogin, useRedirectTarget } from '../hooks/use-complete-login';
import classes from './login.module.css';

/** `/login?oauth_error=<reason>` from a failed social sign-in; unknown reasons get a generic text. */
function oauthErrorKey(value: string | null): string | null {
  if (value === null) return null;
  const reason = socialErrorReasonSchema.safeParse(value);
  return `auth:oauthError.${reason.success ? reason.data : 'generic'}`;
}

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [view, setView] = useState<'login' | 'forgot'>('login');
  const completeLogin = useCompleteLogin();
  const redirect = useRedirectTarget();
  const config = useSiteConfig();
  const providers = config?.social ?? [];
  const signUpHref =
    redirect === paths.home
      ? paths.signUp
      : `${paths.signUp}?redirect=${encodeURIComponent(redirect)}`;
  const oauthError = oauthErrorKey(params.get('oauth_error'));

  return (
    <div className={`${classes.wrap} ${classes.split}`}>
      <div className={classes.art} aria-hidden="true" data-testid="login-art">
        <img src="/content/login-art.svg" alt="" width={480} height={640} decoding="async" />
      </div>
      <Paper className={classes.card} radius="lg" shadow="md" withBorder>
        {view === 'forgot' ? (
          <ForgotPassword onDone={() => setView('login')} />
        ) : (
          <>
            <Title order={1} className={classes.title}>
              {t('routes.login')}
            </Title>
            {oauthError ? (
              <Alert color="red" role="alert" variant="light" className={classes.full}>
                {t(oauthError)}
              </Alert>
            ) : null}
            <LoginForm onSuccess={completeLogin} onForgot={() => setView('forgot')} />
            {providers.length > 0 ? (
              <>
                <Divider className={classes.full} label={t('auth:or')} labelPosition="center" />
                <SocialButtons providers={providers} redirect={redirect} />
              </>
            ) : null}
            {config?.sign_up.enabled ? (
              <Text size="sm" ta="center" data-testid="sign-up-link">
                {t('auth:signUp.noAccount')}{' '}
                <Anchor component={Link} to={signUpHref} underline="always">
                  {t('auth:signUp.link')}
                </Anchor>
              </Text>
            ) : null}
          </>
        )}
      </Paper>
    </div>
  );
}
