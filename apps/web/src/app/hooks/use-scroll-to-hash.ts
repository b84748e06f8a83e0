// Router navigation does not scroll: go to the top on a new page, or to the `#section` named
// in the URL (header/footer links to home sections) and move focus there for keyboard users.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function useScrollToHash(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView?.({ block: 'start' });
      target.focus?.({ preventScroll: true });
    } else if (typeof window.scrollTo === 'function') {
      try {
        window.scrollTo(0, 0);
      } catch {
        /* jsdom */
      }
    }
  }, [pathname, hash]);
}
