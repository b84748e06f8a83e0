// Customer support (docs/product/api.md#system-calls, docs/product/errors.md#outcome-and-failure-messages): the Help entry and the footer link use result.crm_url;
// when the call fails, using them shows "Failed to jump to customer service".
import { ErrorCode } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessError, envelope } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { baseHandlers } from '../test/content-fixtures';

const T = { timeout: 10_000 };

function open(crm: () => Response) {
  return renderApp('/main/event', {
    handlers: {
      ...baseHandlers,
      '/api/setting/crmUrl': crm,
      '/api/setting/webArticle': () => envelope({ list: [], total: 0, page: 1, size: 10 }),
    },
  });
}

describe('customer support link', () => {
  it('points Help and the footer link at crm_url, fetched once', async () => {
    const app = await open(() => envelope({ crm_url: 'https://crm.example.com/chat?u=9' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' }, T);
    const help = await within(nav).findByRole('link', { name: /Help/ }, T);
    expect(help).toHaveAttribute('href', 'https://crm.example.com/chat?u=9');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByTestId('footer-support')).toHaveAttribute(
      'href',
      'https://crm.example.com/chat?u=9',
    );
    expect(app.api.requests.filter((r) => r.url === '/api/setting/crmUrl')).toHaveLength(1);
  });

  it('shows "Failed to jump to customer service" when the URL cannot be fetched', async () => {
    const tab = { location: { href: '' }, opener: {} as unknown, close: vi.fn() };
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const app = await open(() => businessError(ErrorCode.SystemBusy, 'busy'));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' }, T);
    const help = await within(nav).findByRole('button', { name: /Help/ }, T);
    await app.user.click(help);
    expect(await screen.findByText('Failed to open customer service.', {}, T)).toBeVisible();
    expect(openSpy).toHaveBeenCalled();
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
  });

  it('opens the URL in the new tab when it arrives on click', async () => {
    const tab = { location: { href: '' }, opener: {} as unknown, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let calls = 0;
    const app = await open(() =>
      ++calls === 1
        ? businessError(ErrorCode.SystemBusy, 'busy')
        : envelope({ crm_url: 'https://crm.example.com/late' }),
    );
    const help = await within(
      await screen.findByRole('navigation', { name: 'Main menu' }, T),
    ).findByRole('button', { name: /Help/ }, T);
    await app.user.click(help);
    await waitFor(() => expect(tab.location.href).toBe('https://crm.example.com/late'));
    expect(tab.opener).toBeNull();
  });
});
