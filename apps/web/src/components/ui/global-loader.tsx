// Global loading indicator: a full overlay while the start-up calls run, a thin top bar while
// a route chunk loads, announced through a polite live region. Plain CSS (no Mantine) because
// it renders from the entry chunk.
import { useTranslation } from 'react-i18next';
import classes from './global-loader.module.css';

export function GlobalLoader({ busy, navigating }: { busy: boolean; navigating: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {navigating && <div className={classes.bar} aria-hidden="true" />}
      {busy && (
        <div className={classes.overlay} data-testid="global-loader">
          <span className={classes.spinner} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        </div>
      )}
      <div className={classes.srOnly} role="status" aria-live="polite">
        {busy || navigating ? t('a11y.loading') : ''}
      </div>
    </>
  );
}
