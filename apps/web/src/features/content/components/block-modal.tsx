// The full text of a Game Info / Game Features block (gameInfoContent) in a modal; loaded when a
// block is first opened (home-sections.tsx), so Mantine's Modal is not in the home page's first
// render.
import { Alert, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/overlays';
import { gameContentQuery, type HomeConfResult } from '../api/content-api';
import { useContentLang } from '../hooks/use-content-lang';
import { SafeHtml } from './safe-html';
import classes from './home.module.css';

type Block = HomeConfResult['gameContent']['info'][number];

export function BlockModal({ block, onClose }: { block: Block | null; onClose: () => void }) {
  const lang = useContentLang();
  const { t } = useTranslation(['content', 'common']);
  const query = useQuery({ ...gameContentQuery(lang, block?.id ?? 0), enabled: block !== null });
  return (
    <AppModal
      opened={block !== null}
      onClose={onClose}
      title={query.data?.title ?? block?.title ?? ''}
      size="lg"
      data-testid="game-block-modal"
    >
      {query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('home.blockLoadFail')}
        </Alert>
      ) : query.data ? (
        <div className={classes.modalBody}>
          {query.data.img ? <img className={classes.modalImg} src={query.data.img} alt="" /> : null}
          <SafeHtml html={query.data.content} testId="game-block-content" />
        </div>
      ) : (
        <div aria-busy="true" aria-label={t('common:a11y.loading')}>
          <Skeleton height={180} mb={12} />
          <Skeleton height={14} mb={8} />
          <Skeleton height={14} width="80%" />
        </div>
      )}
    </AppModal>
  );
}
