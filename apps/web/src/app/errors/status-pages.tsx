// The docs/product/routes-and-screens.md status screens: 403, 404, load error (failed lazy chunk), fetch error, iOS (docs/product/routes-and-screens.md#ios-visitors).
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BlockIcon, HomeIcon, RefreshIcon } from '../../components/ui/icons';
import { PlainButton, PlainButtonLink } from '../../components/ui/plain-button';
import { StatusPage } from '../../components/ui/status-page';
import { paths } from '../../lib/paths';

function reloadPage(): void {
  window.location.reload();
}

export function ForbiddenPage({ headingOrder }: { headingOrder?: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      mark="403"
      headingOrder={headingOrder}
      title={t('pages.forbidden.title')}
      message={t('pages.forbidden.message')}
      actions={
        <PlainButtonLink to={paths.home} icon={<HomeIcon />}>
          {t('pages.forbidden.home')}
        </PlainButtonLink>
      }
    />
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusPage
      mark="404"
      title={t('pages.notFound.title')}
      message={t('pages.notFound.message')}
      actions={
        <>
          <PlainButton variant="default" onClick={() => void navigate(-1)}>
            {t('pages.notFound.back')}
          </PlainButton>
          <PlainButtonLink to={paths.home} icon={<HomeIcon />}>
            {t('pages.notFound.home')}
          </PlainButtonLink>
        </>
      }
    />
  );
}

export function LoadErrorPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      mark={<RefreshIcon size={64} />}
      title={t('pages.loadError.title')}
      message={t('pages.loadError.message')}
      actions={
        <PlainButton onClick={reloadPage} icon={<RefreshIcon />}>
          {t('pages.loadError.reload')}
        </PlainButton>
      }
    />
  );
}

export function FetchErrorPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      mark="!"
      title={t('pages.fetchError.title')}
      message={t('pages.fetchError.message')}
      actions={
        <PlainButton onClick={reloadPage} icon={<RefreshIcon />}>
          {t('pages.fetchError.retry')}
        </PlainButton>
      }
    />
  );
}

export function IosNotSupportedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      mark={<BlockIcon size={64} />}
      title={t('pages.iosNotSupported.title')}
      message={t('pages.iosNotSupported.message')}
    />
  );
}
