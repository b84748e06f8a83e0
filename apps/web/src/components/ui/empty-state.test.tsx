// The empty and failed-load states of the player lists: a decorative drawing hidden from assistive
// tech and kept small, the title, text and action; a failure is an alert with Refresh when it can retry.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { UiProviders } from '../../app/ui-providers';
import { EmptyState, LoadErrorState, type EmptyStateArt } from './empty-state';

const ARTS: EmptyStateArt[] = ['orders', 'points', 'news', 'search', 'error'];

describe('<EmptyState>', () => {
  it.each(ARTS)('draws "%s" as a hidden decoration under 2 KB', (art) => {
    const { container } = render(<EmptyState art={art} title="Nothing here" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('data-art', art);
    expect(svg?.outerHTML.length).toBeLessThan(2048);
  });

  it('shows the title, the text and the action, without a role unless asked', () => {
    render(
      <EmptyState
        art="orders"
        title="No top-up records found."
        text="Orders will show up here."
        action={<a href="/main/recharge">Top-up Center</a>}
        testId="empty"
      />,
    );
    const empty = screen.getByTestId('empty');
    expect(empty).toHaveTextContent('No top-up records found.Orders will show up here.');
    expect(screen.getByRole('link', { name: 'Top-up Center' })).toBeVisible();
    expect(empty).not.toHaveAttribute('role');
    expect(renderToStaticMarkup(<EmptyState art="news" title="x" />)).not.toContain('<h');
  });
});

describe('<LoadErrorState>', () => {
  it('is an alert with Refresh that asks again', async () => {
    const onRetry = vi.fn();
    render(
      <UiProviders>
        <LoadErrorState title="Failed to get the order list." onRetry={onRetry} testId="err" />
      </UiProviders>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to get the order list.');
    expect(alert).toHaveTextContent('Please check your connection and try again.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says "try again later" and offers no button when it cannot retry', () => {
    render(
      <UiProviders>
        <LoadErrorState title="Failed to get the announcement list." />
      </UiProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please try again later.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
