// Redirect safety after sign-in: only same-origin paths survive.
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const HOME = '/main/home';

describe('safeRedirect', () => {
  it.each([
    ['/main/account/user?a=b#c', '/main/account/user?a=b#c'],
    ['/main/recharge', '/main/recharge'],
    ['/main/event/detail/5?tab=all', '/main/event/detail/5?tab=all'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['null', null],
    ['undefined', undefined],
    ['protocol-relative', '//evil.example'],
    ['backslash after slash', '/\\evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['absolute http URL', 'http://x'],
    ['absolute https URL', 'https://evil.example/main/home'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['mailto scheme', 'mailto:a@b.c'],
    ['encoded protocol-relative', '%2F%2Fevil'],
    ['encoded slashes after slash', '/%2F%2Fevil'],
    ['encoded backslash', '/%5Cevil'],
    ['double-encoded slashes', '/%252F%252Fevil'],
    ['tab trick', '/\t/evil'],
    ['relative path', 'main/home'],
    ['malformed encoding', '/%E0%A4%A'],
    ['the login page itself', '/login?redirect=%2Fmain'],
  ])('falls back to home for %s', (_, raw) => {
    expect(safeRedirect(raw)).toBe(HOME);
  });
});
