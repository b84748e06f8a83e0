// Reconciliation: the runs, a run's differences with their actions, and resolving with a note.
import { consoleApi, consoleExamples } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../test/render';

const ex = consoleExamples;

describe('reconciliation section', () => {
  it('lists the runs and opens one', async () => {
    const { user } = renderConsole('/reconciliation', {
      [consoleApi.consoleReconciliationRunsList.path]: () =>
        ex.consoleReconciliationRunsList.result,
      [consoleApi.consoleReconciliationRunsGet.path]: () => ex.consoleReconciliationRunsGet.result,
      [consoleApi.consoleReconciliationDifferences.path]: () =>
        ex.consoleReconciliationDifferences.result,
    });
    const run = await screen.findByTestId('run-row');
    expect(within(run).getByText('120 lines, 118 matched, 2 differences')).toBeVisible();
    await user.click(within(run).getByRole('button', { name: 'Open run #4' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reconciliation #4' }),
    ).toBeVisible();
    const diff = await screen.findByTestId('difference-row');
    expect(within(diff).getByText('Paid at the provider, not here')).toBeVisible();
    expect(within(diff).getByRole('button', { name: 'Apply payment' })).toBeVisible();
  });

  it('applies a payment and resolves a difference with a note', async () => {
    const { user, api } = renderConsole('/reconciliation?run=4', {
      [consoleApi.consoleReconciliationRunsGet.path]: () => ex.consoleReconciliationRunsGet.result,
      [consoleApi.consoleReconciliationDifferences.path]: () =>
        ex.consoleReconciliationDifferences.result,
      [consoleApi.consoleReconciliationApply.path]: () => ex.consoleReconciliationApply.result,
      [consoleApi.consoleReconciliationResolve.path]: () => ex.consoleReconciliationResolve.result,
    });
    const diff = await screen.findByTestId('difference-row');
    await user.click(within(diff).getByRole('button', { name: 'Apply payment' }));
    await waitFor(() =>
      expect(
        api.calls.find((c) => c.path === consoleApi.consoleReconciliationApply.path)?.body,
      ).toEqual({ id: 31 }),
    );
    await user.click(within(diff).getByRole('button', { name: 'Mark resolved' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Note/), 'Checked with Stripe');
    await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() =>
      expect(
        api.calls.find((c) => c.path === consoleApi.consoleReconciliationResolve.path)?.body,
      ).toEqual({ id: 31, note: 'Checked with Stripe' }),
    );
  });
});
