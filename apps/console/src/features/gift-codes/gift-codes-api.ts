// Gift codes: the console calls and their query keys (docs/console.md#gift-codes).
import { consoleApi, type CallBody } from '@hc/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callConsole, downloadConsole, saveDownload } from '../../lib/api';

export const GIFT_KEY = ['console', 'gift-codes'] as const;
export const CAMPAIGNS_PAGE_SIZE = 20;

export const campaignsQuery = (page: number) =>
  queryOptions({
    queryKey: [...GIFT_KEY, 'list', page] as const,
    queryFn: ({ signal }) =>
      callConsole(
        consoleApi.consoleGiftCampaignsList,
        { page, size: CAMPAIGNS_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const createCampaign = (body: CallBody<typeof consoleApi.consoleGiftCampaignsCreate>) =>
  callConsole(consoleApi.consoleGiftCampaignsCreate, body);
export const generateCodes = (campaignId: number, count: number) =>
  callConsole(consoleApi.consoleGiftCodesGenerate, { campaignId, count });
export const revokeCampaign = (id: number) =>
  callConsole(consoleApi.consoleGiftCampaignsRevoke, { id });
export const revokeCode = (campaignId: number, code: string) =>
  callConsole(consoleApi.consoleGiftCodesRevoke, { campaignId, code });

export async function exportCodes(campaignId: number): Promise<void> {
  saveDownload(
    await downloadConsole(
      consoleApi.consoleGiftCodesExport,
      { campaignId },
      `gift-codes-${campaignId}.csv`,
    ),
  );
}
