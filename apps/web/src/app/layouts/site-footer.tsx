// Footer of docs/product/content.md#footer-pages: About Us, Contact us, Privacy Policy and User Agreement open their pages
// (/main/page/{slug}, ADR 0021); the customer-support link uses crmUrl (docs/product/api.md#system-calls).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { FOOTER_LABEL_KEYS, sitePagePath } from '../../features/content/api/content-api';
import { SupportLink } from '../../features/content/components/support-link';
import { useSiteTitle } from '../../lib/app-store';
import classes from './site-footer.module.css';

const FOOTER_LINKS = Object.entries(FOOTER_LABEL_KEYS) as Array<
  [keyof typeof FOOTER_LABEL_KEYS, (typeof FOOTER_LABEL_KEYS)[keyof typeof FOOTER_LABEL_KEYS]]
>;

export function SiteFooter() {
  const { t } = useTranslation();
  const site = useSiteTitle();
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.brand}>
          <Logo />
          <p className={classes.tagline}>{t('site.tagline')}</p>
        </div>
        <nav aria-label={t('footer.links')}>
          <ul className={classes.links}>
            {FOOTER_LINKS.map(([slug, key]) => (
              <li key={slug}>
                <Link to={sitePagePath(slug)} data-testid={`footer-${slug}`}>
                  {t(key)}
                </Link>
              </li>
            ))}
            <li>
              <SupportLink className={classes.support} testId="footer-support">
                {t('content:support.link')}
              </SupportLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className={classes.bottom}>
        <p>{t('footer.copyright', { year, site })}</p>
      </div>
    </footer>
  );
}
