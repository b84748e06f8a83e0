// Vitest set-up for the console: jest-dom matchers, the browser APIs jsdom lacks, i18n in
// en-US, a clean query cache and session between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { allCallEntries } from '@hc/contract';
import { afterEach, beforeAll, vi } from 'vitest';
import { queryClient } from '../app/query-client';
import { onSessionExpired, setCsrfToken } from '../lib/api';
import { changeLanguage, initI18n } from '../lib/i18n';

// findBy*/waitFor give up after 5 s instead of Testing Library's 1 s: on a loaded CI machine a
// menu or a lazy chunk can take longer than 1 s to appear. What is awaited is still asserted.
configure({ asyncUtilTimeout: 5000 });

window.innerWidth = 1280;
const matchMediaStub = (query: string) =>
  ({
    media: query,
    matches: false,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => true,
  }) as unknown as MediaQueryList;
if (typeof window.matchMedia !== 'function') window.matchMedia = matchMediaStub;

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, { ResizeObserver: globalThis.ResizeObserver ?? ResizeObserverStub });
if (!('scrollIntoView' in Element.prototype))
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined });
window.scrollTo = () => {};

// The contract builds a call's schemas on first use (ADR 0060); building them all here keeps that
// one-off cost out of the first test of each file, whose waits are short.
beforeAll(() => {
  for (const [, call] of allCallEntries()) void [call.body, call.result, call.params];
});

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
  setCsrfToken(null);
  onSessionExpired(null);
  await changeLanguage('en-US');
  window.localStorage.clear();
});
