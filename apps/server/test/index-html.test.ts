// index.html as the server renders it (docs/frontend-budgets.md#first-paint, docs/theming.md): the
// site config inlined (the same answer as /api/setting/init), the key art preloaded and drawn in
// the boot shell on the home and top-up pages, the publisher's brand colours, and nothing a config value could
// use to break out of its element.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, okEnvelopeSchema } from '@hc/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { brandCss, brandWarnings, contrast, paletteOf } from '../src/modules/system/brand';
import { call } from './support/call';
import { testDatabases } from './support/databases';
import { useTestApp } from './support/helper';

const INDEX =
  '<!doctype html><html><head><title>HC Portal</title><!--hc:head--></head>' +
  '<body><div id="root"></div><!--hc:shell--></body></html>';

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hc-portal-index-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  return dir;
}

const html = { accept: 'text/html' };
const configOf = (body: string) => {
  const match = /<script id="hc-site-config" type="application\/json">(.*?)<\/script>/s.exec(body);
  return match ? (JSON.parse(match[1] ?? '') as unknown) : undefined;
};

describe.each(testDatabases())('index.html on %s', (kind) => {
  const dist = webDist();
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const t = useTestApp(kind, {
    env: {
      WEB_DIST_DIR: dist,
      // A title that tries to close the script element and the shell's markup.
      SITE_TITLE: 'Portal </script><script>alert(1)</script> & "Co"',
      BRAND_PRIMARY_COLOR: '#0b7285',
      BRAND_DARK_COLOR: '#102a43',
      BRAND_FONT_FAMILY: '"Nunito", sans-serif',
    },
  });
  const get = (url: string) => t.current.app.inject({ method: 'GET', url, headers: html });

  it('inlines the site config, equal to the /api/setting/init answer', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const inline = api.settingInit.result.parse(configOf(res.body));
    const { result } = okEnvelopeSchema(api.settingInit.result).parse(
      await call(t.current.app, api.settingInit, {}),
    );
    expect({ ...inline, server_time: 0 }).toEqual({ ...result, server_time: 0 });
    expect(inline.site_title).toBe('Portal </script><script>alert(1)</script> & "Co"');
  });

  it('never lets a config value end its element: one script element, the title escaped', async () => {
    const { body } = await get('/main/home');
    expect(body.match(/<script/g)).toHaveLength(1);
    expect(body).toContain(
      '<span class="hc-boot-title">Portal &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</span>',
    );
  });

  it('preloads and draws the key art on the home page, and lower on the top-up page', async () => {
    const preload =
      '<link rel="preload" as="image" href="/content/banner.svg" fetchpriority="high">';
    for (const path of ['/', '/main', '/main/home', '/main/home/']) {
      const { body } = await get(path);
      expect(body).toContain(preload);
      expect(body).toContain('<div class="hc-boot-hero"><img src="/content/banner.svg"');
    }
    for (const path of ['/main/recharge?x=1', '/main/recharge/']) {
      const topup = await get(path);
      expect(topup.statusCode).toBe(200);
      expect(topup.body).toContain(preload);
      expect(topup.body).toContain(
        '<div class="hc-boot-hero hc-boot-banner"><img src="/content/banner.svg"',
      );
    }
    for (const path of ['/main/event', '/main/account/user', '/login']) {
      const other = await get(path);
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('<div id="hc-boot" class="hc-boot" aria-hidden="true">');
      expect(other.body).not.toContain('rel="preload" as="image"');
      expect(other.body).not.toContain('hc-boot-hero');
      expect(configOf(other.body)).toBeDefined();
    }
  });

  it('follows a rebuild of the web app under the running server', async () => {
    const file = join(dist, 'index.html');
    writeFileSync(file, INDEX.replace('<title>HC Portal</title>', '<title>Rebuilt</title>'));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect((await get('/main/home')).body).toContain('<title>Rebuilt</title>');
    writeFileSync(file, INDEX);
    utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    expect((await get('/main/home')).body).toContain('<title>HC Portal</title>');
  });

  it("writes the publisher's colours and font as CSS custom properties", async () => {
    const { body } = await get('/main/event');
    const style = /<style id="hc-brand">(.*?)<\/style>/s.exec(body)?.[1];
    expect(style).toBe(
      brandCss({ primary: '#0b7285', dark: '#102a43', font: '"Nunito", sans-serif' }),
    );
    expect(style).toContain('--mantine-color-hc-6:#0b7285');
    expect(style).toContain('--hc-dark-1:#102a43');
    expect(style).toContain('--hc-brand-font:"Nunito", sans-serif,');
    expect(style).not.toContain('--mantine-color-gold-');
  });
});

describe('brand', () => {
  it('derives ten shades around the colour, lightest first', () => {
    const shades = paletteOf('#0b7285');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#0b7285');
    const lum = shades.map((s) => contrast(s, '#000000'));
    for (let i = 1; i < lum.length; i += 1) expect(lum[i]).toBeLessThan(lum[i - 1] ?? Infinity);
  });

  it('writes nothing when no brand is configured', () => {
    expect(brandCss({})).toBe('');
  });

  it('warns about colours white or dark text would not read on', () => {
    expect(brandWarnings({ primary: '#0b7285', accent: '#ffbb2a', dark: '#102a43' })).toEqual([]);
    expect(brandWarnings({ primary: '#ffe066', accent: '#3b0764', dark: '#f8f9fa' })).toEqual([
      expect.stringContaining('BRAND_PRIMARY_COLOR'),
      expect.stringContaining('BRAND_ACCENT_COLOR'),
      expect.stringContaining('BRAND_DARK_COLOR'),
    ]);
  });
});
