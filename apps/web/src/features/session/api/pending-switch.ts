// The hand-over waiting for the player's "switch account?" answer (api/handover.ts). Kept apart
// from the hand-over itself so the always-rendered dialog slot imports no API client code and
// the entry chunk stays small.
import type { LoginResult } from '@hc/contract';
import { useSyncExternalStore } from 'react';

/** A ticket of another account, exchanged and waiting for the player's choice. */
export interface PendingSwitch {
  /** The account signed in now. */
  current: string;
  /** The session the ticket gave (not stored until the player switches). */
  next: LoginResult;
}

let pending: PendingSwitch | null = null;
const listeners = new Set<() => void>();

export function setPendingSwitch(next: PendingSwitch | null): void {
  pending = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The hand-over waiting for the player's choice, or null. */
export function usePendingSwitch(): PendingSwitch | null {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
}

export function getPendingSwitch(): PendingSwitch | null {
  return pending;
}
