// Language choice for translated content: lang header, then Accept-Language, then en-US (docs/product/languages.md#fallback).
// The tag mapping and Accept-Language parsing are tested in packages/contract/src/language.test.ts.
import { describe, expect, it } from 'vitest';
import { matchLanguage, pickLanguage } from './language';

describe('language', () => {
  it('maps one tag, undefined when it is not one of ours', () => {
    expect(matchLanguage('zh-Hant-HK')).toBe('zh-HK');
    expect(matchLanguage('de-AT')).toBe('de-DE');
    expect(matchLanguage('fr-FR')).toBeUndefined();
  });

  it('prefers the lang header, then the best supported Accept-Language, then en-US', () => {
    expect(pickLanguage({ lang: 'vi-VN', 'accept-language': 'de-DE' })).toBe('vi-VN');
    expect(pickLanguage({ lang: 'xx', 'accept-language': 'fr, th;q=0.5' })).toBe('th-TH');
    expect(pickLanguage({ 'accept-language': 'fr-FR' })).toBe('en-US');
    expect(pickLanguage({})).toBe('en-US');
  });
});
