// The Games \& servers section's navbar icon (a game pad), drawn like components/icons.tsx.
import type { SVGProps } from 'react';

export function GamepadIcon({ size = 18, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d="M6 8h12a4 4 0 0 1 4 4v2a3 3 0 0 1-5.2 2L15 14H9l-1.8 2A3 3 0 0 1 2 14v-2a4 4 0 0 1 4-4z" />
      <path d="M7 11v3M5.5 12.5h3" />
      <path d="M16 11.5h.01M18 13h.01" />
    </svg>
  );
}
