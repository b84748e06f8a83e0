// HC Point balance of a game account (SPEC §3: ePointNum = basicNum + presentNum).
import { api, ePointNum } from '@hc/contract';
import { callApi } from '../../../lib/api-client';

export async function fetchEpointNum(gameAccountId: number, signal?: AbortSignal): Promise<number> {
  return ePointNum(await callApi(api.epointBalance, { userId: gameAccountId }, { signal }));
}
