// /login placeholder: heading and a note; the sign-in issue builds the form (SPEC §2 login).
import { Button, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeIcon } from '../../components/ui/icons';
import { paths } from '../../lib/paths';
import classes from './login.module.css';

export function Component() {
  const { t } = useTranslation();
  return (
    <div className={classes.wrap}>
      <Paper className={classes.card} radius="lg" shadow="md" withBorder>
        <Title order={1} className={classes.title}>
          {t('routes.login')}
        </Title>
        <Text className={classes.text}>{t('pages.login.placeholder')}</Text>
        <Button component={Link} to={paths.home} variant="light" leftSection={<HomeIcon />}>
          {t('pages.forbidden.home')}
        </Button>
      </Paper>
    </div>
  );
}
