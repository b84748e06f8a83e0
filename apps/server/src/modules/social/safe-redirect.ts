// Where a sign-in may send the browser afterwards: only same-origin paths. `//evil`, `/\evil`,
// schemes and absolute URLs fall back to /main/home (issue 3 part 8).
export const DEFAULT_RETURN_PATH = '/main/home';

const PROBE_ORIGIN = 'http://same-origin.invalid';

// Must start with one slash; no backslashes (browsers read `/\` as `//`), no control chars.
function looksLocal(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
  }
  return true;
}

/** `raw` when it is a same-origin path (path, query, hash), else /main/home. */
export function safeRedirectPath(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return DEFAULT_RETURN_PATH;
  if (!looksLocal(raw)) return DEFAULT_RETURN_PATH;
  // Also refuse what turns unsafe once decoded (a router or proxy that decodes `%5C`, `%2F`).
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (!looksLocal(decoded)) return DEFAULT_RETURN_PATH;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_RETURN_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` (a safe redirect) with query parameters set, keeping its other parameters and hash. */
export function withParams(path: string, params: Record<string, string>): string {
  const url = new URL(path, PROBE_ORIGIN);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}${url.hash}`;
}
