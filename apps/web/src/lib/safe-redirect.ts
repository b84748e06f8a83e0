// Where to go after sign-in (issue 3 part 8): only a same-origin path; anything else → home.
import { paths } from './paths';

const PROBE_ORIGIN = 'http://portal.invalid';
const MAX_DECODE_ROUNDS = 3;

/** Every decoded form of `raw` (percent-encoding may hide `//` or `\`). */
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

function looksSafe(path: string): boolean {
  if (!path.startsWith('/')) return false;
  if (path.startsWith('//')) return false;
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
 * SPEC §4 redirect parameter, made safe: returns `raw` when it is a path on this site
 * (path + query + hash kept), else /main/home. `/login` itself also falls back (no loop).
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw === '') return paths.home;
  const forms = decodedForms(raw);
  if (!forms || !forms.every(looksSafe)) return paths.home;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return paths.home;
  }
  if (url.origin !== PROBE_ORIGIN) return paths.home;
  if (url.pathname === paths.login) return paths.home;
  return url.pathname + url.search + url.hash;
}
