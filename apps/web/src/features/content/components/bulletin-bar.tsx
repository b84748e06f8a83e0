// The pinned bulletin (docs/product/api.md#conventions GET /api/bulletin/top) at the top of every /main page. Players
// can dismiss it; the dismissal is remembered per bulletin id (utils/bulletin-dismissal.ts).
// A failed or empty answer shows nothing: the bulletin is optional.
import { CloseButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulletinQuery } from '../api/content-api';
import { useContentLang } from '../hooks/use-content-lang';
import { dismissBulletin, isBulletinDismissed } from '../utils/bulletin-dismissal';
import classes from './bulletin-bar.module.css';

const SAFE_LINK = /^(?:https?:\/\/|\/(?!\/))/i;

export function BulletinBar() {
  const { t } = useTranslation('content');
  const lang = useContentLang();
  const query = useQuery(bulletinQuery(lang));
  const [dismissed, setDismissed] = useState<number[]>([]);
  const bulletin = query.data?.bulletin;
  if (!bulletin || dismissed.includes(bulletin.id) || isBulletinDismissed(bulletin.id)) return null;
  const external = bulletin.link !== null && /^https?:/i.test(bulletin.link);
  return (
    <aside
      className={classes.bar}
      aria-label={t('bulletin.label')}
      data-testid="bulletin"
      data-bulletin-id={bulletin.id}
    >
      <div className={classes.inner}>
        <span className={classes.tag}>{t('bulletin.tag')}</span>
        <p className={classes.text}>
          <strong className={classes.title}>{bulletin.title}</strong>
          {bulletin.content ? <span className={classes.content}>{bulletin.content}</span> : null}
          {bulletin.link && SAFE_LINK.test(bulletin.link) ? (
            <a
              className={classes.link}
              href={bulletin.link}
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {t('bulletin.more')}
            </a>
          ) : null}
        </p>
        <CloseButton
          className={classes.close}
          aria-label={t('bulletin.dismiss')}
          data-testid="bulletin-dismiss"
          onClick={() => {
            dismissBulletin(bulletin.id);
            setDismissed((list) => [...list, bulletin.id]);
          }}
        />
      </div>
    </aside>
  );
}
