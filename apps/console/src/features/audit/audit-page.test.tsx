// Audit log: filters go to the list call (and the CSV export), rows open to show the diff.
import { consoleApi, consoleExamples } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../../test/render';
import { toFilter } from './audit-page';

const list = consoleApi.consoleAuditList.path;
const exportPath = consoleApi.consoleAuditExport.path;

describe('audit log page', () => {
  it('applies the filters to the list and to the export, and shows an entry diff', async () => {
    const csv = consoleExamples.consoleAuditExport.result;
    const created = vi.fn((_: Blob | MediaSource) => 'blob:audit');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, api } = renderConsole('/audit', {
      [list]: () => consoleExamples.consoleAuditList.result,
      [exportPath]: () =>
        new Response(csv, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit-2026-01-01.csv"',
          },
        }),
    });

    const row = await screen.findByTestId('audit-row');
    expect(within(row).getByText('operator.update')).toBeVisible();
    expect(screen.getByTestId('audit-total')).toHaveTextContent('Entries found: 1');
    expect(api.calls.find((c) => c.path === list)?.body).toEqual({ page: 1, size: 20 });

    await user.type(screen.getByLabelText('Actor'), 'operator');
    await user.type(screen.getByLabelText('Action'), 'operator.');
    await user.type(screen.getByLabelText('Target'), 'operator:2');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === list).at(-1)?.body).toEqual({
        actor: 'operator',
        action: 'operator.',
        target: 'operator:2',
        page: 1,
        size: 20,
      }),
    );

    const toggle = within(await screen.findByTestId('audit-row')).getByRole('button', {
      name: /Show changes of operator.update/,
    });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const detail = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(detail).not.toBeNull();
    expect(within(detail!).getByText('roles')).toBeVisible();
    expect(within(detail!).getByText(/IP address 203\.0\.113\.7/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls.find((c) => c.path === exportPath)?.body).toEqual({
      actor: 'operator',
      action: 'operator.',
      target: 'operator:2',
    });
    expect(created).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('audit-2026-01-01.csv');
  });

  it('turns a date range into from (inclusive) and to (exclusive, the day after the end)', () => {
    const filter = toFilter({
      actor: ' ',
      action: '',
      target: '',
      range: ['2026-01-01', '2026-01-31'],
    });
    expect(filter).toEqual({
      from: new Date(2026, 0, 1).getTime() / 1000,
      to: new Date(2026, 1, 1).getTime() / 1000,
    });
  });
});
