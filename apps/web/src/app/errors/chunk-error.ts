// Telling a failed lazy-route import (docs/product/routes-and-screens.md#lazy-loading-and-the-load-error-page load error) apart from other route errors.

/** Thrown by lazyRoute() when a route module cannot be imported. */
export class RouteLoadError extends Error {
  override readonly name = 'RouteLoadError';
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof RouteLoadError) return true;
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}
