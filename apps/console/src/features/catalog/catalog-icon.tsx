// The Catalog section's navbar icon (a price tag), drawn like components/icons.tsx.
import { Icon, type IconProps } from '../../components/icons';

export const CatalogIcon = (p: IconProps) => (
  <Icon strokeWidth={1.8} {...p}>
    <path d="M3 12V4h8l10 10-8 8z" />
    <circle cx="7.5" cy="8.5" r="1.5" />
  </Icon>
);
