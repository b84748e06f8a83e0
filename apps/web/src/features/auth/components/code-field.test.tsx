// docs/product/sign-in.md#verification-codes "codes cannot be requested too often": after a send, "Get code" waits out 60 s.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { UiProviders } from '../../../app/ui-providers';
import { CodeField } from './code-field';

function renderField(onSend: () => Promise<number | null>) {
  return render(
    <UiProviders>
      <CodeField value="" onChange={() => {}} onSend={onSend} />
    </UiProviders>,
  );
}

describe('<CodeField>', () => {
  it('disables "Get code" for 60 s after a successful send', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const onSend = vi.fn(() => Promise.resolve(60));
    renderField(onSend);
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    const waiting = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(waiting).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(screen.getByRole('button', { name: 'Resend in 1 s' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    const again = screen.getByRole('button', { name: 'Get code' });
    expect(again).toBeEnabled();
    await user.click(again);
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('uses 60 s when the server allows an immediate resend, and nothing after a failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const results: (number | null)[] = [null, 0];
    renderField(() => Promise.resolve(results.shift() ?? null));
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: 'Get code' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
  });
});
