// The current game's banner at the top of a shop page (the top-up screen): its key art, icon and
// name over a shade, with the page's title. The key art is the home banner's (the game's home
// configuration, the query the home page reads); a gradient stands in while it loads or when the
// game has none, and a video key art is left to the home page. The server's boot shell paints
// the same art in this place before the app runs (docs/frontend-budgets.md#first-paint).
import { Skeleton, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCurrentGameId } from '../../../lib/app-store';
import { homeConfQuery } from '../api/content-api';
import { useContentLang } from '../hooks/use-content-lang';
import { isVideoKeyArt } from '../utils/key-art';
import classes from './game-banner.module.css';
import { GameChip } from './game-chip';

export function GameBanner({ title }: { title: string }) {
  const lang = useContentLang();
  const gameId = useCurrentGameId();
  const home = useQuery(homeConfQuery(lang, gameId));
  const info = home.data?.gameInfo;
  const art = info?.cgi && !isVideoKeyArt(info.cgi) ? info.cgi : null;

  return (
    <section
      className={classes.banner}
      aria-labelledby="game-banner-title"
      data-testid="game-banner"
    >
      {art ? <img className={classes.art} src={art} alt="" data-testid="game-banner-art" /> : null}
      <div className={classes.shade} />
      <div className={classes.text}>
        {info ? (
          <GameChip name={info.name} icon={info.icon} compact testId="game-banner-game" />
        ) : home.isPending ? (
          <Skeleton height={32} width={160} radius="xl" className={classes.chipSkeleton} />
        ) : null}
        <Title order={1} id="game-banner-title" className={classes.title}>
          {title}
        </Title>
      </div>
    </section>
  );
}
