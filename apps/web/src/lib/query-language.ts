// Language-dependent queries: the server answers names and texts in the request
// language, so such a query carries the UI language in its key and sends that same language as
// the `lang` header, never the one the API client happens to hold at the time. The landing
// prefetch runs before i18n has set the client's language, and a language switch re-renders the
// page (new keys) before the client's language changes; both used to cache answers in one
// language under another language's key.
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n';

/** The UI language, as a query-key part: language-dependent queries refetch on a switch. */
export function useQueryLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language ?? currentLanguage();
}

/** The request headers of a query keyed by `lang`: that language, whatever the client holds. */
export const langHeaders = (lang: string): { lang: string } => ({ lang });

/**
 * placeholderData for a query whose key ends with other parts after `lang` at `langIndex`:
 * across a language switch only (every other key part equal), the previous answer stays shown
 * while the new language loads, so the choices built on it stay put. Any other key change
 * (another server, role, pack) shows nothing stale.
 */
export function keepAcrossLanguage(langIndex: number) {
  return <T>(
    previous: T | undefined,
    previousQuery: { queryKey: readonly unknown[] } | undefined,
    key: readonly unknown[],
  ): T | undefined => {
    if (previous === undefined || previousQuery === undefined) return undefined;
    const before = previousQuery.queryKey;
    if (before.length !== key.length) return undefined;
    const same = key.every((part, i) => i === langIndex || Object.is(part, before[i]));
    return same ? previous : undefined;
  };
}
