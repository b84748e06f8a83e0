// Short-lived messages ("Login successful.", "Failed to get the HC Point balance.") shown by
// the <Notices> host; a tiny store so non-React code can raise them too.
import { useSyncExternalStore } from 'react';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';
export interface Notice {
  id: number;
  tone: NoticeTone;
  /** Translation key, e.g. 'info.loginSuc' or 'errors:SystemBusy'. */
  messageKey: string;
  /** Interpolation values of the text, e.g. a date. */
  values?: Readonly<Record<string, string>>;
}

/**
 * How long a notice stays once it is on screen. The clock starts when the notice is shown
 * (notice-stack.tsx), not when it is raised: a notice raised while the next page is still
 * loading is not gone before anyone could read it.
 */
export const NOTICE_VISIBLE_MS = 5000;
let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Notice[]): void {
  notices = next;
  for (const listener of [...listeners]) listener();
}

export function dismissNotice(id: number): void {
  set(notices.filter((n) => n.id !== id));
}

export function showNotice(
  messageKey: string,
  tone: NoticeTone = 'info',
  values?: Readonly<Record<string, string>>,
): number {
  const id = nextId++;
  set([...notices, { id, tone, messageKey, ...(values && { values }) }]);
  return id;
}

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notices,
    () => notices,
  );
}

/** Drops every notice on screen: signing out takes the signed-in session's messages with it. */
export function clearNotices(): void {
  set([]);
}
