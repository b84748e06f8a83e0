// docs/product/analytics.md#events show_pop / close_pop for the app's dialogs: type is a stable popup name
// (`pay_dialog`, `logout`, `session_expired`, `account_switch`); click_pop comes from `data-track-pop` on the
// dialog's buttons (use-analytics.ts).
import { useEffect } from 'react';
import { track } from './track';

export type PopupName = 'pay_dialog' | 'logout' | 'session_expired' | 'account_switch';

/** show_pop when `opened` turns true, close_pop when it turns false or the dialog unmounts. */
export function usePopupTracking(name: PopupName, opened: boolean): void {
  useEffect(() => {
    if (!opened) return;
    track('show_pop', { type: name });
    return () => track('close_pop', { type: name });
  }, [name, opened]);
}
