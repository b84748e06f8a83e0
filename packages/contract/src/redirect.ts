// Where the portal may send a browser after sign-in (docs/product/session.md#redirect-after-sign-in `redirect`): only
// a same-origin path. One rule for the server (social callbacks) and the web (login page).

export const DEFAULT_RETURN_PATH = '/main/home';
const LOGIN_PATH = '/login';
const PROBE_ORIGIN = 'http://portal.invalid';
const MAX_DECODE_ROUNDS = 3;
const MAX_LENGTH = 2048;

/** Every decoded form of `raw` (percent-encoding may hide `//` or `\`), or null if malformed. */
function decodedForms(raw: string): string[] | null {
  const forms = [raw];
  let current = raw;
  for (let i = 0; i < MAX_DECODE_ROUNDS; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

function looksLocal(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  // Browsers treat `\` as `/` in URLs: `/\evil` is protocol-relative.
  if (path.includes('\\')) return false;
  // Control characters and whitespace (`/\tevil`, `/\nevil`) are stripped by URL parsers.
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f) return false;
  }
  return true;
}

/**
 * `raw` when it is a path on this site (path, query and hash kept), else /main/home.
 * `//evil`, `/\evil`, schemes, absolute URLs, encoded variants and `/login` itself (a loop)
 * all fall back.
 */
export function safeRedirectPath(raw: unknown): string {
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_LENGTH) return DEFAULT_RETURN_PATH;
  const forms = decodedForms(raw);
  if (!forms || !forms.every(looksLocal)) return DEFAULT_RETURN_PATH;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === LOGIN_PATH) return DEFAULT_RETURN_PATH;
  // Dot segments are resolved only now: `/.//evil` and `/..//evil` become `//evil`, which a
  // browser reads as another host (open-redirect corpus, apps/server/test/support/open-redirect-corpus.ts). Check the result too.
  if (!looksLocal(url.pathname)) return DEFAULT_RETURN_PATH;
  return url.pathname + url.search + url.hash;
}

/** `path` (a safe redirect) with query parameters set, keeping its other parameters and hash. */
export function withQueryParams(path: string, params: Record<string, string>): string {
  const url = new URL(path, PROBE_ORIGIN);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.pathname + url.search + url.hash;
}
