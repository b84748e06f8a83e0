// Vite plugin serving `virtual:hc-theme.css`: the theme's CSS variables as a static stylesheet,
// so the strict CSP (style-src 'self') needs no inline <style> from MantineProvider.
import type { Plugin } from 'vite';
import { buildThemeCss } from './css-variables.ts';

const PUBLIC_ID = 'virtual:hc-theme.css';
const RESOLVED_ID = '\0virtual:hc-theme.css';

export function themeCssPlugin(): Plugin {
  return {
    name: 'hc-theme-css',
    resolveId(id) {
      return id === PUBLIC_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      return id === RESOLVED_ID ? buildThemeCss() : undefined;
    },
  };
}
