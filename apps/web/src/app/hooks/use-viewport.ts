// Keeps app state `isMobile` in step with the viewport (docs/product/constants.md#layout-and-timing: width <= 750 px).
import { MOBILE_MAX_WIDTH } from '@hc/contract';
import { useLayoutEffect } from 'react';
import { appStore } from '../../lib/app-store';

export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

export function useViewport(): void {
  useLayoutEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => {
      if (appStore.getState().isMobile !== query.matches)
        appStore.setState({ isMobile: query.matches });
    };
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
}
