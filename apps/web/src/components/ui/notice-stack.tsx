// The visible notice stack (lib/notices); loaded on demand by <Notices>.
import '@mantine/core/styles/Notification.layer.css';
import { Notification } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UiProviders } from '../../app/ui-providers';
import { dismissNotice, type Notice, type NoticeTone } from '../../lib/notices';
import classes from './notices.module.css';

const COLORS: Record<NoticeTone, string> = {
  info: 'hc',
  success: 'teal',
  warning: 'orange',
  error: 'red',
};

export default function NoticeStack({ notices }: { notices: readonly Notice[] }) {
  const { t } = useTranslation();
  return (
    <UiProviders>
      {notices.map((notice) => (
        <Notification
          key={notice.id}
          color={COLORS[notice.tone]}
          onClose={() => dismissNotice(notice.id)}
          closeButtonProps={{ 'aria-label': t('a11y.close') }}
          withBorder
          radius="md"
          className={classes.item}
        >
          {t(notice.messageKey, notice.values ?? {})}
        </Notification>
      ))}
    </UiProviders>
  );
}
