// Footer pages (ADR 0021, docs/product/content.md#footer-pages): each footer link opens /main/page/{slug}, which shows
// the settingPage content sanitised in the browser; Contact us adds the support button.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError, envelope } from '../../../test/api-stub';
import { currentUrl, renderApp } from '../../../test/render-app';
import { baseHandlers, bodyOf } from '../test/content-fixtures';

const T = { timeout: 10_000 };

function open(
  path: string,
  page = (slug: string) =>
    envelope({
      slug,
      title: `Page ${slug}`,
      content: `<h2>About ${slug}</h2><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>`,
      update_ts: 1_767_225_600,
    }),
) {
  return renderApp(path, {
    handlers: {
      ...baseHandlers,
      '/api/setting/webArticle': () => envelope({ list: [], total: 0, page: 1, size: 10 }),
      '/api/setting/page': (r) => page(String(bodyOf(r).slug)),
    },
  });
}

describe('footer pages', () => {
  it('links the four footer entries to their pages and renders sanitised content', async () => {
    const app = await open('/main/event');
    const footer = await screen
      .findByRole('navigation', { name: /footer/i }, T)
      .catch(() => screen.getByRole('contentinfo'));
    const expected = [
      ['About Us', 'about'],
      ['Contact us', 'contact'],
      ['Privacy Policy', 'privacy'],
      ['User Agreement', 'agreement'],
    ] as const;
    for (const [label, slug] of expected) {
      expect(within(footer).getByRole('link', { name: label })).toHaveAttribute(
        'href',
        `/main/page/${slug}`,
      );
    }
    await app.user.click(within(footer).getByRole('link', { name: 'Privacy Policy' }));
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/page/privacy'));
    const body = await screen.findByTestId('site-page-content', {}, T);
    expect(screen.getByRole('heading', { level: 1, name: 'Page privacy' })).toBeVisible();
    expect(body).toHaveTextContent('About privacy');
    expect(body.innerHTML).not.toContain('onerror');
    expect(body.innerHTML).not.toContain('javascript:');
  });

  it('offers customer support on the Contact us page', async () => {
    await open('/main/page/contact');
    expect(await screen.findByTestId('support-button', {}, T)).toHaveAttribute(
      'href',
      'https://crm.example.com/chat?u=1',
    );
  });

  it('explains a failure and an unknown page', async () => {
    await open('/main/page/privacy', () => businessError(1, 'busy'));
    expect(await screen.findByTestId('site-page-error', {}, T)).toHaveTextContent(
      'Failed to load this page. Please try again later.',
    );
  });

  it('treats an unknown slug as not found without a call', async () => {
    const app = await open('/main/page/cookies');
    expect(await screen.findByTestId('site-page-error', {}, T)).toHaveTextContent(
      'Sorry, the page you requested was not found.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(app.api.requests.some((r) => r.url === '/api/setting/page')).toBe(false);
  });
});
