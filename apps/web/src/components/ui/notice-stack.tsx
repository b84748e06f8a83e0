// The visible notice stack (lib/notices); loaded on demand by <Notices>.
import '@mantine/core/styles/Notification.layer.css';
import { Notification } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UiProviders } from '../../app/ui-providers';
import { dismissNotice, NOTICE_VISIBLE_MS, type Notice, type NoticeTone } from '../../lib/notices';
import classes from './notices.module.css';

const COLORS: Record<NoticeTone, string> = {
  info: 'hc',
  success: 'teal',
  warning: 'orange',
  error: 'red',
};

/** One notice: it closes itself NOTICE_VISIBLE_MS after it is first on screen. */
function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dismissNotice(notice.id), NOTICE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [notice.id]);
  return (
    <Notification
      color={COLORS[notice.tone]}
      onClose={() => dismissNotice(notice.id)}
      closeButtonProps={{ 'aria-label': t('a11y.close') }}
      withBorder
      radius="md"
      className={classes.item}
    >
      {t(notice.messageKey, notice.values ?? {})}
    </Notification>
  );
}

export default function NoticeStack({ notices }: { notices: readonly Notice[] }) {
  return (
    <UiProviders>
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </UiProviders>
  );
}
