// Footer of SPEC §2 (About Us, Contact us, Privacy Policy, User Agreement). Until their pages
// exist the links go to sections of the home page; Contact us uses customer service if known.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { useCustomerServiceUrl, useSiteTitle } from '../../lib/app-store';
import { homeSection, homeSections } from '../../lib/paths';
import classes from './site-footer.module.css';

export function SiteFooter() {
  const { t } = useTranslation();
  const site = useSiteTitle();
  const contactUrl = useCustomerServiceUrl();
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
            <li>
              <Link to={homeSection(homeSections.aboutUs)}>{t('footer.aboutUs')}</Link>
            </li>
            <li>
              {contactUrl ? (
                <a href={contactUrl} target="_blank" rel="noopener noreferrer">
                  {t('footer.contactUs')}
                  <span className={classes.srOnly}>{t('nav.opensInNewTab')}</span>
                </a>
              ) : (
                <Link to={homeSection(homeSections.contactUs)}>{t('footer.contactUs')}</Link>
              )}
            </li>
            <li>
              <Link to={homeSection(homeSections.privacyPolicy)}>{t('footer.privacyPolicy')}</Link>
            </li>
            <li>
              <Link to={homeSection(homeSections.userAgreement)}>{t('footer.userAgreement')}</Link>
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
