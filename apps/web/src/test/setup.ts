// Vitest set-up for the web project: jest-dom matchers, browser APIs jsdom lacks (matchMedia
// driven by window.innerWidth, ResizeObserver, scrolling), i18n in en-US, clean state per test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { allCallEntries } from '@hc/contract';
import { afterEach, beforeAll, vi } from 'vitest';
import { queryClient } from '../app/query-client';
import { appStore } from '../lib/app-store';
import { changeLanguage, initI18n } from '../lib/i18n';
import { clearNotices } from '../lib/notices';
import { resetServerClock } from '../lib/server-clock';
import { resetSessionHandling } from '../lib/session';
import { sessionEvents } from '../lib/session-events';
import { storage } from '../lib/storage';
import { resetConsumedParams } from '../lib/url-query';
import { installMatchMedia } from './match-media';

// findBy*/waitFor give up after 5 s instead of Testing Library's 1 s: on a loaded CI machine a
// menu or a lazy chunk can take longer than 1 s to appear. What is awaited is still asserted.
configure({ asyncUtilTimeout: 5000 });

// jsdom's default width is 1024; tests start at a desktop width unless they say otherwise.
window.innerWidth = 1280;
installMatchMedia();

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, { ResizeObserver: globalThis.ResizeObserver ?? ResizeObserverStub });
if (!('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined });
}
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  storage.resetMemory();
  sessionEvents.clear();
  resetSessionHandling();
  resetServerClock();
  clearNotices();
  resetConsumedParams();
  appStore.reset();
  queryClient.clear();
  window.innerWidth = 1280;
  await changeLanguage('en-US');
  window.localStorage.clear();
});
