// The Jobs and exports section's navbar icon (a gear with a circular arrow), drawn like
// components/icons.tsx.
import { Icon, type IconProps } from '../../components/icons';

export const JobsIcon = (p: IconProps) => (
  <Icon strokeWidth={1.8} {...p}>
    <path d="M20 12a8 8 0 1 1-2.34-5.66" />
    <path d="M20 4v4h-4" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
