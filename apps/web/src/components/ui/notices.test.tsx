// The notice host (lib/notices): a notice closes a fixed time after it is first on screen, not
// after it was raised, so a notice raised while the next page still loads is seen; and a second
// end of the session (a late "session over" answer) does not take away what was said after the
// first.
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/app-store';
import { NOTICE_VISIBLE_MS, showNotice } from '../../lib/notices';
import { endSession } from '../../lib/session';
import { Notices } from './notices';

afterEach(() => {
  vi.useRealTimers();
});

describe('<Notices>', () => {
  it('keeps a notice for its full time counted from when it is shown, then closes it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => void showNotice('info.loginSuc', 'success'));
    // The host mounts later than the notice was raised (a page still loading).
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_VISIBLE_MS + 1000));
    render(<Notices />);
    const status = screen.getByRole('status');
    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_VISIBLE_MS - 500));
    expect(status).toHaveTextContent('Login successful.');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(status).not.toHaveTextContent('Login successful.');
  });

  it('signing out clears the session’s notices once; a late second end keeps the newer ones', async () => {
    appStore.setUserInfo({ login: true, accid: 7, account: 'player7' });
    render(<Notices />);
    act(() => void showNotice('info.loginSuc', 'success'));
    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
    act(() => endSession());
    expect(screen.queryByText('Login successful.')).not.toBeInTheDocument();
    act(() => void showNotice('account:self.delete.done', 'warning', { date: '2026-12-27' }));
    expect(await screen.findByText(/Your account will be deleted on 2026-12-27/)).toBeVisible();
    act(() => endSession());
    expect(screen.getByText(/Your account will be deleted on 2026-12-27/)).toBeInTheDocument();
  });
});
