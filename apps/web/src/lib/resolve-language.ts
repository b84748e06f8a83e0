// docs/product/languages.md language choice (ADR 0005): the one mapping of the contract
// (packages/contract/src/language.ts), shared with the server; the first candidate we can map
// wins, else en-US.
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@hc/contract';

export { isLanguage, mapLanguageTag, resolveLanguage } from '@hc/contract';

/** A supported language as it is; anything else (unset, not one of ours) is en-US, the fallback. */
export function languageOrFallback(value: unknown): Language {
  return isLanguage(value) ? value : FALLBACK_LANGUAGE;
}
