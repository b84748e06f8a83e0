// Per-language settings for dates and components (docs/product/languages.md: Chinese browsers get Chinese
// locales for dates and UI components): dayjs locale, first day of the week, header format.
import type { Language } from '@hc/contract';

export interface LanguageSettings {
  /** dayjs locale name (also given to Mantine's DatesProvider). */
  dayjs: string;
  /** 0 = Sunday, 1 = Monday: the usual convention of each locale. */
  firstDayOfWeek: 0 | 1;
  /** Calendar header (month level) format. */
  monthLabelFormat: string;
  /** Year level header format. */
  yearLabelFormat: string;
}

export const LANGUAGE_SETTINGS: Record<Language, LanguageSettings> = {
  'en-US': {
    dayjs: 'en',
    firstDayOfWeek: 0,
    monthLabelFormat: 'MMMM YYYY',
    yearLabelFormat: 'YYYY',
  },
  'zh-CN': {
    dayjs: 'zh-cn',
    firstDayOfWeek: 1,
    monthLabelFormat: 'YYYY年M月',
    yearLabelFormat: 'YYYY年',
  },
  'zh-HK': {
    dayjs: 'zh-hk',
    firstDayOfWeek: 0,
    monthLabelFormat: 'YYYY年M月',
    yearLabelFormat: 'YYYY年',
  },
  'zh-TW': {
    dayjs: 'zh-tw',
    firstDayOfWeek: 0,
    monthLabelFormat: 'YYYY年M月',
    yearLabelFormat: 'YYYY年',
  },
  'th-TH': {
    dayjs: 'th',
    firstDayOfWeek: 0,
    monthLabelFormat: 'MMMM YYYY',
    yearLabelFormat: 'YYYY',
  },
  'ko-KR': {
    dayjs: 'ko',
    firstDayOfWeek: 0,
    monthLabelFormat: 'YYYY년 M월',
    yearLabelFormat: 'YYYY년',
  },
  'ja-JP': {
    dayjs: 'ja',
    firstDayOfWeek: 0,
    monthLabelFormat: 'YYYY年M月',
    yearLabelFormat: 'YYYY年',
  },
  'vi-VN': {
    dayjs: 'vi',
    firstDayOfWeek: 1,
    monthLabelFormat: 'MMMM, YYYY',
    yearLabelFormat: 'YYYY',
  },
  'de-DE': {
    dayjs: 'de',
    firstDayOfWeek: 1,
    monthLabelFormat: 'MMMM YYYY',
    yearLabelFormat: 'YYYY',
  },
};
