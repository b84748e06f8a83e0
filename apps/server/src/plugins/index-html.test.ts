// The index.html the server renders per path: the inlined config, and the boot shell's key art
// (and its preload) on the home page and, lower, on the top-up page; the bar alone elsewhere.
import { describe, expect, it } from 'vitest';
import type { SettingInitResult } from '@hc/contract';
import { createIndexRenderer, HEAD_MARKER, SHELL_MARKER } from './index-html';

const template = () =>
  `<html><head>${HEAD_MARKER}</head><body><div id="root"></div>${SHELL_MARKER}</body></html>`;
const renderer = createIndexRenderer(template, {
  brandCss: '',
  siteConfig: () =>
    Promise.resolve({ site_title: 'Portal <One>', logo: '/logo.svg' } as SettingInitResult),
  heroImage: () => Promise.resolve('/content/banner.svg'),
});

describe('index.html per path', () => {
  it('paints the key art as the home banner on the home paths', async () => {
    for (const path of ['/', '/main', '/main/home', '/main/home/']) {
      const html = await renderer.render(path);
      expect(html).toContain('<div class="hc-boot-hero"><img src="/content/banner.svg"');
      expect(html).toContain('<link rel="preload" as="image" href="/content/banner.svg"');
      expect(html).toContain('Portal &lt;One&gt;');
    }
  });

  it('paints the key art as the lower game banner on the top-up page', async () => {
    const html = await renderer.render('/main/recharge');
    expect(html).toContain(
      '<div class="hc-boot-hero hc-boot-banner"><img src="/content/banner.svg"',
    );
    expect(html).toContain('<link rel="preload" as="image" href="/content/banner.svg"');
  });

  it('paints the bar alone on other pages', async () => {
    for (const path of ['/main/event', '/main/account/user', '/login']) {
      const html = await renderer.render(path);
      expect(html).toContain('class="hc-boot-bar"');
      expect(html).not.toContain('hc-boot-hero');
      expect(html).not.toContain('rel="preload"');
    }
  });
});
