// Shared layout of the full-page states (403, 404, load error, fetch error, iOS not supported).
// Plain HTML on purpose: these must render even when the Mantine-based layouts failed to load.
import type { ReactNode } from 'react';
import classes from './status-page.module.css';

interface StatusPageProps {
  /** Big decorative mark: an HTTP code or an icon. */
  mark: ReactNode;
  title: string;
  message: string;
  actions?: ReactNode;
  /** Heading level: 1 on its own page, 2 when shown inside a page that has its own h1. */
  headingOrder?: 1 | 2;
}

export function StatusPage({ mark, title, message, actions, headingOrder = 1 }: StatusPageProps) {
  const Heading = headingOrder === 1 ? 'h1' : 'h2';
  return (
    <div className={classes.wrap}>
      <section className={classes.card}>
        <div className={classes.mark} aria-hidden="true">
          {mark}
        </div>
        <Heading className={classes.title}>{title}</Heading>
        <p className={classes.message}>{message}</p>
        {actions && <div className={classes.actions}>{actions}</div>}
      </section>
    </div>
  );
}
