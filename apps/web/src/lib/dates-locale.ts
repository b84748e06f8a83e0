// Loads dayjs and the locale of a language on demand (small chunks, off the entry) and makes
// the locale global, so Mantine's date components format in the UI language (docs/product/languages.md).
import type { Language } from '@hc/contract';
import { LANGUAGE_SETTINGS } from './language-settings';

type LocaleModule = { default: ILocale };

const LOADERS: Partial<Record<Language, () => Promise<LocaleModule>>> = {
  'zh-CN': () => import('dayjs/locale/zh-cn.js'),
  'zh-HK': () => import('dayjs/locale/zh-hk.js'),
  'zh-TW': () => import('dayjs/locale/zh-tw.js'),
  'th-TH': () => import('dayjs/locale/th.js'),
  'ko-KR': () => import('dayjs/locale/ko.js'),
  'ja-JP': () => import('dayjs/locale/ja.js'),
  'vi-VN': () => import('dayjs/locale/vi.js'),
  'de-DE': () => import('dayjs/locale/de.js'),
};

/** Registers and selects the dayjs locale; English is built in. Failures keep English. */
export async function applyDayjsLocale(language: Language): Promise<void> {
  try {
    const { default: dayjs } = await import('dayjs');
    const load = LOADERS[language];
    if (!load) {
      dayjs.locale('en');
      return;
    }
    const mod = await load();
    dayjs.locale(mod.default);
    dayjs.locale(LANGUAGE_SETTINGS[language].dayjs);
  } catch {
    // Dates stay in English; the UI text itself is unaffected.
  }
}
