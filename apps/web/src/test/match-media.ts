// A matchMedia for jsdom that evaluates min-/max-width queries against window.innerWidth and
// fires `change` on resize, so viewport logic (docs/product/constants.md#layout-and-timing mobile at <= 750 px) can be tested.

type Listener = (event: MediaQueryListEvent) => void;

function evaluate(query: string): boolean {
  const width = window.innerWidth;
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (max?.[1] && width > Number(max[1])) return false;
  if (min?.[1] && width < Number(min[1])) return false;
  return Boolean(max || min);
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const listeners = new Set<Listener>();
    let matches = evaluate(query);
    const mql = {
      media: query,
      get matches() {
        return matches;
      },
      onchange: null,
      addEventListener: (_: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    };
    window.addEventListener('resize', () => {
      const next = evaluate(query);
      if (next === matches) return;
      matches = next;
      for (const listener of [...listeners])
        listener({ matches, media: query } as MediaQueryListEvent);
    });
    return mql as unknown as MediaQueryList;
  };
}
