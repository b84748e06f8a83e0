// The Dashboard section's navbar icon (a bar chart), drawn like
// components/icons.tsx.
import { Icon, type IconProps } from '../../components/icons';

export const DashboardIcon = (p: IconProps) => (
  <Icon strokeWidth={1.8} {...p}>
    <path d="M4 20h16" />
    <path d="M6.5 16v-5M11 16V6M15.5 16v-7M20 16v-3" />
  </Icon>
);
