// /main/recharge composed by its route: the top-up journey of features/topup under the game's
// banner of features/content (docs/product/top-up.md#top-up-screen).
import { ErrorCode } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { homeConf } from '../features/content/test/content-fixtures';
import { topupPageCalls } from '../features/topup/components/topup-fixtures';
import { businessError, envelope, type RecordedRequest } from '../test/api-stub';
import { renderApp } from '../test/render-app';

type Handlers = Record<string, (r: RecordedRequest) => Response | Promise<Response>>;

function openTopup(handlers: Handlers = {}) {
  return renderApp('/main/recharge', {
    as: 'player',
    handlers: {
      ...topupPageCalls,
      ...handlers,
    },
  });
}

const T = { timeout: 5000 };
const serverRadio = (name: RegExp) => screen.findByRole('radio', { name }, T);
const requestsTo = (app: Awaited<ReturnType<typeof openTopup>>, path: string) =>
  app.api.requests.filter((r) => r.url === path);

describe('top-up route', () => {
  it("opens under the game's banner: key art, game and the page's title", async () => {
    await openTopup({ '/api/setting/webHomeConfJodo': () => envelope(homeConf) });
    const banner = await screen.findByTestId('game-banner', {}, T);
    expect(within(banner).getByRole('heading', { level: 1, name: 'Top-up' })).toBeVisible();
    expect(await within(banner).findByTestId('game-banner-game', {}, T)).toHaveTextContent(
      'Dragon Saga',
    );
    expect(within(banner).getByTestId('game-banner-art')).toHaveAttribute(
      'src',
      '/demo/banner.svg',
    );
  });

  it("keeps the banner's title, without art or game, when the game's home config fails", async () => {
    const app = await openTopup({
      '/api/setting/webHomeConfJodo': () => businessError(ErrorCode.SystemBusy, 'busy'),
    });
    const banner = await screen.findByTestId('game-banner', {}, T);
    await waitFor(() =>
      expect(requestsTo(app, '/api/setting/webHomeConfJodo').length).toBeGreaterThan(0),
    );
    expect(within(banner).getByRole('heading', { level: 1, name: 'Top-up' })).toBeVisible();
    expect(within(banner).queryByTestId('game-banner-art')).toBeNull();
    expect(await serverRadio(/S1 Dawn/)).toBeEnabled();
  });
});
