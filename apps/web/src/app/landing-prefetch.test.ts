// The landing pages' API calls start with the start-up calls, under the keys the pages read,
// so the layout and home render with their data in their first frame (no layout shift).
import { describe, expect, it } from 'vitest';
import { bulletinQuery, homeConfQuery, hotNewsQuery } from '../features/content/api/content-api';
import {
  articlePage,
  baseHandlers,
  homeConf,
  summary,
} from '../features/content/test/content-fixtures';
import {
  gamePacksQuery,
  rebateInfoQuery,
  serverRolesQuery,
  unpaidOrdersQuery,
} from '../features/topup/api/topup-queries';
import { quietSideCalls, servers, v2Items } from '../features/topup/components/topup-fixtures';
import { envelope, playerUinfo, stubApi } from '../test/api-stub';
import { bootstrapApp } from './bootstrap';
import { prefetchLanding } from './landing-prefetch';
import { queryClient } from './query-client';

const contentHandlers = {
  ...baseHandlers,
  '/api/setting/webHomeConfJodo': () => envelope(homeConf),
  '/api/setting/webArticle': () => articlePage([summary(1), summary(2)]),
};

const paths = (requests: { url: string }[]) => requests.map((r) => r.url.split('?')[0]);

describe('prefetchLanding', () => {
  it('on / fetches the bulletin, Hot News and, after start-up, the home config of the game', async () => {
    const bulletin = {
      id: 3,
      title: 'Maintenance',
      content: 'Servers restart at 02:00 UTC.',
      link: null,
      create_ts: 1_767_225_600,
    };
    const { requests } = stubApi({
      ...contentHandlers,
      '/api/bulletin/top': () => envelope({ bulletin }),
    });
    const booted = bootstrapApp('');
    prefetchLanding('/', 'en-US', booted);
    await booted;
    await expect
      .poll(() => queryClient.getQueryData(homeConfQuery('en-US', 1).queryKey))
      .toEqual(homeConf);
    expect(queryClient.getQueryData(bulletinQuery('en-US').queryKey)).toEqual({ bulletin });
    expect(queryClient.getQueryState(hotNewsQuery('en-US').queryKey)?.status).toBe('success');
    expect(paths(requests)).toEqual(
      expect.arrayContaining([
        '/api/bulletin/top',
        '/api/setting/webArticle',
        '/api/setting/webHomeConfJodo',
      ]),
    );
  });

  it('on the top-up page fetches, for the signed-in player, the banner, roles, packs, rebate and unpaid orders', async () => {
    const { requests } = stubApi({
      ...contentHandlers,
      ...quietSideCalls,
      '/api/user/uinfo': () => envelope(playerUinfo),
      '/api/user/webRole': () => envelope({ list: servers }),
      '/api/recharge/v2/items': v2Items,
    });
    const booted = bootstrapApp('');
    prefetchLanding('/main/recharge/', 'de-DE', booted);
    await booted;
    const state = (key: readonly unknown[]) => queryClient.getQueryState(key)?.status;
    await expect
      .poll(() => [
        state(serverRolesQuery(1, 5001).queryKey),
        state(gamePacksQuery('de-DE', 1, null, true).queryKey),
        state(rebateInfoQuery('de-DE', 1).queryKey),
        state(unpaidOrdersQuery('de-DE', 1001).queryKey),
        state(homeConfQuery('de-DE', 1).queryKey),
      ])
      .toEqual(['success', 'success', 'success', 'success', 'success']);
    expect(queryClient.getQueryData(serverRolesQuery(1, 5001).queryKey)).toEqual(servers);
    const asked = requests.filter((r) => r.url.startsWith('/api/recharge/v2/items'));
    expect(asked.map((r) => r.headers.lang)).toEqual(['de-DE']);
  });

  it('on the top-up page asks nothing of a visitor but the bulletin', async () => {
    const { requests } = stubApi(contentHandlers);
    const booted = bootstrapApp('');
    prefetchLanding('/main/recharge', 'en-US', booted);
    await booted;
    await new Promise((r) => setTimeout(r, 20));
    const startUp = new Set(['/api/setting/init', '/api/user/uinfo', '/api/time']);
    expect(paths(requests).filter((p) => p === undefined || !startUp.has(p))).toEqual([
      '/api/bulletin/top',
    ]);
  });

  it('on another /main page fetches only the bulletin', async () => {
    const { requests } = stubApi(contentHandlers);
    prefetchLanding('/main/event/', 'de-DE', Promise.resolve());
    await expect
      .poll(() => queryClient.getQueryState(bulletinQuery('de-DE').queryKey)?.status)
      .toBe('success');
    expect(paths(requests)).toEqual(['/api/bulletin/top']);
  });

  it('outside /main fetches nothing', async () => {
    const { requests } = stubApi(contentHandlers);
    prefetchLanding('/login', 'en-US', Promise.resolve());
    prefetchLanding('/mainly', 'en-US', Promise.resolve());
    await new Promise((r) => setTimeout(r, 20));
    expect(requests).toEqual([]);
  });
});
