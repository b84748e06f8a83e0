// HC Point balance of a game account (docs/product/hc-point.md#balance: ePointNum = basicNum + presentNum).
import { api, ePointNum } from '@hc/contract';
import { callApi } from '../../../lib/api-client';

export async function fetchHcPointNum(
  gameAccountId: number,
  signal?: AbortSignal,
): Promise<number> {
  return ePointNum(await callApi(api.epointBalance, { userId: gameAccountId }, { signal }));
}
