// docs/product/languages.md / ADR 0005 language resolution.
import { describe, expect, it } from 'vitest';
import { mapLanguageTag, resolveLanguage } from './resolve-language';

describe('resolveLanguage', () => {
  it.each([
    ['zh-Hans', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
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

  it('returns null from mapLanguageTag for unsupported tags', () => {
    expect(mapLanguageTag('fr')).toBeNull();
    expect(mapLanguageTag('')).toBeNull();
  });
});
