// Unit tests for the same-origin redirect rule used by social sign-in.
import { describe, expect, it } from 'vitest';
import { safeRedirectPath, withParams } from './safe-redirect';
import { appleUserName } from './social.service';

describe('safeRedirectPath', () => {
  it.each([
    ['/main/recharge', '/main/recharge'],
    ['/main/event/detail/3?tab=1#top', '/main/event/detail/3?tab=1#top'],
    ['/main/./event/../event', '/main/event'],
  ])('keeps the same-origin path %j', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '/main/../login',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/%5Cevil.example',
    '/%2F/evil.example',
    '/%E0%A4%A',
    'https://evil.example/main',
    'javascript:alert(1)',
    'data:text/html,x',
    'main/home',
    '',
    undefined,
    42,
    ['/main'],
    `/${'a'.repeat(3000)}`,
  ])('falls back to /main/home for %j', (raw) => {
    expect(safeRedirectPath(raw)).toBe('/main/home');
  });
});

describe('withParams', () => {
  it('sets parameters and keeps the others and the hash', () => {
    expect(withParams('/main/home?a=1#h', { hctoken: 't', a: '2' })).toBe(
      '/main/home?a=2&hctoken=t#h',
    );
  });
});

describe('appleUserName', () => {
  it('reads first and last name from Apple’s `user` field', () => {
    expect(appleUserName('{"name":{"firstName":"Ann","lastName":"Apple"},"email":"a@b.c"}')).toBe(
      'Ann Apple',
    );
  });
  it.each([null, 'not json', '{}', '{"name":{"firstName":""}}'])('is null for %j', (raw) => {
    expect(appleUserName(raw)).toBeNull();
  });
});
