// Redeem Code box on /main/home: sign-in required, server/role from the top-up
// picker, the code's shape checked before sending, one translated message per server answer,
// and the rewards listed on success.
import { ErrorCode } from '@hc/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError, envelope, type RecordedRequest } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';

const servers = [
  {
    server_id: 1,
    server_name: 'S1 Dawn',
    state: 0,
    roles: [{ role_id: 'r-100', role_name: 'Aria', level: 42 }],
  },
];
const homeConf = {
  gameInfo: {
    game_id: 1,
    name: 'Dragon Saga',
    icon: '/demo/icon.svg',
    cgi: '/demo/banner.svg',
    downloads: { android: null, pc: null, ios: null },
    customConfig: { loggerUrl: '' },
  },
  gameContent: { info: [], features: [] },
  footer: { about: null, contact: null, privacy: null, agreement: null },
};
const baseHandlers = {
  '/api/bulletin/top': () => envelope({ bulletin: null }),
  '/api/setting/crmUrl': () => envelope({ crm_url: 'https://crm.example.com/chat' }),
  '/api/setting/webHomeConfJodo': () => envelope(homeConf),
  '/api/setting/webArticle': () => envelope({ list: [], total: 0, page: 1, size: 6 }),
};
const bodyOf = (r: RecordedRequest): unknown =>
  JSON.parse(typeof r.init.body === 'string' ? r.init.body : '{}');

const T = { timeout: 10_000 };

function openHome(redeem: (r: RecordedRequest) => Response) {
  return renderApp('/main/home', {
    as: 'player',
    handlers: {
      ...baseHandlers,
      '/api/user/webRole': () => envelope({ list: servers }),
      '/api/redeem/code/use': redeem,
    },
  });
}

type App = Awaited<ReturnType<typeof openHome>>;
const redeemCalls = (app: App) => app.api.requests.filter((r) => r.url === '/api/redeem/code/use');

async function fillAndSubmit(app: App, code = 'welcome-2026') {
  const box = await screen.findByTestId('redeem-box', {}, T);
  await app.user.type(within(box).getByLabelText('Gift code'), code);
  await app.user.click(await within(box).findByRole('radio', { name: /S1 Dawn/ }, T));
  await app.user.click(within(box).getByRole('radio', { name: /Aria/ }));
  await app.user.click(within(box).getByTestId('redeem-submit'));
  return box;
}

const CASES = [
  [ErrorCode.RedeemCodeInvalid, "This gift code doesn't exist. Please check it and try again."],
  [ErrorCode.RedeemCodeUsed, 'This gift code has already been claimed.'],
  [ErrorCode.RedeemCodeExpired, 'This gift code has expired.'],
  [ErrorCode.RedeemLimitReached, 'You have already redeemed this gift code.'],
  [ErrorCode.RedeemWrongGame, 'This gift code is for a different game.'],
  [ErrorCode.TooManyRequests, 'Too many attempts. Please try again later.'],
  [ErrorCode.RoleNotFound, "We couldn't find that character. Please choose another one."],
] as const;

describe('redeem code box', () => {
  it('asks anonymous players to sign in and come back', async () => {
    await renderApp('/main/home', {
      handlers: baseHandlers,
    });
    const box = await screen.findByTestId('redeem-box', {}, T);
    expect(
      within(box).getByText('Sign in to redeem gift codes for your characters.'),
    ).toBeVisible();
    expect(within(box).getByRole('link', { name: 'Sign in to redeem' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fmain%2Fhome',
    );
    expect(within(box).queryByLabelText('Gift code')).toBeNull();
  });

  it('redeems for the chosen role and lists the rewards', async () => {
    const app = await openHome(() =>
      envelope({
        redemption_id: 'redeem:9',
        rewards: [
          { name: 'Gem', count: 100 },
          { name: 'Stamina Potion', count: 3 },
        ],
      }),
    );
    const box = await fillAndSubmit(app);
    const result = await within(box).findByTestId('redeem-result', {}, T);
    expect(result).toHaveAttribute('data-status', 'success');
    expect(result).toHaveTextContent('Code redeemed!');
    expect(within(result).getByText('Gem × 100')).toBeVisible();
    expect(within(result).getByText('Stamina Potion × 3')).toBeVisible();
    expect(bodyOf(redeemCalls(app)[0]!)).toEqual({
      code: 'welcome-2026',
      server_id: 1,
      role_id: 'r-100',
    });
    expect(within(box).getByLabelText('Gift code')).toHaveValue('');
  });

  it.each(CASES)('shows the message for error %i', async (code, message) => {
    const app = await openHome(() => businessError(code, 'server text'));
    const box = await fillAndSubmit(app);
    const result = await within(box).findByTestId('redeem-result', {}, T);
    expect(result).toHaveAttribute('data-status', 'error');
    expect(result).toHaveTextContent(message);
  });

  it('says when to retry after too many attempts', async () => {
    const app = await openHome(() =>
      businessError(ErrorCode.TooManyRequests, 'Too many requests', { retry_after: 600 }),
    );
    const box = await fillAndSubmit(app);
    expect(await within(box).findByTestId('redeem-result', {}, T)).toHaveTextContent(
      'Too many attempts. Please try again in 10 min.',
    );
  });

  it('checks the code shape and the role before sending anything', async () => {
    const app = await openHome(() => envelope({ redemption_id: 'redeem:1', rewards: [] }));
    const box = await screen.findByTestId('redeem-box', {}, T);
    await app.user.click(within(box).getByTestId('redeem-submit'));
    expect(await within(box).findByText('Please enter a gift code.')).toBeVisible();
    await app.user.type(within(box).getByLabelText('Gift code'), 'ab<1');
    await app.user.click(within(box).getByTestId('redeem-submit'));
    expect(
      await within(box).findByText('Gift codes are 6 to 32 letters and numbers.'),
    ).toBeVisible();
    await app.user.clear(within(box).getByLabelText('Gift code'));
    await app.user.type(within(box).getByLabelText('Gift code'), 'WELCOME2026');
    await app.user.click(within(box).getByTestId('redeem-submit'));
    expect(await within(box).findByTestId('redeem-result', {}, T)).toHaveTextContent(
      'Please select server and role information first.',
    );
    expect(redeemCalls(app)).toHaveLength(0);
  });
});
