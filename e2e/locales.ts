// The web app's own `common` translations (apps/web/src/locales), so the browser suite reads its
// expected texts from the same JSON the app ships instead of hard-coding translations (docs/product/languages.md).
import { LANGUAGES, STORAGE_KEYS, type Language } from '../packages/contract/src/constants.ts';
import deDE from '../apps/web/src/locales/de-DE/common.json' with { type: 'json' };
import enUS from '../apps/web/src/locales/en-US/common.json' with { type: 'json' };
import jaJP from '../apps/web/src/locales/ja-JP/common.json' with { type: 'json' };
import koKR from '../apps/web/src/locales/ko-KR/common.json' with { type: 'json' };
import thTH from '../apps/web/src/locales/th-TH/common.json' with { type: 'json' };
import viVN from '../apps/web/src/locales/vi-VN/common.json' with { type: 'json' };
import zhCN from '../apps/web/src/locales/zh-CN/common.json' with { type: 'json' };
import zhHK from '../apps/web/src/locales/zh-HK/common.json' with { type: 'json' };
import zhTW from '../apps/web/src/locales/zh-TW/common.json' with { type: 'json' };

export type CommonTexts = typeof enUS;

const COMMON: Record<Language, CommonTexts> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
  'zh-TW': zhTW,
  'th-TH': thTH,
  'ko-KR': koKR,
  'ja-JP': jaJP,
  'vi-VN': viVN,
  'de-DE': deDE,
};

export { LANGUAGES, STORAGE_KEYS, type Language };

/** The `common` namespace of one language. */
export function common(language: Language): CommonTexts {
  return COMMON[language];
}

/** i18next-style `{{name}}` interpolation for the few texts with placeholders. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** docs/product/routes-and-screens.md#page-titles: every page title is "{translated route title} - {site title}". */
export function pageTitle(
  language: Language,
  route: keyof CommonTexts['routes'],
  siteTitle: string,
): string {
  return `${common(language).routes[route]} - ${siteTitle}`;
}
