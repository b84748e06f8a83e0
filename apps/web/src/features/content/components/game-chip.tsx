// The game's icon and name as a chip on a banner: the home banner's, and `compact` on a shop
// page's game banner (game-banner.tsx).
import classes from './game-chip.module.css';

export function GameChip({
  name,
  icon,
  compact = false,
  testId,
}: {
  name: string;
  icon: string;
  compact?: boolean;
  testId: string;
}) {
  return (
    <div
      className={compact ? `${classes.chip} ${classes.compact}` : classes.chip}
      data-testid={testId}
    >
      {icon ? <img src={icon} alt="" className={classes.icon} /> : null}
      <span>{name}</span>
    </div>
  );
}
