// /signup (docs/product/sign-in.md#sign-up): the sign-up form when the site has sign-up on
// (settingInit.sign_up); otherwise a short note and the way back to log in. A successful sign-up
// signs the player in and returns to the safe `redirect` like a login.
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Alert, Anchor, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { useSiteConfig } from '../../lib/app-store';
import { paths } from '../../lib/paths';
import { useCompleteLogin, useRedirectTarget } from '../hooks/use-complete-login';
import classes from './login.module.css';

export function Component() {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const redirect = useRedirectTarget();
  const signUp = useSiteConfig()?.sign_up;
  const loginHref =
    redirect === paths.home
      ? paths.login
      : `${paths.login}?redirect=${encodeURIComponent(redirect)}`;

  return (
    <div className={classes.wrap}>
      <Paper className={classes.card} radius="lg" shadow="md" withBorder>
        <Title order={1} className={classes.title}>
          {t('routes.signup')}
        </Title>
        {signUp?.enabled ? (
          <>
            <Text c="dimmed" size="sm">
              {t('auth:signUp.intro')}
            </Text>
            <SignUpForm
              termsVersion={signUp.terms_version}
              privacyVersion={signUp.privacy_version}
              termsHref={`${paths.main}/page/agreement`}
              privacyHref={`${paths.main}/page/privacy`}
              onSuccess={completeLogin}
            />
          </>
        ) : (
          <Alert color="gray" variant="light" data-testid="sign-up-off">
            {t('auth:signUp.off')}
          </Alert>
        )}
        <Text size="sm" ta="center">
          {t('auth:signUp.haveAccount')}{' '}
          <Anchor component={Link} to={loginHref} underline="always">
            {t('auth:submit')}
          </Anchor>
        </Text>
      </Paper>
    </div>
  );
}
