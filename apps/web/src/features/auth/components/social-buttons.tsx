// Social sign-in (docs/product/sign-in.md#login-screen): one link per provider the server has configured (settingInit
// `social`); each starts the server-side OAuth flow with a full navigation and the safe `redirect`.
import { SOCIAL_PROVIDERS, socialStartPath, type SocialProvider } from '@hc/contract';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './auth.module.css';

export function SocialButtons({
  providers,
  redirect,
}: {
  providers: readonly SocialProvider[];
  redirect: string;
}) {
  const { t } = useTranslation();
  // Fixed order, whatever order the server lists them in.
  const shown = SOCIAL_PROVIDERS.filter((p) => providers.includes(p));
  if (shown.length === 0) return null;
  return (
    <nav className={classes.social} aria-label={t('auth:social.label')}>
      {shown.map((provider) => (
        <Button
          key={provider}
          component="a"
          href={socialStartPath(provider, redirect)}
          variant="default"
        >
          {t('auth:social.continueWith', { provider: t(`auth:providers.${provider}`) })}
        </Button>
      ))}
    </nav>
  );
}
