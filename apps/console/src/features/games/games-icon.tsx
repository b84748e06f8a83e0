// The Games & servers section's navbar icon (a game pad), drawn like components/icons.tsx.
import { Icon, type IconProps } from '../../components/icons';

export const GamepadIcon = (p: IconProps) => (
  <Icon strokeWidth={1.8} {...p}>
    <path d="M6 8h12a4 4 0 0 1 4 4v2a3 3 0 0 1-5.2 2L15 14H9l-1.8 2A3 3 0 0 1 2 14v-2a4 4 0 0 1 4-4z" />
    <path d="M7 11v3M5.5 12.5h3" />
    <path d="M16 11.5h.01M18 13h.01" />
  </Icon>
);
