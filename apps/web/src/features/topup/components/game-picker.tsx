// docs/product/routes-and-screens.md#game-selection: the game (from the site config) and its operating system.
import type { Platform } from '@hc/contract';
import { useTranslation } from 'react-i18next';
import type { SiteConfig } from '../../../lib/app-store';
import { ChoiceGroup } from './choice-group';
import classes from './topup.module.css';

type Game = NonNullable<SiteConfig>['games'][number];

interface GamePickerProps {
  games: readonly Game[];
  gameId: number | null;
  platform: Platform | null;
  onGameChange: (gameId: number) => void;
  onPlatformChange: (platform: Platform) => void;
}

export function GamePicker({
  games,
  gameId,
  platform,
  onGameChange,
  onPlatformChange,
}: GamePickerProps) {
  const { t } = useTranslation('topup');
  const game = games.find((g) => g.game_id === gameId);
  return (
    <div className={classes.row}>
      <ChoiceGroup
        legend={t('labels.game')}
        name="topup-game"
        testId="topup-game"
        value={gameId === null ? null : String(gameId)}
        onChange={(value) => onGameChange(Number(value))}
        choices={games.map((g) => ({
          value: String(g.game_id),
          label: (
            <>
              {g.icon ? <img src={g.icon} alt="" className={classes.gameIcon} /> : null}
              <span>{g.name}</span>
            </>
          ),
        }))}
      />
      {game && game.platforms.length > 0 ? (
        <ChoiceGroup
          legend={t('labels.os')}
          name="topup-os"
          testId="topup-os"
          value={platform}
          onChange={onPlatformChange}
          choices={game.platforms.map((p) => ({ value: p, label: t(`platforms.${p}`) }))}
        />
      ) : null}
    </div>
  );
}
