// The session events of docs/product/session.md#session-expiry as a tiny typed emitter, so features react to expiry,
// logins and logouts without importing each other.

export const SESSION_EVENTS = ['expired', 'expired_confirm', 'login_use', 'logout'] as const;
export type SessionEvent = (typeof SESSION_EVENTS)[number];
export type SessionListener = () => void;

function createSessionEvents() {
  const listeners = new Map<SessionEvent, Set<SessionListener>>();
  return {
    /** Subscribe; returns the unsubscribe function. */
    on(event: SessionEvent, listener: SessionListener): () => void {
      const set = listeners.get(event) ?? new Set<SessionListener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    emit(event: SessionEvent): void {
      for (const listener of [...(listeners.get(event) ?? [])]) listener();
    },
    /** Tests only. */
    clear(): void {
      listeners.clear();
    },
  };
}

export const sessionEvents = createSessionEvents();
