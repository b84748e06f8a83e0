// docs/product/languages.md: the stored language wins, else the browser's languages, else en-US.
import { STORAGE_KEYS } from '@hc/contract';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, detectLanguage, getI18next } from './i18n';

function browserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('detectLanguage', () => {
  it('prefers the stored choice', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'ja-JP');
    browserLanguages(['de-DE']);
    expect(detectLanguage()).toBe('ja-JP');
  });

  it('ignores an unsupported stored value and maps the browser language', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'xx-YY');
    browserLanguages(['zh-Hant-HK', 'en-US']);
    expect(detectLanguage()).toBe('zh-HK');
  });

  it('falls back to en-US', () => {
    browserLanguages(['fr-FR']);
    expect(detectLanguage()).toBe('en-US');
  });
});

describe('changeLanguage', () => {
  it('loads the texts lazily, stores the choice and sets <html lang>', async () => {
    await changeLanguage('th-TH');
    const i18next = getI18next();
    expect(i18next.t('nav.home')).toBe('หน้าแรก');
    expect(i18next.t('errors:SystemBusy')).toBe('ระบบไม่ว่าง โปรดลองอีกครั้งในภายหลัง');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('th-TH');
    expect(document.documentElement.lang).toBe('th-TH');
  });
});
