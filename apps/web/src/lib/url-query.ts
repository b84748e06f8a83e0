// Removes one-shot query parameters (hctoken, appleId — docs/product/sign-in.md#apple-sign-in-return) from the address bar without a
// reload or a new history entry, keeping every other parameter and the hash. The router keeps
// its own copy of the location, so names removed here are also dropped from the router's
// location by `useDropConsumedParams` (app root) — else a later navigation would restore them.

const consumed = new Set<string>();
const listeners = new Set<() => void>();

export function removeQueryParams(names: readonly string[]): void {
  for (const name of names) consumed.add(name);
  if (typeof window !== 'undefined') {
    const url = new URL(window.location.href);
    const before = url.search;
    for (const name of names) url.searchParams.delete(name);
    if (url.search !== before) {
      // history.state is kept: the router stores its own key there.
      window.history.replaceState(
        window.history.state as unknown,
        '',
        url.pathname + url.search + url.hash,
      );
    }
  }
  for (const listener of [...listeners]) listener();
}

/** `search` without the removed parameters, or null when it has none of them. */
export function withoutConsumedParams(search: string): string | null {
  const params = new URLSearchParams(search);
  let changed = false;
  for (const name of consumed) {
    if (params.has(name)) {
      params.delete(name);
      changed = true;
    }
  }
  if (!changed) return null;
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Called after every removal; returns the unsubscribe function. */
export function onQueryParamsRemoved(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests only. */
export function resetConsumedParams(): void {
  consumed.clear();
}
