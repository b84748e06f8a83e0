// Picks one of the docs/product/languages.md languages for a request from its `lang` or Accept-Language header,
// falling back to en-US (docs/product/languages.md#fallback). The tag mapping itself is the
// contract's (packages/contract/src/language.ts), shared with the web.
import type { IncomingHttpHeaders } from 'node:http';
import {
  LANGUAGE_HEADER,
  mapLanguageTag,
  parseAcceptLanguage,
  resolveLanguage,
  type Language,
} from '@hc/contract';

export { parseAcceptLanguage };

/** Map one BCP 47 tag to a supported language, or undefined. */
export function matchLanguage(tag: string): Language | undefined {
  return mapLanguageTag(tag) ?? undefined;
}

/** The request's language: the `lang` header wins, then Accept-Language, then en-US. */
export function pickLanguage(headers: IncomingHttpHeaders): Language {
  const raw = headers[LANGUAGE_HEADER];
  const lang = Array.isArray(raw) ? raw[0] : raw;
  return resolveLanguage([lang, ...parseAcceptLanguage(headers['accept-language'] ?? '')]);
}
