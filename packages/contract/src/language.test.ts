// docs/product/languages.md / ADR 0005 language resolution: one mapping for the web (stored choice,
// browser languages) and the server (`lang` header, Accept-Language). Cases gathered from the
// former apps/web/src/lib/resolve-language.test.ts and apps/server/src/lib/language.test.ts.
import { describe, expect, it } from 'vitest';
import { isLanguage, mapLanguageTag, parseAcceptLanguage, resolveLanguage } from './language';

describe('resolveLanguage', () => {
  it.each([
    ['zh-Hans', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-cn', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans-SG', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hant', 'zh-HK'],
    ['zh-HK', 'zh-HK'],
    ['zh-MO', 'zh-HK'],
    ['zh-Hant-HK', 'zh-HK'],
    ['zh-Hant-MO', 'zh-HK'],
    ['zh-TW', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh_tw', 'zh-TW'],
    ['th', 'th-TH'],
    ['th-TH', 'th-TH'],
    ['ko-KR', 'ko-KR'],
    ['ja', 'ja-JP'],
    ['vi-VN', 'vi-VN'],
    ['de-AT', 'de-DE'],
    ['de-CH', 'de-DE'],
    ['en-GB', 'en-US'],
    ['EN', 'en-US'],
  ])('maps %s to %s', (tag, expected) => {
    expect(resolveLanguage([tag])).toBe(expected);
    expect(mapLanguageTag(tag)).toBe(expected);
  });

  it('falls back to en-US for unknown or empty input', () => {
    expect(resolveLanguage(['fr-FR', 'es'])).toBe('en-US');
    expect(resolveLanguage([])).toBe('en-US');
    expect(resolveLanguage(['', null, undefined])).toBe('en-US');
  });

  it('takes the first candidate it can map', () => {
    expect(resolveLanguage(['fr-FR', 'ja-JP', 'de-DE'])).toBe('ja-JP');
    expect(resolveLanguage(['zh-TW', 'en-US'])).toBe('zh-TW');
  });
});

describe('mapLanguageTag', () => {
  it('returns null for unsupported tags', () => {
    expect(mapLanguageTag('fr')).toBeNull();
    expect(mapLanguageTag('fr-FR')).toBeNull();
    expect(mapLanguageTag('')).toBeNull();
    expect(mapLanguageTag('  ')).toBeNull();
  });

  it('lets the Chinese region win over the script', () => {
    expect(mapLanguageTag('zh-Hans-TW')).toBe('zh-TW');
    expect(mapLanguageTag('zh-Hans-HK')).toBe('zh-HK');
    expect(mapLanguageTag('zh-Hant-CN')).toBe('zh-HK');
  });

  it('ignores surrounding spaces and empty subtags', () => {
    expect(mapLanguageTag(' ja-JP ')).toBe('ja-JP');
    expect(mapLanguageTag('en--us')).toBe('en-US');
  });
});

describe('isLanguage', () => {
  it('accepts exactly the supported tags', () => {
    expect(isLanguage('zh-HK')).toBe(true);
    expect(isLanguage('zh-hk')).toBe(false);
    expect(isLanguage('en')).toBe(false);
    expect(isLanguage(null)).toBe(false);
  });
});

describe('parseAcceptLanguage', () => {
  it('orders Accept-Language by q-value', () => {
    expect(parseAcceptLanguage('fr;q=0.9, ko-KR, en;q=0.8, *;q=0.1, xx;q=0')).toEqual([
      'ko-KR',
      'fr',
      'en',
    ]);
  });

  it('keeps the header order for equal weights and drops empty parts', () => {
    expect(parseAcceptLanguage('de, , ja')).toEqual(['de', 'ja']);
    expect(parseAcceptLanguage('')).toEqual([]);
  });
});
