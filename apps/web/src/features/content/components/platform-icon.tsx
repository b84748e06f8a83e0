// Simple drawn platform marks for the download buttons (own artwork, not vendor logos).
import type { Platform } from '@hc/contract';

export function PlatformIcon({ platform }: { platform: Platform }) {
  const common = {
    width: 26,
    height: 26,
    viewBox: '0 0 24 24',
    'aria-hidden': true,
    fill: 'currentColor',
  } as const;
  if (platform === 'android') {
    return (
      <svg {...common}>
        <path d="M6 9h12v8a1.5 1.5 0 0 1-1.5 1.5H16v2.5a1.25 1.25 0 0 1-2.5 0V18.5h-3v2.5a1.25 1.25 0 0 1-2.5 0V18.5h-.5A1.5 1.5 0 0 1 6 17z" />
        <path d="M6.2 8a5.9 5.9 0 0 1 11.6 0zM9.5 5.6a.7.7 0 1 0 0-1.4.7.7 0 0 0 0 1.4m5 0a.7.7 0 1 0 0-1.4.7.7 0 0 0 0 1.4" />
        <rect x="3" y="9.5" width="2.2" height="6.5" rx="1.1" />
        <rect x="18.8" y="9.5" width="2.2" height="6.5" rx="1.1" />
      </svg>
    );
  }
  if (platform === 'ios') {
    return (
      <svg {...common}>
        <path d="M16.4 12.6c0-2 1.6-2.9 1.7-3a3.8 3.8 0 0 0-3-1.6c-1.3-.1-2.5.8-3.1.8s-1.6-.8-2.7-.7a4 4 0 0 0-3.4 2c-1.5 2.5-.4 6.3 1 8.4.7 1 1.5 2.1 2.6 2s1.4-.7 2.7-.7 1.6.7 2.7.7 1.8-1 2.5-2a8.6 8.6 0 0 0 1.1-2.3 3.6 3.6 0 0 1-2.1-3.6M14.3 6.5a3.4 3.4 0 0 0 .8-2.5 3.5 3.5 0 0 0-2.3 1.2 3.3 3.3 0 0 0-.8 2.4 2.9 2.9 0 0 0 2.3-1.1" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <path d="M3 5.5 10.5 4.4v7.1H3zM11.5 4.3 21 3v8.5h-9.5zM3 12.5h7.5v7.1L3 18.5zM11.5 12.5H21V21l-9.5-1.3z" />
    </svg>
  );
}
