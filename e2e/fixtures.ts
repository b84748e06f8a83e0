// Shared fixtures of the browser suite: baseURL from global-setup (E2E_BASE_URL), the site
// title as the server reports it (docs/product/routes-and-screens.md#page-titles), an axe check and a "settled" wait.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { CallEnvelope } from '../apps/server/test/support/envelope.ts';
import type { api as contract } from '../packages/contract/src/api.ts';

function baseUrlFromSetup(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through `npx playwright test`.');
  return url;
}

interface WorkerFixtures {
  /** `site_title` from POST /api/setting/init, the suffix of every page title. */
  siteTitle: string;
}

export const test = base.extend<object, WorkerFixtures>({
  baseURL: baseUrlFromSetup(),
  siteTitle: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL: baseUrlFromSetup() });
      const res = await api.post('/api/setting/init', { data: {} });
      const body = (await res.json()) as CallEnvelope<typeof contract.settingInit>;
      const title = body.code === 0 ? body.result.site_title : undefined;
      await api.dispose();
      if (body.code !== 0 || !title)
        throw new Error(`setting/init failed: ${JSON.stringify(body)}`);
      await use(title);
    },
    { scope: 'worker' },
  ],
});

export { expect };

/** Waits until no CSS transition or animation is running (drawer/menu fully open). */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe on the current page; fails on any serious or critical violation, listing all. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations
    .map(
      (v) =>
        `- [${v.impact ?? 'n/a'}] ${v.id}: ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('\n'),
    )
    .join('\n');
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? '')).map((v) => v.id);
  expect(blocking, `axe on ${label} (${page.url()}):\n${report}`).toEqual([]);
}
