// Players: the search shows masked rows, the player page reveals a field only on request, and
// the adjustment form sends an idempotency key; Approvals lists pending adjustments.
import { consoleApi, consoleExamples } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../test/render';

const ex = consoleExamples;

describe('players section', () => {
  it('searches, opens the player, reveals the email and adjusts HC Point', async () => {
    const { user, api } = renderConsole('/players?q=demo&kind=auto', {
      [consoleApi.consolePlayersSearch.path]: () => ex.consolePlayersSearch.result,
      [consoleApi.consolePlayersGet.path]: () => ex.consolePlayersGet.result,
      [consoleApi.consolePlayersOrders.path]: () => ex.consolePlayersOrders.result,
      [consoleApi.consolePlayersReveal.path]: () => ex.consolePlayersReveal.result,
      [consoleApi.consoleAdjustmentsCreate.path]: () => ex.consoleAdjustmentsCreate.result,
    });
    const row = await screen.findByTestId('player-row');
    expect(within(row).getByText('Login name')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Open player demo' }));
    expect(await screen.findByText('d***@example.com')).toBeVisible();
    expect(screen.queryByText('demo@example.com')).toBeNull();
    expect(await screen.findByText('HC202601010000000042')).toBeVisible();

    await user.click(
      screen.getByRole('button', { name: 'Reveal the Email (recorded in the audit log)' }),
    );
    expect(await screen.findByText('demo@example.com')).toBeVisible();
    expect(api.calls.find((c) => c.path === consoleApi.consolePlayersReveal.path)?.body).toEqual({
      id: 1001,
      field: 'email',
    });

    await user.click(screen.getByRole('button', { name: 'Adjust HC Point' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^HC Point/), '500');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Maintenance compensation');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText('Done. The new balance is 1500 HC Point.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(
        api.calls.find((c) => c.path === consoleApi.consoleAdjustmentsCreate.path)?.body,
      ).toMatchObject({
        accountId: 1001,
        gameAccountId: 1,
        direction: 'credit',
        amount: 500,
        reason: 'Maintenance compensation',
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      }),
    );
  });

  it('lists pending adjustments for approval', async () => {
    const { user, api } = renderConsole('/approvals', {
      [consoleApi.consoleAdjustmentsList.path]: () => ex.consoleAdjustmentsList.result,
      [consoleApi.consoleAdjustmentsApprove.path]: () => ex.consoleAdjustmentsApprove.result,
    });
    const card = await screen.findByTestId('pending-row');
    expect(within(card).getByText('+5000 HC Point')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(
        api.calls.find((c) => c.path === consoleApi.consoleAdjustmentsApprove.path)?.body,
      ).toEqual({ id: 5 }),
    );
  });
});
