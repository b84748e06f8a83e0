// Operators: the owner's table, the invite form (roles as checkboxes) that shows the setup link,
// and the navbar hiding what the roles cannot open.
import { consoleApi, consoleExamples } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownerSession, refuse, renderConsole, sessionWith } from '../../test/render';

const list = consoleApi.consoleOperatorsList.path;
const invite = consoleApi.consoleOperatorsInvite.path;

describe('operators page', () => {
  it('lists operators and invites one, showing the setup link to copy', async () => {
    const link = consoleExamples.consoleOperatorsInvite.result;
    let taken = true;
    const { user, api } = renderConsole('/operators', {
      [list]: () => consoleExamples.consoleOperatorsList.result,
      [invite]: () => {
        if (taken) {
          taken = false;
          return refuse('OperatorNameTaken');
        }
        return link;
      },
    });

    const row = await screen.findByTestId('operator-mika');
    expect(within(row).getByText('Mika (content)')).toBeVisible();
    expect(within(row).getByText('Content')).toBeVisible();
    expect(within(row).getByText('Off')).toBeVisible();
    expect(within(row).getByText('Active')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Invite operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite an operator' });
    await user.click(within(dialog).getByRole('button', { name: 'Create setup link' }));
    expect(within(dialog).getByText('Choose at least one role.')).toBeVisible();
    expect(api.calls.some((c) => c.path === invite)).toBe(false);

    await user.type(within(dialog).getByLabelText(/Sign-in name/), 'Lee.Support');
    await user.type(within(dialog).getByLabelText(/Display name/), 'Lee (support)');
    const roles = within(dialog).getByRole('group', { name: /Roles/ });
    await user.click(within(roles).getByRole('checkbox', { name: /Support/ }));
    await user.click(within(roles).getByRole('checkbox', { name: /Finance/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create setup link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another operator already has this sign-in name.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create setup link' }));

    const shown = await within(dialog).findByTestId('setup-link');
    expect(shown).toHaveValue(link.setupUrl);
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeVisible();
    const sent = api.calls.filter((c) => c.path === invite);
    expect(sent.at(-1)?.body).toEqual({
      name: 'lee.support',
      displayName: 'Lee (support)',
      roles: ['support', 'finance'],
    });
    expect(sent.at(-1)?.headers.get('x-csrf-token')).toBe(ownerSession.csrfToken);
    // The list is read again after the invitation.
    await waitFor(() => expect(api.calls.filter((c) => c.path === list).length).toBe(2));
  });

  it('shows only the sections the roles allow, and refuses the others', async () => {
    renderConsole('/operators', {
      [consoleApi.consoleSessionMe.path]: () => sessionWith({ roles: ['content'] }),
    });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Operators' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull();
  });
});
