// Buttons for the screens that must render without Mantine (status pages shown by the entry
// chunk when a layout could not load): a link and a button with the same look as Mantine's.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './plain-button.module.css';

type Variant = 'filled' | 'default';

interface CommonProps {
  variant?: Variant;
  icon?: ReactNode;
  children: ReactNode;
}

export function PlainButtonLink({
  to,
  variant = 'filled',
  icon,
  children,
}: CommonProps & { to: string }) {
  return (
    <Link to={to} className={classes.button} data-variant={variant}>
      {icon}
      {children}
    </Link>
  );
}

export function PlainButton({
  variant = 'filled',
  icon,
  children,
  ...rest
}: CommonProps & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>) {
  return (
    <button type="button" className={classes.button} data-variant={variant} {...rest}>
      {icon}
      {children}
    </button>
  );
}
