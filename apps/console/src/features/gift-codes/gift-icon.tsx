// The Gift codes section's navbar icon (a wrapped gift), drawn like components/icons.tsx.
import { Icon, type IconProps } from '../../components/icons';

export const GiftIcon = (p: IconProps) => (
  <Icon strokeWidth={1.8} {...p}>
    <path d="M4 10h16v10H4z" />
    <path d="M3 7h18v3H3z" />
    <path d="M12 7v13" />
    <path d="M12 7c-1.5-3-5-3.5-5-1.2C7 7 9 7 12 7zM12 7c1.5-3 5-3.5 5-1.2C17 7 15 7 12 7z" />
  </Icon>
);
