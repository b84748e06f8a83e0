// "Bind game account" on the account page (docs/product/account.md#bind-a-game-account): the
// player types the one-time link code their game shows (8 characters; case, spaces and dashes do
// not matter) and the game account joins the account; the bound game accounts are listed below.
import '@mantine/core/styles/Input.layer.css';
import { normaliseLinkCode } from '@hc/contract';
import { Alert, Button, Paper, Skeleton, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadErrorState } from '../../../components/ui/empty-state';
import { errorTranslationKey } from '../../../lib/api-error';
import { appStore, useSiteConfig, useUserInfo } from '../../../lib/app-store';
import { boundGamesKey, useBoundGames, type BoundGame } from '../../../lib/bound-games';
import { formatUnixSeconds } from '../../../lib/format';
import { bindGameAccount } from '../api/account-api';
import classes from './account.module.css';

function BoundGameList({ games }: { games: readonly BoundGame[] }) {
  const { t, i18n } = useTranslation('account');
  const config = useSiteConfig();
  if (games.length === 0)
    return (
      <EmptyState
        art="search"
        size="compact"
        title={t('bind.none')}
        text={t('bind.noneHint')}
        testId="bound-games-empty"
      />
    );
  return (
    <ul className={classes.boundList} data-testid="bound-games">
      {games.map((g) => (
        <li key={g.gameAccountId} className={classes.boundItem}>
          <span className={classes.boundGame}>
            {config?.games.find((s) => s.game_id === g.game_id)?.name ?? g.game_name}
          </span>
          <span className={classes.boundMeta}>
            {g.display_name ? `${g.display_name} · ` : ''}
            {t('bind.uid', { uid: g.uid })}
          </span>
          <span className={classes.boundMeta}>
            {t('bind.boundAt', { date: formatUnixSeconds(g.bind_ts, i18n.language, 'date') })}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function BindGameSection() {
  const { t } = useTranslation('account');
  const user = useUserInfo();
  const queryClient = useQueryClient();
  const bound = useBoundGames();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<BoundGame | null>(null);
  const bind = useMutation({ mutationFn: bindGameAccount });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (normaliseLinkCode(code) === '') {
      setError('account:bind.required');
      return;
    }
    setError(null);
    try {
      const game = await bind.mutateAsync(code);
      setDone(game);
      setCode('');
      queryClient.setQueryData(
        boundGamesKey(user.accid),
        (old: { list: BoundGame[] } | undefined) =>
          old === undefined
            ? old
            : { list: [...old.list.filter((g) => g.game_id !== game.game_id), game] },
      );
      void queryClient.invalidateQueries({ queryKey: boundGamesKey(user.accid) });
      // The first game account becomes the one the portal acts for (as user info would say).
      if (user.gameAccountId === null)
        appStore.setUserInfo({
          gameId: game.game_id,
          gameAccountId: game.gameAccountId,
          userId: game.gameAccountId,
        });
    } catch (e) {
      setError(errorTranslationKey(e));
    }
  };

  return (
    <Paper
      className={classes.section}
      radius="lg"
      withBorder
      component="section"
      data-testid="bind-game"
    >
      <div className={classes.sectionHead}>
        <Title order={2} className={classes.sectionTitle}>
          {t('bind.title')}
        </Title>
      </div>
      <Text size="sm" c="gray.7">
        {t('bind.intro')}
      </Text>
      <form className={classes.bindForm} onSubmit={(e) => void submit(e)} noValidate>
        <TextInput
          className={classes.bindInput}
          label={t('bind.code')}
          placeholder={t('bind.placeholder')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error ? t(error) : undefined}
          classNames={{ input: classes.codeInput }}
        />
        <Button type="submit" loading={bind.isPending} className={classes.bindButton}>
          {t('bind.submit')}
        </Button>
      </form>
      {done ? (
        <Alert color="green" variant="light" role="status" data-testid="bind-success">
          {t('bind.success', {
            game: done.game_name,
            name: done.display_name ?? done.uid,
          })}
        </Alert>
      ) : null}
      <Title order={3} size="h5">
        {t('bind.listTitle')}
      </Title>
      {bound.isPending ? (
        <Skeleton height={48} aria-label={t('common:a11y.loading')} />
      ) : bound.isError ? (
        <LoadErrorState
          size="compact"
          title={t('bind.loadFail')}
          onRetry={() => void bound.refetch()}
          testId="bound-games-error"
        />
      ) : (
        <BoundGameList games={bound.data} />
      )}
    </Paper>
  );
}
