// docs/product/hc-point.md#balance: the HC Point balance (ePointNum = basicNum + presentNum) is reloaded whenever
// gameAccountId changes, and when refreshHcPoint() is called (after a payment, on the account
// pages); on failure global.info.getEPointOverageFail shows and the error is logged (docs/product/errors.md#outcome-and-failure-messages).
// The API client is imported on demand to keep it (and zod) out of the entry chunk. Not a
// TanStack query on purpose: it runs in the app root, outside the layouts' query client, and
// the query library stays out of the entry chunk too (ADR 0024).
import { ErrorCode } from '@hc/contract';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../../lib/api-error';
import { appStore, useAppState } from '../../../lib/app-store';
import { showNotice } from '../../../lib/notices';

export function useHcPointSync(): void {
  const gameAccountId = useAppState((s) => (s.userInfo.login ? s.userInfo.gameAccountId : null));
  const revision = useAppState((s) => s.hcPointRevision);
  const loadedFor = useRef<number | null>(null);
  useEffect(() => {
    if (gameAccountId === null) {
      loadedFor.current = null;
      appStore.setState({ hcPointStatus: 'idle' });
      return;
    }
    // A refresh of the same account keeps showing the known balance while it reloads.
    const refreshing =
      loadedFor.current === gameAccountId && appStore.getState().hcPointStatus === 'ready';
    if (!refreshing) appStore.setState({ hcPointStatus: 'loading' });
    const controller = new AbortController();
    import('../api/get-hc-point-balance')
      .then(({ fetchHcPointNum }) => fetchHcPointNum(gameAccountId, controller.signal))
      .then(
        (ePointNum) => {
          loadedFor.current = gameAccountId;
          appStore.setState((s) => ({
            hcPointStatus: 'ready',
            userInfo: { ...s.userInfo, ePointNum },
          }));
        },
        (error: unknown) => {
          // Aborted, or an expired session (its own dialog tells the player): nothing to add.
          if (controller.signal.aborted) return;
          appStore.setState({ hcPointStatus: 'failed' });
          if (isApiError(error) && error.code === ErrorCode.tokenFail) return;
          console.error('HC Point balance query failed', error);
          showNotice('info.getEPointOverageFail', 'error');
        },
      );
    return () => controller.abort();
  }, [gameAccountId, revision]);
}
