// The open-redirect corpus (docs/security.md) through the login page's rule:
// every payload ends on a path of this origin, resolved the way the browser resolves it.
import { describe, expect, it } from 'vitest';
import {
  OPEN_REDIRECT_CORPUS,
  SAME_ORIGIN_PATHS,
} from '../../../server/test/support/open-redirect-corpus';
import { safeRedirect } from './safe-redirect';

const ORIGIN = 'https://portal.example';

describe('safeRedirect against the open-redirect corpus (docs/product/session.md#redirect-after-sign-in redirect)', () => {
  it.each(OPEN_REDIRECT_CORPUS.map((p) => [p]))('%j stays on the portal', (payload) => {
    const out = safeRedirect(payload);
    expect(out.startsWith('/') && !out.startsWith('//') && !out.includes('\\')).toBe(true);
    expect(new URL(out, ORIGIN).origin).toBe(ORIGIN);
    // As a link in the page too (jsdom's URL parser, like the browser's).
    const a = document.createElement('a');
    a.href = new URL(out, ORIGIN).href;
    expect(a.origin).toBe(ORIGIN);
  });

  it.each(SAME_ORIGIN_PATHS)('keeps %j', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });
});
