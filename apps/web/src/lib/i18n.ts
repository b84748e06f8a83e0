// i18next set-up (ADR 0005): one JSON file per language and namespace under src/locales,
// all loaded lazily (en-US too: it is only the fallback). Language changes also update <html lang>,
// dayjs, the `lang` request header and the stored preference (docs/product/languages.md).
// i18next itself is a chunk of its own (ADR 0024, entry budget): initI18n fetches it together
// with the language's JSON files and dayjs, in the one wave of requests before the first render.
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@hc/contract';
import type { BackendModule, i18n as I18n, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from './request-context';
import { applyDayjsLocale } from './dates-locale';
import { isLanguage, languageOrFallback, resolveLanguage } from './resolve-language';
import { storage } from './storage';

/** Add a namespace: create src/locales/<lang>/<ns>.json for all nine languages, list it here. */
export const NAMESPACES = ['common', 'errors', 'auth', 'topup', 'account', 'content'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const loaders = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** docs/product/languages.md: the stored choice, else the browser languages, else en-US. */
export function detectLanguage(): Language {
  const stored = storage.getLanguage();
  if (isLanguage(stored)) return stored;
  const browser =
    typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  return resolveLanguage(browser);
}

function applySideEffects(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  setRequestLanguage(language);
}

let instance: I18n | null = null;
let loading: Promise<I18n> | null = null;

function loadI18next(): Promise<I18n> {
  loading ??= import('i18next').then((mod) => (instance = mod.default));
  return loading;
}

/** Starts the JSON imports init will ask the backend for, so they load beside i18next. */
function prefetchTexts(language: Language): void {
  for (const lng of new Set([language, FALLBACK_LANGUAGE])) {
    for (const ns of NAMESPACES) void loaders[`../locales/${lng}/${ns}.json`]?.().catch(() => {});
  }
}

let initialised: Promise<void> | null = null;

export function initI18n(language: Language = detectLanguage()): Promise<void> {
  initialised ??= (async () => {
    prefetchTexts(language);
    const [i18next] = await Promise.all([loadI18next(), applyDayjsLocale(language)]);
    await i18next
      .use(lazyBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        load: 'currentOnly',
        ns: [...NAMESPACES],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: false },
      });
    applySideEffects(language);
  })();
  return initialised;
}

export function currentLanguage(): Language {
  return languageOrFallback(instance?.resolvedLanguage ?? instance?.language);
}

/** Switches the UI language once its texts and date locale are loaded, and remembers it. */
export async function changeLanguage(language: Language): Promise<void> {
  await initI18n();
  const i18next = await loadI18next();
  await applyDayjsLocale(language);
  // The request language first: the switch re-renders the page at once, and every call it
  // starts must already go out in the new language.
  setRequestLanguage(language);
  await i18next.changeLanguage(language);
  storage.setLanguage(language);
  applySideEffects(language);
}

/** The i18next instance; initI18n must have finished (it has before the first render). */
export function getI18next(): I18n {
  if (!instance) throw new Error('initI18n() has not loaded i18next yet');
  return instance;
}
