// /main/home over a stubbed API (docs/product/content.md#home): banner, downloads per platform, Top-up Center,
// Hot News linking to details, "View more", Game Info / Features opening their full text.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError, envelope } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { articlePage, baseHandlers, bodyOf, homeConf, summary } from '../test/content-fixtures';

const T = { timeout: 10_000 };

function openHome(handlers = {}) {
  return renderApp('/main/home', {
    handlers: {
      ...baseHandlers,
      '/api/setting/webHomeConfJodo': () => envelope(homeConf),
      '/api/setting/webArticle': () =>
        articlePage(
          [1, 2, 3, 4, 5].map((id) => summary(id)),
          14,
        ),
      '/api/game/info/content/11': () =>
        envelope({
          id: 11,
          game_id: 1,
          kind: 'info',
          title: 'World of Aster',
          content: '<p>The isles drift.</p><img src="x" onerror="alert(1)">',
          img: null,
          update_ts: 1_767_225_600,
        }),
      ...handlers,
    },
  });
}

describe('home page', () => {
  it('renders banner, downloads, top-up entry, hot news and content blocks from the config', async () => {
    const app = await openHome();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Test Portal' }, T),
    ).toBeVisible();
    const banner = screen.getByTestId('home-banner');
    expect(await within(banner).findByText('Dragon Saga', {}, T)).toBeVisible();
    expect(within(banner).getByTestId('home-cgi')).toHaveAttribute('src', '/demo/banner.svg');

    const downloads = screen.getByTestId('home-downloads');
    await within(downloads).findByTestId('download-android', {}, T);
    expect(within(downloads).getByTestId('download-android')).toHaveAttribute(
      'href',
      'https://play.example.com/ds',
    );
    expect(within(downloads).getByTestId('download-pc')).toHaveAccessibleName(/PC/);
    expect(within(downloads).queryByTestId('download-ios')).toBeNull();

    expect(screen.getByTestId('home-topup')).toHaveAttribute('href', '/main/recharge');
    const news = screen.getByTestId('home-hot-news');
    expect(await within(news).findByText('Article 1', {}, T)).toBeVisible();
    expect(within(news).getByTestId('home-news-3')).toHaveAttribute('href', '/main/event/detail/3');
    expect(within(news).getByTestId('home-view-more')).toHaveAttribute('href', '/main/event');
    const list = app.api.requests.find((r) => r.url === '/api/setting/webArticle');
    // Hot News: the newest articles by the date shown, pinned ones not lifted above them.
    expect(bodyOf(list!)).toEqual({ page: 1, size: 5, order: 'newest' });

    expect(within(screen.getByTestId('home-game-info')).getByText('Classes')).toBeVisible();
    expect(within(screen.getByTestId('home-game-features')).getByText('Guild Wars')).toBeVisible();
    expect(screen.getByTestId('redeem-sign-in')).toHaveAttribute(
      'href',
      '/login?redirect=%2Fmain%2Fhome',
    );
  });

  it('opens a Game Info block in a dialog with its sanitised full text', async () => {
    const app = await openHome();
    await app.user.click(await screen.findByTestId('game-block-11', {}, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    const body = await within(dialog).findByTestId('game-block-content', {}, T);
    expect(body).toHaveTextContent('The isles drift.');
    expect(body.innerHTML).not.toContain('onerror');
  });

  it('keeps the welcome heading and explains when the config fails to load', async () => {
    await openHome({ '/api/setting/webHomeConfJodo': () => businessError(1, 'System busy') });
    expect(await screen.findByTestId('home-error', {}, T)).toHaveTextContent(
      'Failed to load the game information.',
    );
    expect(await screen.findByRole('heading', { level: 1 }, T)).toHaveTextContent(
      'Welcome to Test Portal',
    );
  });

  it('shows skeletons while loading', async () => {
    await openHome({
      '/api/setting/webHomeConfJodo': () => new Promise<Response>(() => undefined),
      '/api/setting/webArticle': () => new Promise<Response>(() => undefined),
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('home-hot-news')).getByLabelText('Loading…')).toBeVisible(),
    );
  });
});
