// Picks one of the docs/product/languages.md languages for a request from its `lang` or Accept-Language header,
// falling back to en-US (docs/product/languages.md#fallback).
import type { IncomingHttpHeaders } from 'node:http';
import { FALLBACK_LANGUAGE, LANGUAGE_HEADER, LANGUAGES, type Language } from '@hc/contract';

const byLowerCase = new Map<string, Language>(LANGUAGES.map((l) => [l.toLowerCase(), l]));

// Tags that are not one of ours verbatim, mapped the way the web's detector maps them.
const aliases: Record<string, Language> = {
  zh: 'zh-CN',
  'zh-hans': 'zh-CN',
  'zh-sg': 'zh-CN',
  'zh-hant': 'zh-HK',
  'zh-mo': 'zh-HK',
  'zh-hant-tw': 'zh-TW',
  'zh-hant-hk': 'zh-HK',
  'zh-hant-mo': 'zh-HK',
  'zh-hans-cn': 'zh-CN',
  en: 'en-US',
  th: 'th-TH',
  ko: 'ko-KR',
  ja: 'ja-JP',
  vi: 'vi-VN',
  de: 'de-DE',
};

/** Map one BCP 47 tag to a supported language, or undefined. */
export function matchLanguage(tag: string): Language | undefined {
  const lower = tag.trim().toLowerCase().replaceAll('_', '-');
  if (lower === '') return undefined;
  const exact = byLowerCase.get(lower) ?? aliases[lower];
  if (exact !== undefined) return exact;
  // zh-Hant-XX / zh-Hans-XX, then the primary subtag (en-GB -> en-US, de-AT -> de-DE).
  const parts = lower.split('-');
  if (parts.length > 2) {
    const twoParts = aliases[`${parts[0]}-${parts[1]}`];
    if (twoParts !== undefined) return twoParts;
  }
  if (parts[0] === 'zh')
    return parts.includes('tw')
      ? 'zh-TW'
      : parts.includes('hk') || parts.includes('mo')
        ? 'zh-HK'
        : 'zh-CN';
  return aliases[parts[0] ?? ''];
}

/** Languages of an Accept-Language header, best first (q-values honoured). */
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

/** The request's language: the `lang` header wins, then Accept-Language, then en-US. */
export function pickLanguage(headers: IncomingHttpHeaders): Language {
  const raw = headers[LANGUAGE_HEADER];
  const lang = Array.isArray(raw) ? raw[0] : raw;
  const candidates = [
    ...(lang === undefined ? [] : [lang]),
    ...parseAcceptLanguage(headers['accept-language'] ?? ''),
  ];
  for (const candidate of candidates) {
    const match = matchLanguage(candidate);
    if (match !== undefined) return match;
  }
  return FALLBACK_LANGUAGE;
}
