// docs/product/languages.md language choice as a pure function (ADR 0005): the first candidate we can map wins,
// else en-US. Our own mapping because i18next's detector sends zh-Hant-HK to zh-CN.
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@hc/contract';

const BY_PRIMARY: Record<string, Language> = {
  en: 'en-US',
  th: 'th-TH',
  ko: 'ko-KR',
  ja: 'ja-JP',
  vi: 'vi-VN',
  de: 'de-DE',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Chinese: script first (Hans/Hant), then region; bare `zh` is simplified. */
function chineseVariant(subtags: readonly string[]): Language {
  const script = subtags.find((s) => s.length === 4);
  const region = subtags.find((s) => s.length === 2 || /^\d{3}$/.test(s));
  if (region === 'tw') return 'zh-TW';
  if (region === 'hk' || region === 'mo') return 'zh-HK';
  if (script === 'hant') return 'zh-HK';
  return 'zh-CN';
}

/** Maps one BCP 47 tag (any case, `-` or `_`) to a supported language, or null. */
export function mapLanguageTag(tag: string): Language | null {
  const subtags = tag.trim().toLowerCase().split(/[-_]/).filter(Boolean);
  const [primary, ...rest] = subtags;
  if (!primary) return null;
  if (primary === 'zh') return chineseVariant(rest);
  return BY_PRIMARY[primary] ?? null;
}

export function resolveLanguage(candidates: readonly (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const mapped = mapLanguageTag(candidate);
    if (mapped) return mapped;
  }
  return FALLBACK_LANGUAGE;
}
