// /main/event/detail/{id} (docs/product/content.md#announcement-tabs, docs/product/errors.md#outcome-and-failure-messages): the body is sanitised again in the browser, so
// scripts, event handlers and javascript: URLs never reach the DOM; not-found and failure messages.
import { ErrorCode } from '@hc/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError, envelope } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { article, baseHandlers, bodyOf } from '../test/content-fixtures';

const T = { timeout: 10_000 };

const MALICIOUS = [
  '<p id="ok">Festival <a href="https://example.com/x">rules</a></p>',
  '<script>window.__pwned = 1</script>',
  '<img src="/x.png" onerror="window.__pwned = 2">',
  '<a href="javascript:window.__pwned=3">click</a>',
  '<a href=" JaVaScRiPt:alert(1)">spaced</a>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example.com"></iframe>',
  '<div onclick="alert(1)" style="background:url(javascript:alert(1))">div</div>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">b</button></form>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
].join('');

function openDetail(path: string, handler: () => Response) {
  return renderApp(path, {
    handlers: { ...baseHandlers, '/api/setting/webArticleDetail': handler },
  });
}

describe('announcement detail', () => {
  it('renders title, date, image and sanitised content', async () => {
    const app = await openDetail('/main/event/detail/7', () =>
      envelope(article({ content: MALICIOUS })),
    );
    const body = await screen.findByTestId('article-content', {}, T);
    expect(screen.getByRole('heading', { level: 1, name: 'Winter Festival' })).toBeVisible();
    expect(within(screen.getByTestId('article')).getByText('Event')).toBeVisible();
    expect(screen.getByTestId('article').querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-01-01T00:00:00.000Z',
    );
    expect(
      bodyOf(app.api.requests.find((r) => r.url === '/api/setting/webArticleDetail')!),
    ).toEqual({ id: 7 });

    const html = body.innerHTML.toLowerCase();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('data:text/html');
    expect(body.querySelectorAll('[style]')).toHaveLength(0);
    for (const el of body.querySelectorAll('*')) {
      for (const attr of el.attributes) expect(attr.name.startsWith('on')).toBe(false);
    }
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    // Safe content survives; links get rel=noopener.
    const link = within(body).getByRole('link', { name: 'rules' });
    expect(link).toHaveAttribute('href', 'https://example.com/x');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(body).getByText('click').getAttribute('href')).toBeNull();
    expect(screen.getByTestId('article-back')).toHaveAttribute('href', '/main/event');
  });

  it('says the announcement does not exist for ArticleNotFound', async () => {
    await openDetail('/main/event/detail/999', () =>
      businessError(ErrorCode.ArticleNotFound, 'Announcement does not exist'),
    );
    expect(await screen.findByTestId('article-not-found', {}, T)).toHaveTextContent(
      'The announcement does not exist.',
    );
  });

  it('says the announcement does not exist for an id that is not a number, without a call', async () => {
    const app = await openDetail('/main/event/detail/abc', () => envelope(article()));
    expect(await screen.findByTestId('article-not-found', {}, T)).toBeVisible();
    expect(app.api.requests.some((r) => r.url === '/api/setting/webArticleDetail')).toBe(false);
  });

  it('shows the detail failure message', async () => {
    await openDetail('/main/event/detail/7', () => businessError(1, 'System busy'));
    expect(await screen.findByTestId('article-error', {}, T)).toHaveTextContent(
      'Failed to get the announcement details.',
    );
  });
});
