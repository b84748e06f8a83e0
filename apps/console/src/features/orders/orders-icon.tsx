// The Orders section's navbar icon (a receipt), drawn like components/icons.tsx.
import { Icon, type IconProps } from '../../components/icons';

export const OrdersIcon = (p: IconProps) => (
  <Icon strokeWidth={1.8} {...p}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </Icon>
);
