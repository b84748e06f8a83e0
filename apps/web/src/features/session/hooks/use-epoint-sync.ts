// SPEC §3: the e-point balance (ePointNum = basicNum + presentNum) is reloaded whenever
// gameAccountId changes; on failure global.info.getEPointOverageFail shows and the error is
// logged. The API client is imported on demand to keep it (and zod) out of the entry chunk.
import { ErrorCode } from '@hc/contract';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/api-error';
import { appStore, useAppState } from '../../../lib/app-store';
import { showNotice } from '../../../lib/notices';

export function useEpointSync(): void {
  const gameAccountId = useAppState((s) => (s.userInfo.login ? s.userInfo.gameAccountId : null));
  useEffect(() => {
    if (gameAccountId === null) return;
    const controller = new AbortController();
    import('../api/get-epoint-balance')
      .then(({ fetchEpointNum }) => fetchEpointNum(gameAccountId, controller.signal))
      .then(
        (ePointNum) => appStore.setUserInfo({ ePointNum }),
        (error: unknown) => {
          // Aborted, or an expired session (its own dialog tells the player): nothing to add.
          if (controller.signal.aborted) return;
          if (isApiError(error) && error.code === ErrorCode.tokenFail) return;
          console.error('HC Point balance query failed', error);
          showNotice('info.getEPointOverageFail', 'error');
        },
      );
    return () => controller.abort();
  }, [gameAccountId]);
}
