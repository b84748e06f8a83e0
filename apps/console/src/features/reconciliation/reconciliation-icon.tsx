// The Reconciliation section's navbar icon (two ledgers side by side with a check), drawn like
// components/icons.tsx.
import { Icon, type IconProps } from '../../components/icons';

export const ReconciliationIcon = (p: IconProps) => (
  <Icon strokeWidth={1.8} {...p}>
    <path d="M4 4h7v16H4zM13 4h7v9h-7z" />
    <path d="M6.5 8h2M6.5 12h2M6.5 16h2" />
    <path d="M14.5 17.5l2 2 3.5-4" />
  </Icon>
);
