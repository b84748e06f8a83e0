// Host of short messages (lib/notices): a polite live region that is always present, with the
// Mantine notification code loaded only once there is something to show.
import { lazy, Suspense } from 'react';
import { useNotices } from '../../lib/notices';
import classes from './notices.module.css';

const NoticeStack = lazy(() => import('./notice-stack'));

export function Notices() {
  const notices = useNotices();
  return (
    <div className={classes.stack} role="status" aria-live="polite">
      {notices.length > 0 && (
        <Suspense fallback={null}>
          <NoticeStack notices={notices} />
        </Suspense>
      )}
    </div>
  );
}
