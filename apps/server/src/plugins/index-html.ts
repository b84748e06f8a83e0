// The web app's index.html as the server sends it (docs/frontend-budgets.md#first-paint): the built
// file with the publisher's brand colours (modules/system/brand.ts), the site configuration inlined (the answer of /api/setting/init, so the app starts
// without that round trip), the landing page's key art preloaded, and a static boot shell (the
// header bar with the site title, and the key art where the banner will be: the home page's
// banner, the top-up page's lower game banner)
// that paints with the HTML and CSS, before any JavaScript has run. The app removes the shell
// when its first page is on screen (apps/web/src/lib/boot-shell.ts).
import type { SettingInitResult } from '@hc/contract';

/** Marker comments in apps/web/index.html, replaced per request. */
export const HEAD_MARKER = '<!--hc:head-->';
export const SHELL_MARKER = '<!--hc:shell-->';
/** Ids shared with apps/web/src/lib/boot-shell.ts. */
export const SITE_CONFIG_ELEMENT_ID = 'hc-site-config';
export const BOOT_SHELL_ELEMENT_ID = 'hc-boot';

/** Paths that open the home page (`/` and `/main` redirect to it in the app). */
const HOME_PATHS = new Set(['/', '/main', '/main/home']);
/** The top-up page, under the game's banner (apps/web/src/features/content/components/game-banner.tsx). */
const TOPUP_PATH = '/main/recharge';
const VIDEO = /\.(?:mp4|webm|ogg)(?:[?#]|$)/i;
/** How long one reading of the config and key art serves (a console change shows within it). */
const TTL_MS = 5_000;

export interface ShellSource {
  /** The publisher's look as a CSS rule (modules/system/brand.ts), '' for the built one. */
  brandCss: string;
  /** The /api/setting/init answer. */
  siteConfig(): Promise<SettingInitResult>;
  /** The default game's key art (the home banner's image or video), or null. */
  heroImage(): Promise<string | null>;
}

interface ShellData {
  configJson: string;
  siteTitle: string;
  logo: string;
  hero: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that cannot end its <script> element or open a comment inside it. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Only same-origin paths and http(s) URLs become an <img> or preload (never javascript: etc.). */
function safeImage(url: string | null): string | null {
  if (url === null || url === '' || VIDEO.test(url)) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

export function createIndexRenderer(
  /** The built index.html (read when it changed). */
  template: () => string,
  source: ShellSource | undefined,
  now: () => number = Date.now,
) {
  let cached: { at: number; data: Promise<ShellData | null> } | null = null;

  async function read(): Promise<ShellData | null> {
    if (source === undefined) return null;
    try {
      const [config, hero] = await Promise.all([
        source.siteConfig(),
        source.heroImage().catch(() => null),
      ]);
      return {
        configJson: scriptJson(config),
        siteTitle: config.site_title,
        logo: config.logo,
        hero: safeImage(hero),
      };
    } catch {
      // No game yet, or the database is away: the app fetches the config itself.
      return null;
    }
  }

  function data(): Promise<ShellData | null> {
    const at = now();
    if (cached === null || at - cached.at >= TTL_MS) cached = { at, data: read() };
    return cached.data;
  }

  return {
    /** index.html for a request of `path` (without its query string). */
    async render(path: string): Promise<string> {
      const shell = await data();
      // The brand's colours even when the config could not be read: the app draws with them.
      const style = source?.brandCss ? `<style id="hc-brand">${source.brandCss}</style>` : '';
      const html = template();
      if (shell === null) return html.replace(HEAD_MARKER, style).replace(SHELL_MARKER, '');
      const route = path.length > 1 ? path.replace(/\/+$/, '') : path;
      const banner = HOME_PATHS.has(route)
        ? 'hc-boot-hero'
        : route === TOPUP_PATH
          ? 'hc-boot-hero hc-boot-banner'
          : null;
      const hero = banner === null ? null : shell.hero;
      const head =
        style +
        (hero === null
          ? ''
          : `<link rel="preload" as="image" href="${escapeHtml(hero)}" fetchpriority="high">`) +
        `<script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">${shell.configJson}</script>`;
      const body =
        `<div id="${BOOT_SHELL_ELEMENT_ID}" class="hc-boot" aria-hidden="true">` +
        `<div class="hc-boot-bar"><img class="hc-boot-logo" src="${escapeHtml(shell.logo)}" alt="" width="36" height="36">` +
        `<span class="hc-boot-title">${escapeHtml(shell.siteTitle)}</span></div>` +
        (hero === null
          ? ''
          : `<div class="${banner}"><img src="${escapeHtml(hero)}" alt="" fetchpriority="high"></div>`) +
        `</div>`;
      return html.replace(HEAD_MARKER, head).replace(SHELL_MARKER, body);
    },
  };
}
