// Which of the docs/product/languages.md languages a BCP 47 tag means (ADR 0005), one mapping for
// the web (stored choice, browser languages) and the server (`lang` header, Accept-Language):
// zh-Hans/zh-CN/zh-SG -> zh-CN, zh-Hant/zh-HK/zh-MO -> zh-HK, zh-TW -> zh-TW, other languages by
// their primary subtag (en-GB -> en-US, de-AT -> de-DE), anything else -> en-US (the fallback).
// Our own mapping because i18next's detector sends zh-Hant-HK to zh-CN.
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './constants';

const BY_PRIMARY: Readonly<Record<string, Language>> = {
  en: 'en-US',
  th: 'th-TH',
  ko: 'ko-KR',
  ja: 'ja-JP',
  vi: 'vi-VN',
  de: 'de-DE',
};

/** One of LANGUAGES exactly (case-sensitive), e.g. a stored choice. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Chinese: the region decides (TW, then HK/MO), else the script (Hant), else simplified. */
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

/** The first candidate that maps to a supported language, else en-US. */
export function resolveLanguage(candidates: readonly (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const mapped = mapLanguageTag(candidate);
    if (mapped) return mapped;
  }
  return FALLBACK_LANGUAGE;
}

/** The tags of an Accept-Language header, best first (q-values honoured; `*` and q=0 dropped). */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The value for `language` from a per-language map (names, texts, documents), else en-US
 * (docs/product/languages.md#fallback), else any language there is; undefined when empty. The one
 * localized-text pick of the server and the web.
 */
export function inLanguage<T>(
  texts: Readonly<Partial<Record<string, T>>>,
  language: string,
): T | undefined {
  return texts[language] ?? texts[FALLBACK_LANGUAGE] ?? Object.values(texts).find((t) => t != null);
}
