// The Players and Approvals sections' navbar icons, drawn like components/icons.tsx.
import { Icon, type IconProps } from '../../components/icons';

type P = IconProps;

function Stroke(p: P) {
  return <Icon strokeWidth={1.8} {...p} />;
}

/** A person with a magnifier. */
export const PlayerSearchIcon = (p: P) => (
  <Stroke {...p}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21c0-3.9 3.1-7 7-7 1.2 0 2.3.3 3.3.8" />
    <circle cx="17" cy="17" r="3" />
    <path d="M19.2 19.2 22 22" />
  </Stroke>
);

/** A clipboard with a tick. */
export const ApprovalIcon = (p: P) => (
  <Stroke {...p}>
    <path d="M9 4h6v3H9z" />
    <path d="M15 5h3v16H6V5h3" />
    <path d="m9 14 2 2 4-4" />
  </Stroke>
);
