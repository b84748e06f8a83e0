// i18next for the console: English (en-US, the fallback) and Simplified Chinese (zh-CN), one
// JSON file per language and namespace under src/locales, loaded lazily. The choice is kept in
// local storage; otherwise a Chinese browser gets zh-CN and everyone else en-US.
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const CONSOLE_LANGUAGES = ['en-US', 'zh-CN'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];
export const FALLBACK: ConsoleLanguage = 'en-US';

/** Add a namespace: create src/locales/<lang>/<ns>.json for every language, list it here. */
export const NAMESPACES = [
  'common',
  'errors',
  'session',
  'operators',
  'audit',
  'content',
  'catalog',
  'images',
  'games',
  'giftCodes',
  'players',
  'adjustments',
  'reconciliation',
  'orders',
  'dashboard',
  'jobs',
] as const;

const STORAGE_KEY = 'hc-console-language';

const loaders = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isConsoleLanguage(value: unknown): value is ConsoleLanguage {
  return typeof value === 'string' && (CONSOLE_LANGUAGES as readonly string[]).includes(value);
}

/** zh, zh-CN, zh-Hans, zh-SG… → zh-CN; anything else → en-US. */
export function resolveConsoleLanguage(
  candidates: readonly (string | undefined)[],
): ConsoleLanguage {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const tag = candidate.toLowerCase();
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
  }
  return FALLBACK;
}

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function detectLanguage(): ConsoleLanguage {
  const stored = storedLanguage();
  if (isConsoleLanguage(stored)) return stored;
  if (typeof navigator === 'undefined') return FALLBACK;
  return resolveConsoleLanguage([...(navigator.languages ?? []), navigator.language]);
}

let initialised: Promise<void> | null = null;

export function initI18n(language: ConsoleLanguage = detectLanguage()): Promise<void> {
  initialised ??= i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK,
      supportedLngs: [...CONSOLE_LANGUAGES],
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    })
    .then(() => {
      document.documentElement.lang = language;
    });
  return initialised;
}

export function currentLanguage(): ConsoleLanguage {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isConsoleLanguage(language) ? language : FALLBACK;
}

export async function changeLanguage(language: ConsoleLanguage): Promise<void> {
  await initI18n();
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
