// Jobs and exports: the summary and the list; discard needs a reason before it is sent; finance
// sees the list and the ledger export but no job actions.
import { consoleApi, consoleExamples } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole, sessionWith } from '../../test/render';

const summary = consoleApi.consoleJobsSummary.path;
const list = consoleApi.consoleJobsList.path;
const discard = consoleApi.consoleJobsDiscard.path;

describe('jobs page', () => {
  it('lists dead jobs and discards one with a reason', async () => {
    const { user, api } = renderConsole('/jobs', {
      [summary]: () => consoleExamples.consoleJobsSummary.result,
      [list]: () => consoleExamples.consoleJobsList.result,
      [discard]: () => consoleExamples.consoleJobsDiscard.result,
    });
    const card = await screen.findByTestId('job-card');
    expect(within(card).getByText('Item delivery')).toBeVisible();
    expect(within(card).getByText(/HC20251231000017/)).toBeVisible();
    expect(within(screen.getByTestId('jobs-count-dead')).getByText('1')).toBeVisible();
    expect(api.calls.find((c) => c.path === list)?.body).toEqual({ size: 20 });

    await user.click(within(card).getByRole('button', { name: 'Discard' }));
    const confirm = await screen.findByRole('button', { name: 'Discard job' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/Reason/), 'Refunded to the player instead');
    await user.click(confirm);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === discard)?.body).toEqual({
        id: 812,
        reason: 'Refunded to the player instead',
      }),
    );
    expect(await screen.findByText(/Job #812 was discarded/)).toBeVisible();
  });

  it('gives finance the list without actions, and the ledger export tab', async () => {
    const { user } = renderConsole('/jobs', {
      [consoleApi.consoleSessionMe.path]: () => sessionWith({ roles: ['finance'] }),
      [summary]: () => consoleExamples.consoleJobsSummary.result,
      [list]: () => consoleExamples.consoleJobsList.result,
    });
    const card = await screen.findByTestId('job-card');
    expect(within(card).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Exports' }));
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });
});
