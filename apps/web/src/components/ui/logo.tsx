// The portal mark and site title, linking home (docs/product/routes-and-screens.md#navigation header).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSiteLogo, useSiteTitle } from '../../lib/app-store';
import classes from './logo.module.css';

export function Logo({ to = '/main/home', compact = false }: { to?: string; compact?: boolean }) {
  const site = useSiteTitle();
  const logo = useSiteLogo();
  const { t } = useTranslation();
  return (
    <Link to={to} className={classes.logo}>
      {/* With the title beside it the mark is decorative; alone it names the link. */}
      <img src={logo} alt={compact ? t('site.logoAlt', { site }) : ''} width={36} height={36} />
      {!compact && <span className={classes.title}>{site}</span>}
    </Link>
  );
}
