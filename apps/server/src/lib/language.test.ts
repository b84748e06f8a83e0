// Language choice for translated content: lang header, then Accept-Language, then en-US (docs/product/languages.md#fallback).
import { describe, expect, it } from 'vitest';
import { matchLanguage, parseAcceptLanguage, pickLanguage } from './language';

describe('language', () => {
  it('maps tags to the nine docs/product/languages.md languages', () => {
    expect(matchLanguage('zh-cn')).toBe('zh-CN');
    expect(matchLanguage('zh-Hans')).toBe('zh-CN');
    expect(matchLanguage('zh-Hant-HK')).toBe('zh-HK');
    expect(matchLanguage('zh-Hant')).toBe('zh-HK');
    expect(matchLanguage('zh-TW')).toBe('zh-TW');
    expect(matchLanguage('zh-Hant-TW')).toBe('zh-TW');
    expect(matchLanguage('zh-MO')).toBe('zh-HK');
    expect(matchLanguage('en-GB')).toBe('en-US');
    expect(matchLanguage('de-AT')).toBe('de-DE');
    expect(matchLanguage('ja')).toBe('ja-JP');
    expect(matchLanguage('fr-FR')).toBeUndefined();
  });

  it('orders Accept-Language by q-value', () => {
    expect(parseAcceptLanguage('fr;q=0.9, ko-KR, en;q=0.8, *;q=0.1, xx;q=0')).toEqual([
      'ko-KR',
      'fr',
      'en',
    ]);
  });

  it('prefers the lang header, then the best supported Accept-Language, then en-US', () => {
    expect(pickLanguage({ lang: 'vi-VN', 'accept-language': 'de-DE' })).toBe('vi-VN');
    expect(pickLanguage({ lang: 'xx', 'accept-language': 'fr, th;q=0.5' })).toBe('th-TH');
    expect(pickLanguage({ 'accept-language': 'fr-FR' })).toBe('en-US');
    expect(pickLanguage({})).toBe('en-US');
  });
});
