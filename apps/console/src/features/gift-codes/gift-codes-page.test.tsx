// Gift codes: the campaigns table with usage, generating codes and creating a campaign.
import { consoleApi, consoleExamples } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../test/render';

const ex = consoleExamples;

describe('gift codes section', () => {
  it('shows campaigns with their usage and generates codes', async () => {
    const { user, api } = renderConsole('/gift-codes', {
      [consoleApi.consoleGiftCampaignsList.path]: () => ex.consoleGiftCampaignsList.result,
      [consoleApi.consoleGiftCodesGenerate.path]: () => ex.consoleGiftCodesGenerate.result,
    });
    const row = await screen.findByTestId('campaign-row');
    expect(within(row).getByText('Launch week')).toBeVisible();
    expect(within(row).getByText('140 / 998 redeemed, 858 left')).toBeVisible();
    expect(within(row).getByText('Active')).toBeVisible();

    await user.click(within(row).getByRole('button', { name: 'Actions for Launch week' }));
    // By its text: a role query walks the whole console page (styles of every element), which
    // on the loaded CI machine outlasted the wait.
    const generate = await screen.findByText('Generate codes');
    expect(generate.closest('[role="menuitem"]')).not.toBeNull();
    await user.click(generate);
    const dialog = await screen.findByRole('dialog');
    const count = within(dialog).getByLabelText('How many codes');
    await user.clear(count);
    await user.type(count, '2500');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('1000 new codes generated.')).toBeVisible();
    expect(
      api.calls.find((c) => c.path === consoleApi.consoleGiftCodesGenerate.path)?.body,
    ).toEqual({
      campaignId: 7,
      count: 2500,
    });
  });

  it('creates an HC Point campaign with a shared code', async () => {
    const { user, api } = renderConsole('/gift-codes', {
      [consoleApi.consoleGiftCampaignsList.path]: () => ex.consoleGiftCampaignsList.result,
      [consoleApi.consoleGiftCampaignsCreate.path]: () => ({
        campaign: { ...ex.consoleGiftCampaignsGet.result, name: 'Spring', kind: 'shared' },
        code: 'SPRING2026',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeVisible();
    expect(api.calls.some((c) => c.path === consoleApi.consoleGiftCampaignsCreate.path)).toBe(
      false,
    );

    await user.type(within(dialog).getByLabelText(/^Name/), 'Spring');
    await user.click(within(dialog).getByText('One shared code'));
    await user.click(within(dialog).getByText('HC Point'));
    await user.type(within(dialog).getByLabelText(/^Shared code/), 'spring-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    await waitFor(() =>
      expect(
        api.calls.find((c) => c.path === consoleApi.consoleGiftCampaignsCreate.path)?.body,
      ).toMatchObject({
        gameId: 1,
        name: 'Spring',
        kind: 'shared',
        reward: { type: 'points', points: 100 },
        perAccountLimit: 1,
        totalCap: null,
        code: 'SPRING2026',
      }),
    );
    expect(await within(dialog).findByText('SPRING2026')).toBeVisible();
  });
});
