// /main/event (docs/product/content.md#announcement-tabs): each tab sends the right `type`, order and
// window (mapping in utils/article-tabs.ts) and
// lives in ?tab= so reload/back keep it; pagination in ?page=; empty and failure messages (docs/product/errors.md#outcome-and-failure-messages).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError, type RecordedRequest } from '../../../test/api-stub';
import { currentUrl, renderApp } from '../../../test/render-app';
import { articlePage, baseHandlers, bodyOf, summary } from '../test/content-fixtures';

const T = { timeout: 10_000 };

function openList(path = '/main/event', handler?: (r: RecordedRequest) => Response) {
  return renderApp(path, {
    handlers: {
      ...baseHandlers,
      '/api/setting/webArticle':
        handler ??
        ((r) => {
          const body = bodyOf(r);
          const page = Number(body.page);
          return articlePage([summary(page * 100 + 1), summary(page * 100 + 2)], 25, page, 10);
        }),
    },
  });
}

type App = Awaited<ReturnType<typeof openList>>;
const listBodies = (app: App) =>
  app.api.requests.filter((r) => r.url === '/api/setting/webArticle').map(bodyOf);

describe('announcement list', () => {
  it('maps every tab to its type and keeps the tab in the URL', async () => {
    const app = await openList();
    expect(await screen.findByTestId('article-101', {}, T)).toHaveAttribute(
      'href',
      '/main/event/detail/101',
    );
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    // All: every type, newest first by the date shown (no pinned articles lifted above).
    expect(listBodies(app).at(-1)).toEqual({ page: 1, size: 10, order: 'newest' });

    const expected = [
      ['Announcements', 'announcements', { page: 1, size: 10, type: 1 }],
      ['Activity', 'activity', { page: 1, size: 10, type: 2 }],
      ['Strategy', 'strategy', { page: 1, size: 10, type: 4 }],
      ['Update', 'update', { page: 1, size: 10, type: 3 }],
    ] as const;
    for (const [label, key, body] of expected) {
      await app.user.click(screen.getByRole('tab', { name: label }));
      await waitFor(() => expect(currentUrl(app.router)).toBe(`/main/event?tab=${key}`));
      expect(screen.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
      await waitFor(() => expect(listBodies(app).at(-1)).toEqual(body));
    }
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeVisible();

    // Latest differs from All: every type, newest first, only the last 30 days; paged too.
    await app.user.click(screen.getByRole('tab', { name: 'Latest' }));
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/event?tab=latest'));
    await waitFor(() =>
      expect(listBodies(app).at(-1)).toEqual({
        page: 1,
        size: 10,
        order: 'newest',
        within_days: 30,
      }),
    );
    expect(await screen.findByTestId('article-101', {}, T)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeVisible();

    // Back returns to the previous tab.
    await app.router.navigate(-1);
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/event?tab=update'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Update' })).toHaveAttribute('aria-selected', 'true'),
    );
  }, 30_000);

  it('opens the tab and page named in the URL and pages with translated controls', async () => {
    const app = await openList('/main/event?tab=activity&page=2');
    expect(await screen.findByTestId('article-201', {}, T)).toBeVisible();
    expect(listBodies(app)[0]).toEqual({ page: 2, size: 10, type: 2 });
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    await app.user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/event?tab=activity&page=3'));
    expect(await screen.findByTestId('article-301', {}, T)).toBeVisible();
    const card = screen.getByTestId('article-301');
    expect(within(card).getByText('Summary of article 301')).toBeVisible();
    expect(within(card).getByText('News')).toBeVisible();
    expect(card.querySelector('img')).toHaveAttribute('src', '/demo/article-301.svg');
  });

  it('says there is no announcement content yet, with a way back to All', async () => {
    const app = await openList('/main/event?tab=strategy', () => articlePage([], 0));
    const empty = await screen.findByTestId('event-list-empty', {}, T);
    expect(empty).toHaveTextContent('There is no announcement content yet.');
    await app.user.click(within(empty).getByRole('button', { name: 'See all announcements' }));
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/event'));
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says when there is nothing from the last 30 days on Latest', async () => {
    await openList('/main/event?tab=latest', () => articlePage([], 0));
    expect(await screen.findByTestId('event-list-empty', {}, T)).toHaveTextContent(
      'There are no announcements from the last 30 days.',
    );
  });

  it('shows the list failure message', async () => {
    await openList('/main/event', () => businessError(1, 'System busy'));
    expect(await screen.findByTestId('event-list-error', {}, T)).toHaveTextContent(
      'Failed to get the announcement list.',
    );
  });
});
