// docs/product/sign-in.md#password-rule: 6..16 characters, at least 2 of digits, letters, special characters.
import { describe, expect, it } from 'vitest';
import { checkPassword } from './password';

describe('checkPassword (docs/product/sign-in.md#password-rule)', () => {
  it.each([
    'abc123',
    'abcdef12345678901'.slice(0, 16),
    'abc!@#',
    '123!@#',
    'Passw0rd!',
    'a1a1a1a1a1a1a1a1',
  ])('accepts %s', (pw) => {
    expect(checkPassword(pw)).toEqual({ ok: true });
  });

  it('length boundaries: 5 and 17 rejected, 6 and 16 accepted', () => {
    expect(checkPassword('abc12')).toEqual({ ok: false, reason: 'length' });
    expect(checkPassword('abc123')).toEqual({ ok: true });
    expect(checkPassword('abcdefgh12345678')).toEqual({ ok: true });
    expect(checkPassword('abcdefgh123456789')).toEqual({ ok: false, reason: 'length' });
    expect(checkPassword('')).toEqual({ ok: false, reason: 'length' });
  });

  it('one kind only is rejected', () => {
    expect(checkPassword('abcdefgh')).toEqual({ ok: false, reason: 'kinds' });
    expect(checkPassword('12345678')).toEqual({ ok: false, reason: 'kinds' });
    expect(checkPassword('!@#$%^&*')).toEqual({ ok: false, reason: 'kinds' });
  });

  it('a too-long single-kind password reports length first', () => {
    expect(checkPassword('a'.repeat(20))).toEqual({ ok: false, reason: 'length' });
  });

  it('Unicode letters count as letters, Unicode decimal digits as digits', () => {
    expect(checkPassword('密码密码密码')).toEqual({ ok: false, reason: 'kinds' });
    expect(checkPassword('密码密码12')).toEqual({ ok: true });
    expect(checkPassword('Äöüß٣٤')).toEqual({ ok: true });
  });

  it('length counts code points, not UTF-16 units', () => {
    // 5 emoji (10 UTF-16 units) + 1 letter = 6 code points: emoji are special characters
    expect(checkPassword('😀😀😀😀😀a')).toEqual({ ok: true });
    expect(checkPassword('😀😀😀😀a')).toEqual({ ok: false, reason: 'length' });
  });

  it('a space counts as a special character', () => {
    expect(checkPassword('abc def')).toEqual({ ok: true });
  });

  it('control characters count as no kind', () => {
    expect(checkPassword('abcdef\u0000\u0001')).toEqual({ ok: false, reason: 'kinds' });
  });
});
