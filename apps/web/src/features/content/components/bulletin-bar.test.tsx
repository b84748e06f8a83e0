// Pinned bulletin (docs/product/api.md#system-calls bulletin/top): shown at the top of /main pages,
// dismissed per bulletin id and remembered (localStorage `hc_bulletin_dismissed_<id>`).
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { baseHandlers } from '../test/content-fixtures';
import { bulletinDismissKey, resetBulletinMemory } from '../utils/bulletin-dismissal';

const T = { timeout: 10_000 };
const bulletin = (id: number) => ({
  id,
  title: `Maintenance ${id}`,
  content: 'Servers restart at 02:00 UTC.',
  link: '/main/event/detail/3',
  create_ts: 1_767_225_600,
});

function open(id: number) {
  return renderApp('/main/event', {
    handlers: {
      ...baseHandlers,
      '/api/bulletin/top': () => envelope({ bulletin: bulletin(id) }),
      '/api/setting/webArticle': () => envelope({ list: [], total: 0, page: 1, size: 10 }),
    },
  });
}

afterEach(() => resetBulletinMemory());

describe('bulletin', () => {
  it('shows the pinned notice, and a dismissal is remembered for that bulletin only', async () => {
    const first = await open(5);
    const bar = await screen.findByTestId('bulletin', {}, T);
    expect(bar).toHaveTextContent('Maintenance 5');
    expect(bar).toHaveTextContent('Servers restart at 02:00 UTC.');
    expect(screen.getByRole('link', { name: 'Learn more' })).toHaveAttribute(
      'href',
      '/main/event/detail/3',
    );
    await first.user.click(screen.getByRole('button', { name: 'Dismiss this notice' }));
    await waitFor(() => expect(screen.queryByTestId('bulletin')).toBeNull());
    expect(window.localStorage.getItem(bulletinDismissKey(5))).toBe('1');
    first.unmount();

    // A new page load (memory cleared, storage kept) keeps it hidden.
    resetBulletinMemory();
    await open(5);
    await screen.findByTestId('event-list-empty', {}, T);
    expect(screen.queryByTestId('bulletin')).toBeNull();
  });

  it('shows a new bulletin even after an older one was dismissed', async () => {
    window.localStorage.setItem(bulletinDismissKey(5), '1');
    await open(6);
    expect(await screen.findByTestId('bulletin', {}, T)).toHaveTextContent('Maintenance 6');
  });

  it('holds the page until a slow bulletin has answered, so the page never jumps down', async () => {
    const seenWithBulletin: boolean[] = [];
    await renderApp('/main/event', {
      handlers: {
        ...baseHandlers,
        '/api/bulletin/top': () =>
          new Promise((resolve) =>
            setTimeout(() => resolve(envelope({ bulletin: bulletin(7) })), 400),
          ),
        '/api/setting/webArticle': () => envelope({ list: [], total: 0, page: 1, size: 10 }),
      },
    });
    const page = await screen.findByTestId('event-list-empty', {}, T);
    seenWithBulletin.push(screen.queryByTestId('bulletin') !== null);
    expect(page).toBeInTheDocument();
    expect(seenWithBulletin).toEqual([true]);
  });

  it('shows the page anyway when the bulletin does not answer (BULLETIN_WAIT_MS)', async () => {
    await renderApp('/main/event', {
      handlers: {
        ...baseHandlers,
        '/api/bulletin/top': () => new Promise<Response>(() => undefined),
        '/api/setting/webArticle': () => envelope({ list: [], total: 0, page: 1, size: 10 }),
      },
    });
    expect(await screen.findByTestId('event-list-empty', {}, T)).toBeInTheDocument();
    expect(screen.queryByTestId('bulletin')).toBeNull();
  });
});
