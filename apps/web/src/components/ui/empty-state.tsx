// The empty and failed-load states of the player lists (top-up history, HC Point record, bound
// game accounts, announcements, Hot News): a small decorative drawing, a title, a line of text and
// an optional action. Failures keep the list's retry (docs/product/errors.md#outcome-and-failure-messages).
import '@mantine/core/styles/Button.layer.css';
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './empty-state.module.css';

export type EmptyStateArt = 'orders' | 'points' | 'news' | 'search' | 'error';

const NIGHT = '#141033';
const GOLD = '#fcc419';
const sparkle = (x: number, y: number, r: number) =>
  `M${x} ${y - r}Q${x + r / 5} ${y - r / 5} ${x + r} ${y}Q${x + r / 5} ${y + r / 5} ${x} ${y + r}Q${x - r / 5} ${y + r / 5} ${x - r} ${y}Q${x - r / 5} ${y - r / 5} ${x} ${y - r}Z`;

/**
 * The drawing of each state over a soft violet disc (viewBox 8 6 104 90). Shapes inherit a
 * night-violet outline from the group around them; `stroke="none"` marks the ones without.
 */
const ART: Record<EmptyStateArt, ReactNode> = {
  // A receipt with a gold seal.
  orders: (
    <>
      <path
        d="M36 20h46v58l-5.75-4-5.75 4-5.75-4-5.75 4-5.75-4-5.75 4-5.75-4-5.75 4Z"
        fill="#fff"
      />
      <path d="M45 33h28M45 42h20M45 51h24" stroke="#c0acff" strokeWidth={3.5} />
      <circle cx="81" cy="68" r="11" fill={GOLD} />
      <path d="M81 62l5 6-5 6-5-6Z" fill="#fff" stroke="none" opacity={0.85} />
    </>
  ),
  // A stack of gold coins and one on its edge.
  points: (
    <>
      {[70, 62, 54, 46].map((y) => (
        <g key={y}>
          <path d={`M28 ${y}v8a20 7 0 0 0 40 0v-8`} fill="#ffac00" />
          <ellipse cx="48" cy={y} rx="20" ry="7" fill={GOLD} />
        </g>
      ))}
      <path d="M36 44q8-4 18-2" fill="none" stroke="#fff" strokeWidth={2} opacity={0.7} />
      <circle cx="84" cy="68" r="14" fill={GOLD} />
      <circle cx="84" cy="68" r="8.5" fill="none" stroke="#fff" opacity={0.8} />
      <path d="M84 62l3.5 6-3.5 6-3.5-6Z" fill="#ffac00" stroke="none" />
    </>
  ),
  // A notice scroll between two violet rods with gold knobs, sealed in gold.
  news: (
    <>
      <path d="M38 26h44v48H38Z" fill="#fff" />
      <path d="M46 38h28M46 46h20M46 54h14" stroke="#c0acff" strokeWidth={3.5} />
      {[24, 76].map((y) => (
        <g key={y}>
          <rect x="31" y={y - 5} width="58" height="10" rx="5" fill="#8057fe" />
          <circle cx="28" cy={y} r="4" fill={GOLD} strokeWidth={2} />
          <circle cx="92" cy={y} r="4" fill={GOLD} strokeWidth={2} />
        </g>
      ))}
      <circle cx="72" cy="60" r="7" fill={GOLD} />
      <path d="M72 56.5l2.5 3.5-2.5 3.5-2.5-3.5Z" fill="#fff" stroke="none" opacity={0.85} />
    </>
  ),
  // A folded map with a dotted trail and a gold cross.
  search: (
    <>
      <path d="M26 30l22-7 24 7 22-7v50l-22 7-24-7-22 7Z" fill="#fff" />
      <path d="M48 23v50l24 7V30Z" fill="#e1d8ff" />
      <path d="M34 64q10-16 22-8t20-18" fill="none" stroke="#8057fe" strokeDasharray="1 5" />
      <path d="M80 30l8 8M88 30l-8 8" stroke={GOLD} strokeWidth={4} />
    </>
  ),
  // A sad storm cloud with a gold bolt.
  error: (
    <>
      <path d="M38 66a13 13 0 0 1 0-26 17 17 0 0 1 31-7 15 15 0 0 1 13 33Z" fill="#e1d8ff" />
      <circle cx="51" cy="50" r="2.5" fill={NIGHT} stroke="none" />
      <circle cx="67" cy="50" r="2.5" fill={NIGHT} stroke="none" />
      <path d="M55 58q4-3 8 0" fill="none" strokeWidth={2} />
      <path d="M64 62l-9 14h8l-4 12 14-18h-8l5-8Z" fill={GOLD} />
    </>
  ),
};

function Illustration({ art }: { art: EmptyStateArt }) {
  return (
    <svg
      className={classes.art}
      viewBox="8 6 104 90"
      aria-hidden="true"
      focusable="false"
      data-art={art}
    >
      <circle cx="60" cy="52" r="42" fill="#f2eeff" />
      <ellipse cx="60" cy="92" rx="30" ry="3.5" fill={NIGHT} opacity={0.08} />
      <path d={sparkle(17, 36, 6)} fill={GOLD} />
      <path d={sparkle(102, 20, 4)} fill="#9d7dff" />
      <circle cx="104" cy="74" r="2.5" fill="#c0acff" />
      <g stroke={NIGHT} strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round">
        {ART[art]}
      </g>
    </svg>
  );
}

export interface EmptyStateProps {
  art: EmptyStateArt;
  title: ReactNode;
  text?: ReactNode;
  /** A button or link; kept under the text (beside it when compact). */
  action?: ReactNode;
  /** `compact`: drawing beside the text, for a list inside a larger section. */
  size?: 'default' | 'compact';
  /** On a card of its own (on the page background) instead of inside one. */
  framed?: boolean;
  role?: 'alert' | 'status';
  testId?: string;
}

export function EmptyState({
  art,
  title,
  text,
  action,
  size = 'default',
  framed = false,
  role,
  testId,
}: EmptyStateProps) {
  return (
    <div
      className={classes.root}
      data-size={size}
      data-framed={framed || undefined}
      data-art={art}
      role={role}
      data-testid={testId}
    >
      <Illustration art={art} />
      <div className={classes.body}>
        <p className={classes.title}>{title}</p>
        {text ? <p className={classes.text}>{text}</p> : null}
        {action ? <div className={classes.action}>{action}</div> : null}
      </div>
    </div>
  );
}

/**
 * A list that failed to load: the failure as the title, "check your connection" and Refresh when
 * the list can be asked again (`onRetry`), else "try again later". role="alert" so it is announced.
 */
export function LoadErrorState({
  title,
  onRetry,
  size,
  framed,
  testId,
}: {
  title: ReactNode;
  onRetry?: () => void;
  size?: EmptyStateProps['size'];
  framed?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      art="error"
      role="alert"
      size={size}
      framed={framed}
      testId={testId}
      title={title}
      text={onRetry ? t('states.errorHint') : t('states.errorLater')}
      action={
        onRetry ? (
          <Button variant="light" size={size === 'compact' ? 'xs' : 'sm'} onClick={onRetry}>
            {t('actions.refresh')}
          </Button>
        ) : undefined
      }
    />
  );
}
