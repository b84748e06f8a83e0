// The Content section's navbar icon (a document with lines), drawn like components/icons.tsx.
import { Icon, type IconProps } from '../../components/icons';

export const ContentIcon = (p: IconProps) => (
  <Icon strokeWidth={1.8} {...p}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M14 3v5h5" />
    <path d="M9 12h7M9 16h7M9 8h3" />
  </Icon>
);
