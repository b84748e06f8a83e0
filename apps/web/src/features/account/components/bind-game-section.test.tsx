// "Bind game account" on the account page (docs/product/account.md#bind-a-game-account): the
// bound game accounts are listed, a link code binds one (typed freely, sent as typed), the
// success message names it and the list shows it; a refusal is shown by its code.
import { ErrorCode } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BoundGame } from '../../../lib/bound-games';
import { businessError, envelope, type RecordedRequest } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';

const T = { timeout: 5000 };
const first: BoundGame = {
  game_id: 1,
  game_name: 'Dragon Saga',
  icon: '/img/ds.png',
  gameAccountId: 5001,
  uid: '5001',
  display_name: null,
  bind_ts: 1_767_225_600,
  last_character: null,
};
const second: BoundGame = {
  ...first,
  game_id: 2,
  game_name: 'Star Harbor',
  gameAccountId: 5002,
  uid: 'p-77',
  display_name: 'Aria',
};

type Handlers = Record<string, (r: RecordedRequest) => Response | Promise<Response>>;
function openUser(handlers: Handlers = {}) {
  return renderApp('/main/account/user', {
    as: 'player',
    handlers: {
      '/api/user/real/info/query': () => envelope({ info: null }),
      '/api/setting/crmUrl': () => envelope({ crm_url: 'https://crm.example.com/p/5001' }),
      ...handlers,
    },
  });
}

describe('bind game account', () => {
  it('binds with a link code and lists the new game account', async () => {
    let list = [first];
    const app = await openUser({
      '/api/character/game/info': () => envelope({ list }),
      '/api/user/gameAccount/bind': () => {
        list = [first, second];
        return envelope(second);
      },
    });
    const section = await screen.findByTestId('bind-game', {}, T);
    expect(await within(section).findByText('Dragon Saga', {}, T)).toBeVisible();
    await app.user.click(within(section).getByLabelText('Link code'));
    await app.user.paste('k7qh-3mzp');
    await app.user.click(within(section).getByRole('button', { name: 'Bind' }));
    expect(await within(section).findByTestId('bind-success', {}, T)).toHaveTextContent(
      'Star Harbor account Aria is now bound to this account.',
    );
    const sent = app.api.requests.find((r) => r.url === '/api/user/gameAccount/bind');
    expect(JSON.parse(sent?.init.body as string)).toEqual({ code: 'k7qh-3mzp' });
    const items = within(within(section).getByTestId('bound-games')).getAllByRole('listitem');
    await waitFor(() => expect(items.length).toBeGreaterThanOrEqual(1));
    expect(await within(section).findByText(/Player ID p-77/, {}, T)).toBeVisible();
    expect(within(section).getByLabelText('Link code')).toHaveValue('');
  });

  it('asks for a code and shows a refusal by its code', async () => {
    const app = await openUser({
      '/api/character/game/info': () => envelope({ list: [] }),
      '/api/user/gameAccount/bind': () => businessError(ErrorCode.LinkCodeExpired, 'expired'),
    });
    const section = await screen.findByTestId('bind-game', {}, T);
    expect(await within(section).findByTestId('bound-games-empty', {}, T)).toBeVisible();
    await app.user.click(within(section).getByRole('button', { name: 'Bind' }));
    expect(
      await within(section).findByText('Please enter the link code shown in your game.'),
    ).toBeVisible();
    expect(app.api.requests.some((r) => r.url === '/api/user/gameAccount/bind')).toBe(false);
    await app.user.click(within(section).getByLabelText('Link code'));
    await app.user.paste('ABCD2345');
    await app.user.click(within(section).getByRole('button', { name: 'Bind' }));
    expect(
      await within(section).findByText(
        'This link code has expired. Get a new one in your game.',
        {},
        T,
      ),
    ).toBeVisible();
  });
});
