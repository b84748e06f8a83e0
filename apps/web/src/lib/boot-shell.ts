// The boot shell the server writes into index.html (apps/server/src/plugins/index-html.ts;
// docs/frontend-budgets.md#first-paint): the site config inlined as JSON, and a static overlay (the
// header bar, and the key art on the home page) painted before any JavaScript runs. The app reads
// the config from the page instead of calling /api/setting/init, and removes the overlay once its
// first page is on screen (or after BOOT_SHELL_TIMEOUT_MS, whatever happened).

/** Ids shared with the server's index-html.ts. */
export const SITE_CONFIG_ELEMENT_ID = 'hc-site-config';
export const BOOT_SHELL_ELEMENT_ID = 'hc-boot';
/** The overlay never outstays this, even when no page ever mounts. */
export const BOOT_SHELL_TIMEOUT_MS = 10_000;

/** The inlined config, once (the element is removed): unknown until the contract parses it. */
export function takeInlineSiteConfig(): unknown {
  const element = document.getElementById(SITE_CONFIG_ELEMENT_ID);
  if (element === null) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/** Takes the static shell off the screen: the app's own page is there now. */
export function removeBootShell(): void {
  document.getElementById(BOOT_SHELL_ELEMENT_ID)?.remove();
}
